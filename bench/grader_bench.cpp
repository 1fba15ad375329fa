// Accuracy grading throughput per grader (src/accuracy/grader.h): problems graded per second on
// one thread, for responses shaped as models write them (a bare letter, a short chain of
// thought ending in "The answer is (X)", a boxed math derivation, a GSM8K solution).
//
//   grader_bench [iterations]
//
// Prints one JSON line per grader (the best of 5 rounds): {"grader", "response_bytes",
// "ns_per_problem", "problems_per_s"}.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "accuracy/grader.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Case {
  aiperf::GraderKind grader;
  std::string response;
  std::string gold;
};

std::string cot(const std::string& ending) {
  std::string s;
  for (int i = 0; i < 12; ++i)
    s += "Step " + std::to_string(i) + ": consider option " + "ABCD"[i % 4] + ", which does not fit the data. ";
  return s + ending;
}

}  // namespace

int main(int argc, char** argv) {
  const long iterations = argc > 1 ? std::atol(argv[1]) : 20000;
  const std::string derivation =
      cot("Hence $x = \\frac{3}{4} + \\frac{1}{4}\\cdot 2$ and the answer is $\\boxed{\\dfrac{5}{4}}$.");
  const Case cases[] = {
      {aiperf::GraderKind::multiple_choice, " B", "B"},
      {aiperf::GraderKind::multiple_choice, cot("The answer is (C)."), "C"},
      {aiperf::GraderKind::mmlu_pro, cot("The answer is (H)."), "H"},
      {aiperf::GraderKind::lighteval_gpqa, cot("\n\nAnswer: D"), "D"},
      {aiperf::GraderKind::exact_match, "(B)", "(B)"},
      {aiperf::GraderKind::math, derivation, "1.25"},
      {aiperf::GraderKind::lighteval_expr, derivation, "5/4"},
      {aiperf::GraderKind::lighteval_latex, derivation, "so $x = \\boxed{\\frac{5}{4}}$"},
      {aiperf::GraderKind::lighteval_gsm8k, cot("48 + 24 = 72 clips.\n#### 72"), "48/2 = 24\n#### 72"},
  };
  for (const Case& c : cases) {
    double best = 1e18;
    bool correct = false;
    for (int round = 0; round < 5; ++round) {
      const auto t0 = Clock::now();
      for (long i = 0; i < iterations; ++i) correct = aiperf::grade_response(c.grader, c.response, c.gold).correct;
      const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count();
      best = std::min(best, double(ns) / double(iterations));
    }
    if (!correct) {
      std::fprintf(stderr, "grader_bench: the %s case is not graded correct\n",
                   std::string(aiperf::grader_name(c.grader)).c_str());
      return 1;
    }
    std::printf("{\"grader\": \"%s\", \"response_bytes\": %zu, \"ns_per_problem\": %.0f, \"problems_per_s\": %.0f}\n",
                std::string(aiperf::grader_name(c.grader)).c_str(), c.response.size(), best, 1e9 / best);
  }
  return 0;
}
