// Letter and exact-text graders: multiple_choice (lighteval's ExactMatches on the first line,
// with upstream AIPerf's fallbacks), mmlu_pro (TIGER-Lab's three-rule cascade), lighteval_gpqa
// (the "Answer: X" line the simple-evals prompt asks for) and exact_match (DeepEval's).
#include <cctype>

#include "accuracy/grader.h"
#include "common/trim.h"

namespace aiperf {
namespace {

bool is_word_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; }

// A letter of `letters` at `i` with no word character on either side ("(B)", "B.", "**B**").
bool lone_letter_at(std::string_view text, size_t i, std::string_view letters) {
  if (letters.find(text[i]) == std::string_view::npos) return false;
  if (i > 0 && is_word_char(text[i - 1])) return false;
  return i + 1 >= text.size() || !is_word_char(text[i + 1]);
}

bool iequal_at(std::string_view text, size_t at, std::string_view word) {
  if (at + word.size() > text.size()) return false;
  for (size_t k = 0; k < word.size(); ++k)
    if (std::tolower(static_cast<unsigned char>(text[at + k])) != word[k]) return false;
  return true;
}

// The letter after `at`, past spaces, '*', '(' (Markdown bold, "(B)"); 0 when there is none.
char letter_after(std::string_view text, size_t at, std::string_view letters) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '*' || text[at] == '(' || text[at] == '\t')) ++at;
  if (at < text.size() && lone_letter_at(text, at, letters)) return text[at];
  return 0;
}

std::string first_line(std::string_view text) { return std::string(trim_whitespace(text.substr(0, text.find('\n')))); }

GradeResult letter_verdict(char letter, bool unparsed, std::string_view gold, std::string_view rule) {
  GradeResult r;
  r.expected = std::string(trim_whitespace(gold));
  r.extracted = letter ? std::string(1, letter) : "";
  r.unparsed = unparsed;
  r.correct = letter && r.extracted == r.expected;
  r.explanation = std::string(rule) + " -> '" + r.extracted + "'; expected '" + r.expected + "'";
  return r;
}

}  // namespace

ChoiceLetter extract_choice_letter(std::string_view text, std::string_view letters) {
  // Tier 1: the first "answer is (X)" (MMLU-Pro's re.search).
  for (size_t at = 0; at + 9 <= text.size(); ++at)
    if (iequal_at(text, at, "answer is"))
      if (char c = letter_after(text, at + 9, letters)) return {c, 1};
  // Tier 2: the last "Answer: X" (MMLU-Pro's greedy ".*[aA]nswer:\s*([A-J])").
  for (size_t at = text.size(); at-- > 0;)
    if (text[at] == ':' && at >= 6 && iequal_at(text, at - 6, "answer"))
      if (char c = letter_after(text, at + 1, letters)) return {c, 2};
  // Tier 3: the last lone letter anywhere.
  for (size_t at = text.size(); at-- > 0;)
    if (lone_letter_at(text, at, letters)) return {text[at], 3};
  return {};
}

GradeResult grade_multiple_choice(std::string_view response, std::string_view gold) {
  constexpr std::string_view kLetters = "ABCD";
  const std::string line = first_line(response);
  // lighteval's non-CoT MMLU: the server stops at "\n" and the stripped line is the letter.
  if (line.size() == 1 && kLetters.find(line[0]) != std::string_view::npos)
    return letter_verdict(line[0], false, gold, "first line");
  const ChoiceLetter c = extract_choice_letter(response, kLetters);
  if (c.tier == 1) return letter_verdict(c.letter, false, gold, "'answer is (X)'");
  if (c.tier == 2) return letter_verdict(c.letter, true, gold, "'Answer: X' (fallback)");
  for (size_t at = 0; at < line.size(); ++at)
    if (lone_letter_at(line, at, kLetters)) return letter_verdict(line[at], true, gold, "first-line letter (fallback)");
  return letter_verdict(c.letter, true, gold, c.letter ? "last lone letter (fallback)" : "no letter");
}

GradeResult grade_mmlu_pro(std::string_view response, std::string_view gold) {
  const ChoiceLetter c = extract_choice_letter(response, "ABCDEFGHIJ");
  static constexpr std::string_view kRule[] = {"no letter", "'answer is (X)'", "'Answer: X' (fallback)",
                                               "last lone letter (fallback)"};
  return letter_verdict(c.letter, c.tier != 1, gold, kRule[c.tier]);
}

GradeResult grade_lighteval_gpqa(std::string_view response, std::string_view gold) {
  // The prompt asks for a last line "Answer: $LETTER"; "answer is (X)" is as clear a statement.
  const ChoiceLetter c = extract_choice_letter(response, "ABCD");
  static constexpr std::string_view kRule[] = {"no letter", "'answer is (X)'", "'Answer: X'",
                                               "last lone letter (fallback)"};
  return letter_verdict(c.letter, c.tier == 0 || c.tier == 3, gold, kRule[c.tier]);
}

GradeResult grade_exact_match(std::string_view response, std::string_view gold) {
  GradeResult r;
  r.extracted = std::string(trim_whitespace(response));
  r.expected = std::string(trim_whitespace(gold));
  r.unparsed = r.extracted.empty();
  r.correct = !r.unparsed && r.extracted == r.expected;
  r.explanation = "stripped response " + std::string(r.correct ? "equals" : "differs from") + " the gold text";
  return r;
}

GradeResult grade_response(GraderKind grader, std::string_view response, std::string_view gold) {
  switch (grader) {
    case GraderKind::exact_match:
      return grade_exact_match(response, gold);
    case GraderKind::math:
      return grade_math(response, gold);
    case GraderKind::multiple_choice:
      return grade_multiple_choice(response, gold);
    case GraderKind::lighteval_expr:
      return grade_lighteval_expr(response, gold);
    case GraderKind::lighteval_latex:
      return grade_lighteval_latex(response, gold);
    case GraderKind::lighteval_gpqa:
      return grade_lighteval_gpqa(response, gold);
    case GraderKind::lighteval_gsm8k:
      return grade_lighteval_gsm8k(response, gold);
    case GraderKind::mmlu_pro:
      return grade_mmlu_pro(response, gold);
    case GraderKind::code_execution:
      break;
  }
  GradeResult r;
  r.unparsed = true;
  r.expected = std::string(gold);
  r.explanation = "code_execution is not run by aiperf-cpp";
  return r;
}

}  // namespace aiperf
