#pragma once
// Final answers of math problems (docs/accuracy.md, "math"): finding them in a response and
// deciding whether two of them are the same value. A stdlib-only stand-in for the trt-llm
// recipe's strip_string + sympy math_equal: it knows numbers, fractions, LaTeX \frac, \sqrt,
// \pi, powers, percentages, thousands separators and unordered lists, not symbolic algebra.
#include <optional>
#include <string>
#include <string_view>

namespace aiperf {

// The contents of the last \boxed{...} (or \fbox{...}), braces balanced; nullopt when none.
std::optional<std::string> last_boxed(std::string_view text);

// The tail of the last "answer is X" / "answer: X" / "final answer X" phrase, to the end of
// its line, trimmed of trailing '.'; nullopt when none.
std::optional<std::string> answer_phrase(std::string_view text);

// The last number in `text` ("1,234.5", "-3", "7/8"), commas dropped; nullopt when none.
std::optional<std::string> last_number(std::string_view text);

// strip_string-style canonical text: spacing, \left/\right, \dfrac/\tfrac, \text{}, $, units
// of degrees/percent signs, trailing ".0", "a/b" -> "\frac{a}{b}", thousands separators.
std::string normalize_math_answer(std::string_view answer);

// The value of a normalized answer made of numbers and + - * / ^, parentheses, \frac, \sqrt,
// \pi, \cdot, \times; nullopt for anything else (variables, intervals, ...).
std::optional<double> math_value(std::string_view normalized);

// Equal text after normalization, or equal values (|a-b| <= 1e-4 or 1e-6 relative, and a
// percentage matching its fraction), or, for comma lists, the same items in any order.
bool math_answers_equal(std::string_view a, std::string_view b);

}  // namespace aiperf
