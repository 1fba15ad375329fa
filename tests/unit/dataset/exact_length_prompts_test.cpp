// Synthetic prompts must re-encode to exactly their target length under real tokenizers
// (workloads-and-endpoints.md §2.3): the builtin o200k_base always, and the HuggingFace
// tokenizers from scripts/tokenizer-fixtures.sh when AIPERF_TOKENIZER_FIXTURES names them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>

#include "dataset/dataset.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {
namespace {

void expect_exact_lengths(const Tokenizer& tokenizer, int64_t entries) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.random_seed = 7;
  c.num_dataset_entries = entries;
  c.isl_mean = 550;
  c.isl_stddev = 50;
  Dataset d = build_synthetic_dataset(c, tokenizer);
  ASSERT_EQ(int64_t(d.entries.size()), entries);
  int64_t off = 0;
  for (const DatasetEntry& e : d.entries) {
    if (int64_t(tokenizer.count(e.prompt.str())) != e.intended_input_tokens) ++off;
  }
  EXPECT_EQ(off, 0) << off << " of " << entries << " prompts do not re-encode to their target under "
                    << tokenizer.name();
}

TEST(ExactLengthPrompts, BuiltinThousandPrompts) {
  auto t = make_tokenizer({"builtin", true, "main", false}, nullptr);
  expect_exact_lengths(*t, 1000);
}

// --prompt-corpus random (docs/prompts.md): windows of the vocabulary, repaired to their length
// like any corpus window; --random-range-ratio spreads ISL and OSL uniformly around the means.
TEST(ExactLengthPrompts, RandomVocabularyCorpusWithRangeRatio) {
  auto t = make_tokenizer({"builtin", true, "main", false}, nullptr);
  ProfileConfig c;
  c.model_names = {"m"};
  c.random_seed = 11;
  c.num_dataset_entries = 200;
  c.isl_mean = 100;
  c.osl_mean = 40;
  c.prompt_corpus = PromptCorpus::random;
  c.random_range_ratio = 0.5;
  const Dataset d = build_synthetic_dataset(c, *t);
  std::set<int64_t> isls, osls;
  int64_t off = 0;
  for (const DatasetEntry& e : d.entries) {
    isls.insert(e.intended_input_tokens);
    osls.insert(*e.max_tokens);
    if (int64_t(t->count(e.prompt.str())) != e.intended_input_tokens) ++off;
  }
  EXPECT_GE(*isls.begin(), 50);
  EXPECT_LE(*isls.rbegin(), 150);
  EXPECT_GE(*osls.begin(), 20);
  EXPECT_LE(*osls.rbegin(), 60);
  EXPECT_GT(isls.size(), 50u);  // spread over the range, not one value
  // Random ids merge across the window's edges when re-encoded; the repair loop gets most of
  // them exact, and the same seed gives the same prompts.
  EXPECT_LE(off, 10) << off << " of 200 prompts are off their length";
  EXPECT_EQ(build_synthetic_dataset(c, *t).entries[7].prompt.str(), d.entries[7].prompt.str());
  // Not the sonnet corpus: the text is drawn from the whole vocabulary.
  c.prompt_corpus.reset();
  EXPECT_NE(build_synthetic_dataset(c, *t).entries[7].prompt.str(), d.entries[7].prompt.str());
}

// AIPERF_TOKENIZER_FIXTURES=DIR holds <name>/tokenizer.json for the npm reference tokenizers.
TEST(ExactLengthPrompts, HuggingFaceTokenizersThousandPrompts) {
  const char* dir = std::getenv("AIPERF_TOKENIZER_FIXTURES");
  if (!dir) GTEST_SKIP() << "AIPERF_TOKENIZER_FIXTURES not set (scripts/tokenizer-fixtures.sh)";
  int tested = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::filesystem::path json = entry.path() / "tokenizer.json";
    if (!std::filesystem::exists(json)) continue;
    auto t = make_tokenizer({json.string(), true, "main", false}, nullptr);
    expect_exact_lengths(*t, 1000);
    ++tested;
  }
  EXPECT_GT(tested, 0) << "no tokenizer.json under " << dir;
}

}  // namespace
}  // namespace aiperf
