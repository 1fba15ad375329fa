#include "tokenizer/word_tokenizer.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

namespace aiperf {
namespace {

TEST(WordTokenizer, OneTokenPerWhitespaceSeparatedWord) {
  WordTokenizer t("any");
  EXPECT_EQ(t.encode("hello world hello").size(), 3u);
  EXPECT_EQ(t.count("  hello\tworld\n\nagain  "), 3u);
  EXPECT_EQ(t.count(""), 0u);
  EXPECT_EQ(t.count(" \n\t "), 0u);
  EXPECT_EQ(t.count("punctuation, stays attached."), 3u);
}

TEST(WordTokenizer, IdsAreStableAndDecodeJoinsWithSpaces) {
  WordTokenizer t("any");
  std::vector<int32_t> ids = t.encode("a b\n a  c");
  EXPECT_EQ(ids, (std::vector<int32_t>{0, 1, 0, 2}));
  EXPECT_EQ(t.decode(ids), "a b a c");
  EXPECT_EQ(t.encode(t.decode(ids)), ids);
  EXPECT_EQ(t.decode({}), "");
  EXPECT_THROW(t.decode({99}), std::out_of_range);
}

TEST(WordTokenizer, CountMatchesEncodeWithoutGrowingVocabulary) {
  WordTokenizer t("any");
  EXPECT_EQ(t.count("never seen words"), 3u);
  EXPECT_EQ(t.encode("x").front(), 0);  // count() assigned no ids
}

TEST(WordTokenizer, ConcurrentEncodeIsSafe) {
  WordTokenizer t("any");
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&t, i] {
      for (int k = 0; k < 500; ++k)
        t.encode("w" + std::to_string(k % 50) + " t" + std::to_string(i));
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(t.encode("w0 w1 t0").size(), 3u);
  EXPECT_EQ(t.decode(t.encode("w7 t3")), "w7 t3");
}

}  // namespace
}  // namespace aiperf
