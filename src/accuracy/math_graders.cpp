// Math graders: math (the trt-llm AIME recipe's boxed-answer pipeline), lighteval_expr
// (AIME24/25: an expression answer), lighteval_latex (MATH-500: the gold is a whole solution
// with \boxed{}), lighteval_gsm8k (the number after "####"). All compare with
// math_answers_equal (math_answer.h); "unparsed" marks an answer found only by a fallback rule.
#include "accuracy/grader.h"
#include "accuracy/math_answer.h"
#include "common/trim.h"

namespace aiperf {
namespace {

struct Found {
  std::string answer;
  std::string rule;
  bool fallback = false;
};

// \boxed{} first, then "the answer is X", then the last number.
Found find_math_answer(std::string_view response) {
  if (auto boxed = last_boxed(response)) return {*boxed, "\\boxed{}", false};
  if (auto phrase = answer_phrase(response)) return {*phrase, "'answer is X' (fallback)", true};
  if (auto number = last_number(response)) return {*number, "last number (fallback)", true};
  return {"", "no answer", true};
}

// lighteval's LaTeX extraction: \boxed{}, then the last $...$ / \(...\) / \[...\] span.
std::optional<std::string> last_latex_span(std::string_view text) {
  std::optional<std::string> best;
  size_t best_at = 0;
  auto consider = [&](std::string_view open, std::string_view close) {
    const size_t end = text.rfind(close);
    if (end == std::string_view::npos || end == 0) return;
    const size_t begin = text.rfind(open, end - 1);
    if (begin == std::string_view::npos || begin + open.size() > end) return;
    if (!best || end > best_at) {
      best = std::string(trim_whitespace(text.substr(begin + open.size(), end - begin - open.size())));
      best_at = end;
    }
  };
  consider("$", "$");
  consider("\\(", "\\)");
  consider("\\[", "\\]");
  if (best && best->empty()) return std::nullopt;
  return best;
}

GradeResult math_verdict(const Found& found, std::string expected, std::string_view grader) {
  GradeResult r;
  r.extracted = found.answer;
  r.expected = std::move(expected);
  r.unparsed = found.fallback;
  r.correct = !found.answer.empty() && math_answers_equal(found.answer, r.expected);
  r.explanation = std::string(grader) + ": " + found.rule + " -> '" + r.extracted + "'; expected '" + r.expected +
                  "'; " + (r.correct ? "equivalent" : "not equivalent");
  return r;
}

}  // namespace

GradeResult grade_math(std::string_view response, std::string_view gold) {
  return math_verdict(find_math_answer(response), std::string(trim_whitespace(gold)), "math");
}

GradeResult grade_lighteval_expr(std::string_view response, std::string_view gold) {
  return math_verdict(find_math_answer(response), std::string(trim_whitespace(gold)), "lighteval_expr");
}

GradeResult grade_lighteval_latex(std::string_view response, std::string_view gold) {
  std::string expected = last_boxed(gold).value_or(std::string(trim_whitespace(gold)));
  Found found;
  if (auto boxed = last_boxed(response))
    found = {*boxed, "\\boxed{}", false};
  else if (auto span = last_latex_span(response))
    found = {*span, "last LaTeX span (fallback)", true};
  else
    found = find_math_answer(response);
  return math_verdict(found, std::move(expected), "lighteval_latex");
}

GradeResult grade_lighteval_gsm8k(std::string_view response, std::string_view gold) {
  // Gold: "...reasoning...\n#### 72"; the prediction may carry the same marker.
  auto after_marker = [](std::string_view text) -> std::optional<std::string> {
    const size_t at = text.rfind("####");
    if (at == std::string_view::npos) return std::nullopt;
    return last_number(text.substr(at + 4).substr(0, text.substr(at + 4).find('\n')));
  };
  const std::string expected = after_marker(gold).value_or(last_number(gold).value_or(std::string(gold)));
  Found found;
  if (auto marked = after_marker(response))
    found = {*marked, "'#### N'", false};
  else if (auto number = last_number(response))
    found = {*number, "last number", false};
  else
    found = {"", "no number", true};
  return math_verdict(found, expected, "lighteval_gsm8k");
}

}  // namespace aiperf
