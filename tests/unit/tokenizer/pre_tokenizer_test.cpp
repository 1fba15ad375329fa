#include "tokenizer/pre_tokenizer.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

using Pieces = std::vector<std::string>;

Pieces split_dashes(SplitBehavior behavior, bool invert = false) {
  SplitStep step{std::make_shared<const Pcre2Regex>(regex_escape("-")), behavior, invert};
  return apply_split(step, "the-final--countdown");
}

// The behaviours as HuggingFace documents them for pattern "-" on "the-final--countdown".
TEST(SplitPreTokenizer, EveryBehaviorMatchesHuggingFace) {
  EXPECT_EQ(split_dashes(SplitBehavior::kRemoved), (Pieces{"the", "final", "countdown"}));
  EXPECT_EQ(split_dashes(SplitBehavior::kIsolated), (Pieces{"the", "-", "final", "-", "-", "countdown"}));
  EXPECT_EQ(split_dashes(SplitBehavior::kMergedWithPrevious), (Pieces{"the-", "final-", "-", "countdown"}));
  EXPECT_EQ(split_dashes(SplitBehavior::kMergedWithNext), (Pieces{"the", "-final", "-", "-countdown"}));
  EXPECT_EQ(split_dashes(SplitBehavior::kContiguous), (Pieces{"the", "-", "final", "--", "countdown"}));
}

TEST(SplitPreTokenizer, InvertTreatsMatchesAsContent) {
  SplitStep step{std::make_shared<const Pcre2Regex>("[a-z]+"), SplitBehavior::kRemoved, true};
  EXPECT_EQ(apply_split(step, "ab, cd!"), (Pieces{"ab", "cd"}));
}

TEST(SplitPreTokenizer, RegexEscapeMakesLiteralsLiteral) {
  SplitStep step{std::make_shared<const Pcre2Regex>(regex_escape("a.b")), SplitBehavior::kIsolated, false};
  EXPECT_EQ(apply_split(step, "axb a.b"), (Pieces{"axb ", "a.b"}));
}

TEST(ByteLevelPreTokenizer, Gpt2RegexAndPrefixSpace) {
  PreTokenizerStep step{PreTokenizerStep::Kind::kByteLevel, {}, {}, {}};
  step.byte_level.add_prefix_space = true;
  step.byte_level.gpt2_regex = std::make_shared<const Pcre2Regex>(kGpt2SplitPattern);
  PreTokenizer pre({step});
  Pieces out;
  pre.split("Hello world's  2024!\n", out);
  // Spaces become U+0120 ('Ġ') and newlines U+010A ('Ċ') after the byte mapping.
  EXPECT_EQ(out, (Pieces{"\u0120Hello", "\u0120world", "'s", "\u0120", "\u01202024", "!", "\u010A"}));
}

TEST(Pcre2Regex, BadPatternNamesItself) {
  try {
    Pcre2Regex bad("(?<");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("invalid regex '(?<' at offset", 0), 0u);
  }
}

}  // namespace
}  // namespace aiperf
