#include "accuracy/math_answer.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(MathAnswer, LastBoxedHandlesNestedBraces) {
  EXPECT_EQ(last_boxed("first \\boxed{1} then \\boxed{\\frac{1}{2}}").value(), "\\frac{1}{2}");
  EXPECT_EQ(last_boxed("\\boxed 5 done").value(), "5");
  EXPECT_EQ(last_boxed("\\fbox{x}").value(), "x");
  EXPECT_FALSE(last_boxed("no box").has_value());
  EXPECT_FALSE(last_boxed("\\boxed{unclosed").has_value());
}

TEST(MathAnswer, LastNumber) {
  EXPECT_EQ(last_number("costs $1,234.50 in total.").value(), "1234.50");
  EXPECT_EQ(last_number("coordinates 1,2,3").value(), "3");
  EXPECT_EQ(last_number("down to -7 degrees").value(), "-7");
  EXPECT_EQ(last_number("ratio 7/8").value(), "7/8");
  EXPECT_FALSE(last_number("none").has_value());
}

TEST(MathAnswer, Normalization) {
  EXPECT_EQ(normalize_math_answer("\\dfrac{1}{2}"), "\\frac{1}{2}");
  EXPECT_EQ(normalize_math_answer(" 12.50 "), "12.5");
  EXPECT_EQ(normalize_math_answer("7.0"), "7");
  EXPECT_EQ(normalize_math_answer("1,000,000"), "1000000");
  EXPECT_EQ(normalize_math_answer("3/4"), "\\frac{3}{4}");
  EXPECT_EQ(normalize_math_answer("x = 5"), "5");
  EXPECT_EQ(normalize_math_answer("\\text{(B)}"), "(B)");
  EXPECT_EQ(normalize_math_answer("90^\\circ"), "90");
  EXPECT_EQ(normalize_math_answer("\\$18.90"), "18.9");
  EXPECT_EQ(normalize_math_answer(".5"), "0.5");
}

TEST(MathAnswer, Values) {
  EXPECT_DOUBLE_EQ(math_value("\\frac{3}{4}").value(), 0.75);
  EXPECT_NEAR(math_value("2\\sqrt{3}").value(), 3.4641016, 1e-6);
  EXPECT_NEAR(math_value("\\frac{\\pi}{2}").value(), 1.5707963, 1e-6);
  EXPECT_DOUBLE_EQ(math_value("2^{10}").value(), 1024);
  EXPECT_DOUBLE_EQ(math_value("-(3+4)*2").value(), -14);
  EXPECT_DOUBLE_EQ(math_value("\\frac12").value(), 0.5);
  EXPECT_FALSE(math_value("x+1").has_value());
  EXPECT_FALSE(math_value("1/0").has_value());
}

TEST(MathAnswer, Equivalence) {
  EXPECT_TRUE(math_answers_equal("\\frac{1}{3}", "0.333333"));
  EXPECT_TRUE(math_answers_equal("\\sqrt{2}", "2^{1/2}"));
  EXPECT_TRUE(math_answers_equal("1,2,3", "3,2,1"));
  EXPECT_FALSE(math_answers_equal("(1,2)", "(2,1)"));
  EXPECT_TRUE(math_answers_equal("(1,2)", "\\left(1, 2\\right)"));
  EXPECT_TRUE(math_answers_equal("50\\%", "50"));
  EXPECT_TRUE(math_answers_equal("0.5", "50"));  // upstream's percentage variants
  EXPECT_TRUE(math_answers_equal("033", "33"));
  EXPECT_TRUE(math_answers_equal("x^2+1", "x^2 + 1"));
  EXPECT_FALSE(math_answers_equal("x^2+1", "x^2-1"));
  EXPECT_FALSE(math_answers_equal("", ""));
}

}  // namespace
}  // namespace aiperf
