// The accuracy graders (accuracy/grader.h) on arbitrary model output: a response is text the
// server chose, so every grader must take any bytes without a crash, and grade them the same
// way twice (graders are pure functions). Input: one selector byte (which grader, which gold
// answer), then the response.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "accuracy/grader.h"
#include "fuzz_input.h"

namespace {

using aiperf::GraderKind;

constexpr GraderKind kGraders[] = {GraderKind::exact_match,     GraderKind::math,
                                   GraderKind::multiple_choice, GraderKind::lighteval_expr,
                                   GraderKind::lighteval_latex, GraderKind::lighteval_gpqa,
                                   GraderKind::lighteval_gsm8k, GraderKind::mmlu_pro};
constexpr std::string_view kGolds[] = {"B", "42", "\\frac{1}{2}", "-3.5", "J", "1,000", "\\sqrt{2}", "x^2+1"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aiperf::fuzz::FuzzInput in(data, size);
  const uint8_t selector = in.take_byte();
  const GraderKind grader = kGraders[selector % std::size(kGraders)];
  const std::string_view gold = kGolds[(selector / std::size(kGraders)) % std::size(kGolds)];
  const aiperf::GradeResult a = aiperf::grade_response(grader, in.rest(), gold);
  const aiperf::GradeResult b = aiperf::grade_response(grader, in.rest(), gold);
  if (a.correct != b.correct || a.unparsed != b.unparsed || a.extracted != b.extracted) std::abort();
  return 0;
}
