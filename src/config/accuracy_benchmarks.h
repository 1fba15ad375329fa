#pragma once
// The accuracy benchmarks and graders aiperf-cpp knows, as config/public_datasets.h does for
// --public-dataset (cli-and-load.md §3.18, docs/accuracy.md):
// one row per benchmark with where its problems live on the HF hub and its upstream defaults.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

enum class GraderKind {
  exact_match,
  math,
  multiple_choice,
  code_execution,
  lighteval_expr,
  lighteval_latex,
  lighteval_gpqa,
  lighteval_gsm8k,
  mmlu_pro,
};

// How the rows of a benchmark become problems (src/accuracy/*_problems.cpp).
enum class ProblemFormat { mmlu, mmlu_pro, aime, lighteval_math, math_500, gsm8k, hellaswag, bigbench, gpqa, lcb };

struct BenchmarkInfo {
  std::string_view name;
  ProblemFormat format;
  std::string_view repo;        // HF dataset repo
  std::string_view subset;      // "" : none; "{task}": one folder per task
  std::string_view eval_split;  // the graded problems
  std::string_view shot_split;  // few-shot examples ("" : taken from the graded split, see docs)
  GraderKind grader;
  int default_n_shots;
  int max_n_shots;
  bool default_cot;
  int generation_size;  // max_tokens sent with each problem
  std::string_view default_system_prompt;
  // The benchmark's fixed task list; empty: one task, or (hellaswag) the labels in its data.
  std::span<const std::string_view> tasks;
};

std::span<const BenchmarkInfo> accuracy_benchmarks();
const BenchmarkInfo* find_accuracy_benchmark(std::string_view name);
// "mmlu, mmlu_pro, ..." (messages) or "mmlu mmlu_pro ..." (option choices).
std::string accuracy_benchmark_names(std::string_view separator = ", ");

std::string_view grader_name(GraderKind kind);
bool parse_grader(std::string_view name, GraderKind& kind);
std::string accuracy_grader_names(std::string_view separator = ", ");

}  // namespace aiperf
