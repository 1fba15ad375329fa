// Prompt units (prompt_units.h) must give prompts that re-encode to exactly their target under
// every tokenizer they are used with: the builtin o200k_base and the word tokenizer always, the
// HuggingFace tokenizers from scripts/tokenizer-fixtures.sh when AIPERF_TOKENIZER_FIXTURES names
// them (those that are not additive over units must be refused, never used inexactly).
#include "dataset/prompt_units.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "dataset/corpus_text.h"
#include "dataset/dataset.h"
#include "dataset/hash_id_prompts.h"
#include "tokenizer/word_tokenizer.h"

namespace aiperf {
namespace {

// Random lengths from 1 to 3000 tokens at random starts, and block-shaped rows through
// HashIdPrompts (shared blocks, cut last blocks, fresh tails), all counted by the tokenizer.
void expect_exact_unit_prompts(const Tokenizer& tokenizer, const PromptUnits& units) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 300; ++i) {
    const int64_t n = std::uniform_int_distribution<int64_t>(1, 3000)(rng);
    std::string text;
    append_units(units, random_unit(units, rng), n, text);
    ASSERT_EQ(int64_t(tokenizer.count(text)), n) << tokenizer.name() << ": prompt " << i;
  }
  const std::vector<int32_t> no_corpus;
  constexpr int64_t B = 64;
  HashIdPrompts blocks(&units, no_corpus, tokenizer, B, 5);
  std::mt19937_64 tail_rng(3);
  for (int i = 0; i < 200; ++i) {
    const int64_t m = std::uniform_int_distribution<int64_t>(1, 6)(rng);
    std::vector<int64_t> ids;
    for (int64_t k = 0; k < m; ++k) ids.push_back(std::uniform_int_distribution<int64_t>(0, 20)(rng));
    const int64_t n = (m - 1) * B + std::uniform_int_distribution<int64_t>(1, 3 * B)(rng);
    const std::string text = blocks.prompt(ids, n, tail_rng);
    ASSERT_EQ(int64_t(tokenizer.count(text)), n) << tokenizer.name() << ": row " << i;
  }
}

TEST(PromptUnits, BuiltinTokenizerIsAdditiveAndExact) {
  auto t = make_tokenizer({"builtin", true, "main", false}, nullptr);
  std::optional<PromptUnits> units = make_prompt_units(synthetic_corpus_text(), *t);
  ASSERT_TRUE(units.has_value());
  expect_exact_unit_prompts(*t, *units);
}

TEST(PromptUnits, WordTokenizerIsAdditiveAndExact) {
  WordTokenizer t("w");
  std::optional<PromptUnits> units = make_prompt_units(synthetic_corpus_text(), t);
  ASSERT_TRUE(units.has_value());
  EXPECT_EQ(units->size(), t.count(synthetic_corpus_text()));
  expect_exact_unit_prompts(t, *units);
}

TEST(PromptUnits, UnitsAreSpacePlusWordAndWrapAround) {
  WordTokenizer t("w");
  std::optional<PromptUnits> units = make_prompt_units("  one two\n\n three  ", t);
  ASSERT_TRUE(units.has_value());
  EXPECT_EQ(units->text, " one two three");
  std::string out;
  EXPECT_EQ(append_units(*units, 2, 4, out), 0u);
  EXPECT_EQ(out, " three one two three");
}

// A tokenizer that merges across spaces (here: counts characters) is refused.
struct CharTokenizer final : Tokenizer {
  std::vector<int32_t> encode(std::string_view text) const override { return std::vector<int32_t>(text.size(), 1); }
  std::string decode(const std::vector<int32_t>& ids) const override { return std::string(ids.size(), 'x'); }
  size_t count(std::string_view text) const override { return text.empty() ? 0 : 1 + text.size() / 5; }
  std::string name() const override { return "chars"; }
};

TEST(PromptUnits, NonAdditiveTokenizerIsRefused) {
  EXPECT_FALSE(make_prompt_units(synthetic_corpus_text(), CharTokenizer()).has_value());
  EXPECT_FALSE(make_prompt_units("   \n", WordTokenizer("w")).has_value());
}

TEST(PromptUnits, MismatchFallsBackToTheRepairPathForEverything) {
  WordTokenizer t("w");
  testing::internal::CaptureStderr();
  int calls = 0;
  const int built = build_with_prompt_units(synthetic_corpus_text(), t, [&](const PromptUnits* units) {
    ++calls;
    if (units) throw PromptUnitsMismatch("mismatch");
    return 7;
  });
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(built, 7);
  EXPECT_EQ(calls, 2);
  EXPECT_NE(err.find("warning: mismatch"), std::string::npos) << err;
}

TEST(PromptUnits, CheckThrowsOnAWrongCount) {
  WordTokenizer t("w");
  PromptUnitsCheck check;
  check(" a b", 2, t);
  EXPECT_THROW(check(" a b", 3, t), PromptUnitsMismatch);
}

// AIPERF_TOKENIZER_FIXTURES=DIR holds <name>/tokenizer.json for the npm reference tokenizers.
TEST(PromptUnits, HuggingFaceTokenizersAreExactOrRefused) {
  const char* dir = std::getenv("AIPERF_TOKENIZER_FIXTURES");
  if (!dir) GTEST_SKIP() << "AIPERF_TOKENIZER_FIXTURES not set (scripts/tokenizer-fixtures.sh)";
  int tested = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::filesystem::path json = entry.path() / "tokenizer.json";
    if (!std::filesystem::exists(json)) continue;
    auto t = make_tokenizer({json.string(), true, "main", false}, nullptr);
    std::optional<PromptUnits> units = make_prompt_units(synthetic_corpus_text(), *t);
    std::cout << entry.path().filename().string() << ": " << (units ? "units" : "refused (repair path)") << "\n";
    if (units) expect_exact_unit_prompts(*t, *units);
    ++tested;
  }
  EXPECT_GT(tested, 0) << "no tokenizer.json under " << dir;
}

}  // namespace
}  // namespace aiperf
