// Prompt units (prompt_units.h) must give prompts that re-encode to exactly their target under
// every tokenizer they are used with: the builtin o200k_base and the word tokenizer always, the
// HuggingFace tokenizers from scripts/tokenizer-fixtures.sh when AIPERF_TOKENIZER_FIXTURES names
// them (those that are not additive over units must be refused, never used inexactly).
#include "dataset/prompt_units.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "dataset/corpus_text.h"
#include "dataset/dataset.h"
#include "dataset/hash_id_prompts.h"
#include "dataset/prompt_source.h"
#include "tokenizer/tokenizer.h"
#include "tokenizer/word_tokenizer.h"

namespace aiperf {
namespace {

// Random lengths from 1 to 3000 tokens at random starts, and block-shaped rows through
// HashIdPrompts (shared blocks, cut last blocks, fresh tails), all counted by the tokenizer.
void expect_exact_unit_prompts(const Tokenizer& tokenizer, PromptSource& source) {
  ASSERT_NE(source.units(), nullptr) << tokenizer.name();
  const PromptUnits& units = *source.units();
  std::mt19937_64 rng(11);
  for (int i = 0; i < 300; ++i) {
    const int64_t n = std::uniform_int_distribution<int64_t>(1, 3000)(rng);
    std::string text;
    append_units(units, random_unit(units, rng), n, text);
    ASSERT_EQ(int64_t(tokenizer.count(text)), n) << tokenizer.name() << ": prompt " << i;
  }
  constexpr int64_t B = 64;
  HashIdPrompts blocks(source, B, 5);
  std::mt19937_64 tail_rng(3);
  for (int i = 0; i < 200; ++i) {
    const int64_t m = std::uniform_int_distribution<int64_t>(1, 6)(rng);
    std::vector<int64_t> ids;
    for (int64_t k = 0; k < m; ++k) ids.push_back(std::uniform_int_distribution<int64_t>(0, 20)(rng));
    const int64_t n = (m - 1) * B + std::uniform_int_distribution<int64_t>(1, 3 * B)(rng);
    const std::string text = blocks.prompt(ids, n, tail_rng).str();
    ASSERT_EQ(int64_t(tokenizer.count(text)), n) << tokenizer.name() << ": row " << i;
  }
}

TEST(PromptUnits, BuiltinTokenizerIsAdditiveAndExact) {
  auto t = make_tokenizer({"builtin", true, "main", false}, nullptr);
  PromptSource source(synthetic_corpus_text(), *t);
  expect_exact_unit_prompts(*t, source);
}

TEST(PromptUnits, WordTokenizerIsAdditiveAndExact) {
  WordTokenizer t("w");
  PromptSource source(synthetic_corpus_text(), t);
  ASSERT_NE(source.units(), nullptr);
  EXPECT_EQ(source.units()->size(), t.count(synthetic_corpus_text()));
  expect_exact_unit_prompts(t, source);
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

// append_units takes whole units on the cumulative counts, a slice of text at a time; it must
// give what taking them one by one gives, wrapping included (lengths past the whole corpus too).
TEST(PromptUnits, SliceAppendAgreesWithUnitByUnit) {
  auto t = make_tokenizer({"builtin", true, "main", false}, nullptr);
  const std::optional<PromptUnits> units = make_prompt_units(
      "alpha beta, gamma! internationalization delta epsilon's zeta-eta theta\n iota kappa lambda mu", *t);
  ASSERT_TRUE(units.has_value());
  const PromptUnits& u = *units;
  auto one_by_one = [&](size_t i, int64_t left, std::string& out) {
    while (left > 0 && int64_t(u.tokens[i]) <= left) {
      out.append(u.unit(i));
      left -= u.tokens[i];
      i = i + 1 == u.size() ? 0 : i + 1;
    }
    if (left == 0) return i;
    auto it = std::lower_bound(u.single_token.begin(), u.single_token.end(), uint32_t(i));
    for (; left > 0; --left) {
      if (it == u.single_token.end()) it = u.single_token.begin();
      out.append(u.unit(*it));
      i = *it++;
    }
    return i + 1 == u.size() ? 0 : i + 1;
  };
  const int64_t total = int64_t(u.cumulative.back());
  for (size_t start = 0; start < u.size(); ++start)
    for (int64_t n = 0; n <= 2 * total + 3; ++n) {
      std::string fast, slow;
      const size_t next_fast = append_units(u, start, n, fast);
      const size_t next_slow = one_by_one(start, n, slow);
      ASSERT_EQ(fast, slow) << "start " << start << ", " << n << " tokens";
      ASSERT_EQ(next_fast, next_slow) << "start " << start << ", " << n << " tokens";
    }
}

TEST(PromptUnits, NonAdditiveTokenizerIsRefused) {
  EXPECT_FALSE(make_prompt_units(synthetic_corpus_text(), CharTokenizer()).has_value());
  EXPECT_FALSE(make_prompt_units("   \n", WordTokenizer("w")).has_value());
}

TEST(PromptUnits, MismatchFallsBackToTheRepairPathForEverything) {
  WordTokenizer t("w");
  testing::internal::CaptureStderr();
  int calls = 0;
  const int built = build_with_prompt_source(PromptCorpusSource{synthetic_corpus_text(), std::nullopt}, t, [&](PromptSource& source) {
    ++calls;
    if (source.units()) throw PromptUnitsMismatch("mismatch");
    return 7;
  });
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(built, 7);
  EXPECT_EQ(calls, 2);
  EXPECT_NE(err.find("warning: mismatch"), std::string::npos) << err;
}

// Counts what the tokenizer is asked, to show the source prepares nothing before it is used.
struct CountingTokenizer final : Tokenizer {
  WordTokenizer inner{"w"};
  mutable int calls = 0;
  std::vector<int32_t> encode(std::string_view text) const override { return ++calls, inner.encode(text); }
  std::string decode(const std::vector<int32_t>& ids) const override { return inner.decode(ids); }
  size_t count(std::string_view text) const override { return ++calls, inner.count(text); }
  std::string name() const override { return "counting"; }
};

TEST(PromptSource, PreparesUnitsAndTokenIdsOnFirstUseOnly) {
  CountingTokenizer t;
  PromptSource source(synthetic_corpus_text(), t);
  EXPECT_EQ(t.calls, 0);
  ASSERT_NE(source.units(), nullptr);
  const int after_units = t.calls;
  EXPECT_GT(after_units, 0);
  EXPECT_EQ(source.units(), source.units());
  EXPECT_EQ(t.calls, after_units);
  EXPECT_FALSE(source.corpus_ids().empty());
  const int after_ids = t.calls;
  (void)source.corpus_ids();
  EXPECT_EQ(t.calls, after_ids);

  PromptSource repair(synthetic_corpus_text(), t, false);
  EXPECT_EQ(repair.units(), nullptr);
  EXPECT_EQ(t.calls, after_ids);
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
    PromptSource source(synthetic_corpus_text(), *t);
    std::cout << entry.path().filename().string() << ": " << (source.units() ? "units" : "refused (repair path)")
              << "\n";
    if (source.units()) expect_exact_unit_prompts(*t, source);
    ++tested;
  }
  EXPECT_GT(tested, 0) << "no tokenizer.json under " << dir;
}

}  // namespace
}  // namespace aiperf
