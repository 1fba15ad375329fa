// The graders on response texts in the shapes real models write them.
#include <gtest/gtest.h>

#include "accuracy/grader.h"

namespace aiperf {
namespace {

TEST(MultipleChoiceGrader, BareLetterOnTheFirstLineIsAClean_parse) {
  const GradeResult r = grade_multiple_choice(" B\n\nQuestion: next one", " B");
  EXPECT_TRUE(r.correct);
  EXPECT_FALSE(r.unparsed);
  EXPECT_EQ(r.extracted, "B");
}

TEST(MultipleChoiceGrader, CotAnswerStatementBeatsEchoedOptionLabels) {
  const std::string cot =
      "Let's look at the options: A. 0, B. 4, C. 2, D. 6.\nThe group Z_4 has order 4.\nThe answer is (B).";
  const GradeResult r = grade_multiple_choice(cot, "B");
  EXPECT_TRUE(r.correct);
  EXPECT_FALSE(r.unparsed);
}

TEST(MultipleChoiceGrader, AnswerColonIsAFallback) {
  const GradeResult r = grade_multiple_choice("I think the second option is right.\nAnswer: **C**", "C");
  EXPECT_TRUE(r.correct);
  EXPECT_TRUE(r.unparsed);
}

TEST(MultipleChoiceGrader, NoLetterIsWrongAndUnparsed) {
  const GradeResult r = grade_multiple_choice("I am not sure about this one.", "A");
  EXPECT_FALSE(r.correct);
  EXPECT_TRUE(r.unparsed);
}

TEST(MultipleChoiceGrader, WrongLetter) {
  const GradeResult r = grade_multiple_choice("D", "A");
  EXPECT_FALSE(r.correct);
  EXPECT_FALSE(r.unparsed);
  EXPECT_EQ(r.extracted, "D");
}

TEST(MmluProGrader, ThreeTierCascade) {
  EXPECT_EQ(extract_choice_letter("so the answer is (J).", "ABCDEFGHIJ").tier, 1);
  EXPECT_EQ(extract_choice_letter("so the answer is (J).", "ABCDEFGHIJ").letter, 'J');
  const GradeResult tier2 = grade_mmlu_pro("Working... Answer: G", "G");
  EXPECT_TRUE(tier2.correct);
  EXPECT_TRUE(tier2.unparsed);
  const GradeResult tier1 = grade_mmlu_pro("Let's think step by step. Pressure rises. The answer is (E).", "E");
  EXPECT_TRUE(tier1.correct);
  EXPECT_FALSE(tier1.unparsed);
  // "I" in a sentence is a lone letter: the last resort takes it, flagged.
  const GradeResult tier3 = grade_mmlu_pro("Option H seems best, I guess", "H");
  EXPECT_FALSE(tier3.correct);
  EXPECT_TRUE(tier3.unparsed);
}

TEST(LightevalGpqaGrader, AnswerLineAsThePromptAsks) {
  const GradeResult r =
      grade_lighteval_gpqa("The energy levels are separated by hbar*omega, so option C matches.\n\nAnswer: C", "C");
  EXPECT_TRUE(r.correct);
  EXPECT_FALSE(r.unparsed);
  const GradeResult lone = grade_lighteval_gpqa("Probably (B) but maybe A", "A");
  EXPECT_TRUE(lone.correct);
  EXPECT_TRUE(lone.unparsed);
}

TEST(ExactMatchGrader, StrictAfterStrip) {
  EXPECT_TRUE(grade_exact_match("  (B)\n", "(B)").correct);
  EXPECT_FALSE(grade_exact_match("(b)", "(B)").correct);
  EXPECT_TRUE(grade_exact_match("   ", "True").unparsed);
}

TEST(MathGrader, BoxedAnswerIsCanonical) {
  const GradeResult r = grade_math("We sum the roots... so the result is $\\boxed{\\dfrac{3}{4}}$.", "0.75");
  EXPECT_TRUE(r.correct);
  EXPECT_FALSE(r.unparsed);
  EXPECT_EQ(r.extracted, "\\dfrac{3}{4}");
}

TEST(MathGrader, AnswerPhraseAndLastNumberAreFallbacks) {
  const GradeResult phrase = grade_math("Adding them up, the final answer is 204.", "204");
  EXPECT_TRUE(phrase.correct);
  EXPECT_TRUE(phrase.unparsed);
  const GradeResult number = grade_math("m + n = 17 + 16 = 033", "33");
  EXPECT_TRUE(number.correct);
  EXPECT_TRUE(number.unparsed);
  EXPECT_FALSE(grade_math("\\boxed{25}", "204").correct);
}

TEST(LightevalExprGrader, Aime) {
  EXPECT_TRUE(grade_lighteval_expr("Therefore $m+n = \\boxed{073}$", "73").correct);
  EXPECT_FALSE(grade_lighteval_expr("", "73").correct);
  EXPECT_TRUE(grade_lighteval_expr("", "73").unparsed);
}

TEST(LightevalLatexGrader, GoldIsAWholeSolution) {
  const std::string gold = "We have $x^2 = 2$, so $x = \\boxed{\\sqrt{2}}$.";
  EXPECT_TRUE(grade_lighteval_latex("The positive root is \\boxed{\\sqrt2}", gold).correct);
  EXPECT_TRUE(grade_lighteval_latex("The positive root is \\boxed{2^{1/2}}", gold).correct);
  const GradeResult span = grade_lighteval_latex("so the answer is $1.41421356$", gold);
  EXPECT_TRUE(span.correct);
  EXPECT_TRUE(span.unparsed);
  EXPECT_TRUE(grade_lighteval_latex("\\boxed{\\left( 3, \\frac{\\pi}{2} \\right)}",
                                    "so the point is $\\boxed{\\left( 3, \\frac{\\pi}{2} \\right)}$")
                  .correct);
}

TEST(LightevalGsm8kGrader, NumberAfterTheMarker) {
  const std::string gold = "Natalia sold 48/2 = <<48/2=24>>24 clips in May.\n48+24 = <<48+24=72>>72\n#### 72";
  EXPECT_TRUE(grade_lighteval_gsm8k(" In April 48, in May half: 24. Total 72 clips.", gold).correct);
  EXPECT_TRUE(grade_lighteval_gsm8k("48 + 24 = 72\n#### 72.0", gold).correct);
  EXPECT_TRUE(grade_lighteval_gsm8k("The total is $1,200.", "#### 1200").correct);
  EXPECT_FALSE(grade_lighteval_gsm8k("She sold 24 in May.", gold).correct);
}

TEST(CodeExecutionGrader, NeverRunsAnything) {
  const GradeResult r = grade_response(GraderKind::code_execution, "print(1)", "{}");
  EXPECT_FALSE(r.correct);
  EXPECT_TRUE(r.unparsed);
}

}  // namespace
}  // namespace aiperf
