#include "dataset/prompt_corpus.h"

#include <gtest/gtest.h>

#include "dataset/corpus_text.h"
#include "tokenizer/word_tokenizer.h"

namespace aiperf {
namespace {

TEST(PromptCorpus, TokenizesAllWordsOfTheBuiltInText) {
  WordTokenizer t("w");
  std::vector<int32_t> corpus = tokenize_corpus(sonnet_corpus_text(), t);
  EXPECT_EQ(corpus.size(), t.count(sonnet_corpus_text()));
  EXPECT_GT(corpus.size(), 1500u);
}

TEST(PromptCorpus, StripsLinesAndJoinsChunksWithSpaces) {
  WordTokenizer t("w");
  std::vector<int32_t> corpus = tokenize_corpus("  one two \n\n   three\n", t);
  EXPECT_EQ(t.decode(corpus), "one two three");
}

TEST(PromptCorpus, PromptHasExactlyTheRequestedWordCount) {
  WordTokenizer t("w");
  std::vector<int32_t> corpus = tokenize_corpus(sonnet_corpus_text(), t);
  std::mt19937_64 rng(5);
  for (int64_t n : {1, 2, 17, 550, 4000}) {  // 4000 > corpus size: wraps around
    std::string prompt = synthesize_prompt(corpus, t, n, rng);
    EXPECT_EQ(t.count(prompt), size_t(n)) << n;
  }
  EXPECT_EQ(synthesize_prompt(corpus, t, 0, rng), "");
}

TEST(PromptCorpus, WindowIsConsecutiveCorpusText) {
  WordTokenizer t("w");
  std::vector<int32_t> corpus = tokenize_corpus("a b c d e", t);
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20; ++i) {
    std::string p = synthesize_prompt(corpus, t, 7, rng);
    std::string twice = "a b c d e a b c d e a b c d e";
    EXPECT_NE(twice.find(p), std::string::npos) << p;
  }
}

// Long prompts must rarely overlap, or a server's prefix cache flatters the benchmark.
TEST(PromptCorpus, SyntheticCorpusIsLargeProse) {
  WordTokenizer t("w");
  std::vector<int32_t> corpus = tokenize_corpus(synthetic_corpus_text(), t);
  EXPECT_GT(corpus.size(), 40'000u);  // words; ~56k o200k_base tokens
  EXPECT_NE(synthetic_corpus_text().find("Call me Ishmael."), std::string_view::npos);
  EXPECT_EQ(synthetic_corpus_text().substr(0, 20), sonnet_corpus_text().substr(0, 20));
}

TEST(PromptCorpus, EmptyCorpusIsAnError) {
  WordTokenizer t("w");
  std::mt19937_64 rng(1);
  EXPECT_THROW(synthesize_prompt({}, t, 3, rng), std::runtime_error);
}

}  // namespace
}  // namespace aiperf
