#pragma once
// Graders (docs/accuracy.md, "Graders"): each turns one response text and its problem's gold
// answer into a verdict. Pure functions of their inputs, run on the record thread.
#include <string>
#include <string_view>

#include "config/accuracy_benchmarks.h"

namespace aiperf {

struct GradeResult {
  bool correct = false;
  // The answer was not in the form the prompt asked for (a fallback rule found it, or nothing
  // did): upstream's `unparsed` flag. A correct unparsed answer still counts as correct.
  bool unparsed = false;
  std::string extracted;  // the answer taken from the response
  std::string expected;   // the gold answer as compared
  std::string explanation;
};

// code_execution is refused when options are read (accuracy_conversion.cpp); here it grades
// every response wrong and unparsed rather than run anything.
GradeResult grade_response(GraderKind grader, std::string_view response, std::string_view gold);

// Multiple-choice letter extraction shared by multiple_choice, mmlu_pro and lighteval_gpqa.
// tier 1: "answer is (X)" / "answer is X"; tier 2: the last "Answer: X"; tier 3: the last lone
// letter among `letters`; 0: none found.
struct ChoiceLetter {
  char letter = 0;
  int tier = 0;
};
ChoiceLetter extract_choice_letter(std::string_view text, std::string_view letters);

GradeResult grade_multiple_choice(std::string_view response, std::string_view gold);
GradeResult grade_mmlu_pro(std::string_view response, std::string_view gold);
GradeResult grade_lighteval_gpqa(std::string_view response, std::string_view gold);
GradeResult grade_exact_match(std::string_view response, std::string_view gold);
GradeResult grade_math(std::string_view response, std::string_view gold);
GradeResult grade_lighteval_expr(std::string_view response, std::string_view gold);
GradeResult grade_lighteval_latex(std::string_view response, std::string_view gold);
GradeResult grade_lighteval_gsm8k(std::string_view response, std::string_view gold);

}  // namespace aiperf
