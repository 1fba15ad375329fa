// The builtin tokenizer (tiktoken o200k_base compiled in). Known ids and round trips always run;
// the id-for-id comparison with js-tiktoken needs scripts/tiktoken-fixtures.sh and
// AIPERF_TIKTOKEN_FIXTURES, and skips without them.
#include "tokenizer/tiktoken_bpe.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include "../support/file_bytes.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;
using Ids = std::vector<int32_t>;

const TiktokenTokenizer& o200k() {
  static const std::unique_ptr<TiktokenTokenizer> tok = [] {
    auto t0 = Clock::now();
    auto t = make_o200k_base();
    std::cout << "[ o200k_base ] built in " << std::chrono::duration<double>(Clock::now() - t0).count() << " s\n";
    return t;
  }();
  return *tok;
}

using test_support::read_file;

TEST(O200kBase, KnownIds) {
  EXPECT_EQ(o200k().name(), "o200k_base");
  EXPECT_EQ(o200k().vocabulary_size(), 199998u);
  EXPECT_EQ(o200k().end_of_text_id(), 199999);
  EXPECT_EQ(o200k().encode("hello world"), (Ids{24912, 2375}));
  EXPECT_TRUE(o200k().encode("").empty());
}

TEST(O200kBase, SpecialTokensAreAlwaysAllowed) {
  Ids ids = o200k().encode("a<|endoftext|>b<|endofprompt|>");
  ASSERT_EQ(ids.size(), 4u);
  EXPECT_EQ(ids[1], 199999);
  EXPECT_EQ(ids[3], 200018);
  EXPECT_EQ(o200k().decode(ids), "a<|endoftext|>b<|endofprompt|>");
  // Only the exact spelling is special.
  Ids plain = o200k().encode("<|endoftext |>");
  EXPECT_EQ(std::count(plain.begin(), plain.end(), 199999), 0);
}

// --prompt-corpus random draws from these (vllm style without the special tokens).
TEST(O200kBase, VocabularyIdsLeaveOutSpecialTokensUnlessAsked) {
  const Ids plain = o200k().vocabulary_ids(false);
  const Ids all = o200k().vocabulary_ids(true);
  EXPECT_GT(plain.size(), 199000u);
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end()));
  EXPECT_EQ(std::count(plain.begin(), plain.end(), 199999), 0);
  EXPECT_EQ(std::count(all.begin(), all.end(), 199999), 1);
  EXPECT_EQ(std::count(all.begin(), all.end(), 200018), 1);
  EXPECT_EQ(plain.front(), 0);
  EXPECT_NO_THROW(o200k().decode(Ids(plain.end() - 50, plain.end())));
}

// count() walks the pieces without keeping the ids; it must agree with encode() everywhere.
TEST(O200kBase, CountIsTheLengthOfTheEncoding) {
  std::string long_text;
  for (int i = 0; i < 2000; ++i) long_text += "word" + std::to_string(i) + (i % 7 ? " " : ",\n\t ");
  for (const std::string& text :
       {std::string(""), std::string("hello world"), std::string("a<|endoftext|>b<|endofprompt|>"),
        std::string("<|endoftext|>"), std::string("a\xff" "b \xF0\x9F\x98"), std::string("Ünïcödé 你好 😀👍🏽  x"),
        long_text}) {
    EXPECT_EQ(o200k().count(text), o200k().encode(text).size()) << text.substr(0, 40);
  }
}

TEST(O200kBase, RoundTripsAndRepairsInvalidUtf8) {
  const std::string text = "Ünïcödé 你好 😀👍🏽\n\n\tcode(x) = 12345;  trailing   ";
  EXPECT_EQ(o200k().decode(o200k().encode(text)), text);
  EXPECT_EQ(o200k().encode("a\xff" "b"), o200k().encode("a\xEF\xBF\xBD" "b"));
  // A truncated character is one U+FFFD both ways, as tiktoken's errors="replace" decode gives.
  Ids partial = o200k().encode("\xF0\x9F\x98");
  EXPECT_EQ(o200k().decode(partial), "\xEF\xBF\xBD");
  // "𝟙" is three byte tokens; its first alone is an incomplete character.
  Ids digit = o200k().encode("\xF0\x9D\x9F\x99");
  EXPECT_EQ(digit, (Ids{43120, 253, 247}));
  EXPECT_EQ(o200k().decode({digit[0]}), "\xEF\xBF\xBD");
  EXPECT_THROW(o200k().decode({199998}), std::out_of_range);  // a gap in the table
  EXPECT_THROW(o200k().decode({-1}), std::out_of_range);
}

TEST(O200kBase, MalformedRankTableNamesTheLine) {
  TiktokenEncoding bad{"broken", "0 QQ==\n1 !!\n", "\\S+", {}};
  try {
    TiktokenTokenizer t(bad);
    FAIL() << "malformed table accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("broken, rank table line 2"), std::string::npos) << e.what();
  }
}

class O200kReference : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* dir = std::getenv("AIPERF_TIKTOKEN_FIXTURES");
    if (dir == nullptr || *dir == '\0') {
      GTEST_SKIP() << "AIPERF_TIKTOKEN_FIXTURES is unset; run scripts/tiktoken-fixtures.sh and export it";
    }
    root_ = dir;
  }

  void compare_named_texts(const std::string& kind) {
    json texts = json::parse(read_file(root_ / (kind + ".json")));
    json ref = json::parse(read_file(root_ / (kind + ".ids.json")))["ids"];
    size_t mismatches = 0;
    for (const auto& [name, text] : texts.items()) {
      Ids ours = o200k().encode(text.get<std::string>());
      Ids want = ref.at(name).get<Ids>();
      if (ours != want && ++mismatches <= 5) ADD_FAILURE() << kind << "/" << name << ": " << json(text).dump();
    }
    EXPECT_EQ(mismatches, 0u) << "of " << texts.size() << " " << kind << " texts";
  }

  fs::path root_;
};

TEST_F(O200kReference, Cases) { compare_named_texts("cases"); }
TEST_F(O200kReference, Fuzz) { compare_named_texts("fuzz"); }

TEST_F(O200kReference, MixedTextOneMegabyte) {
  std::string text = read_file(root_ / "mixed.txt");
  json ref = json::parse(read_file(root_ / "mixed.ids.json"));
  Ids want = ref["ids"].get<Ids>();
  auto t0 = Clock::now();
  Ids ours = o200k().encode(text);
  double s = std::chrono::duration<double>(Clock::now() - t0).count();
  size_t first = 0;
  while (first < ours.size() && first < want.size() && ours[first] == want[first]) ++first;
  EXPECT_EQ(ours.size(), want.size());
  EXPECT_EQ(first, want.size()) << "first difference at token " << first;
  EXPECT_EQ(o200k().decode(ours), text);
  std::cout << "[ o200k_base ] " << text.size() << " bytes, " << ours.size() << " tokens in " << s
            << " s; js-tiktoken " << ref["seconds"].get<double>() << " s\n";
}

}  // namespace
}  // namespace aiperf
