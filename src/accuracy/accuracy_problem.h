#pragma once
// One graded problem of an accuracy benchmark, and the options that shape its prompt.
#include <string>
#include <vector>

#include "config/accuracy_benchmarks.h"

namespace aiperf {

struct PromptMessage {
  std::string role;  // "user" or "assistant" (few-shot answers)
  std::string content;
};

struct AccuracyProblem {
  std::string task;  // subject / subtask / category: the console table's rows
  std::string gold;  // what the grader compares against (a letter, a number, a solution)
  // Chat: few-shot turns as user/assistant messages where upstream sends them so (MMLU), then
  // the problem as the last user message. Completions: `text`, the same prompt flattened.
  std::vector<PromptMessage> messages;
  std::string text;
};

struct ProblemOptions {
  std::vector<std::string> tasks;  // empty: all
  int n_shots = 0;
  bool cot = false;
};

// The problems of `benchmark` from its files (benchmark_files.h), in dataset order, task by task
// where the benchmark has tasks. Throws ConfigError for missing files, bad rows, or a task
// (hellaswag) that its data does not have.
std::vector<AccuracyProblem> load_benchmark_problems(const BenchmarkInfo& benchmark, const ProblemOptions& options);

// Per format (src/accuracy/*_problems.cpp).
std::vector<AccuracyProblem> load_mmlu_problems(const BenchmarkInfo& b, const ProblemOptions& o);
std::vector<AccuracyProblem> load_mmlu_pro_problems(const BenchmarkInfo& b, const ProblemOptions& o);
std::vector<AccuracyProblem> load_hellaswag_problems(const BenchmarkInfo& b, const ProblemOptions& o);
std::vector<AccuracyProblem> load_gpqa_problems(const BenchmarkInfo& b, const ProblemOptions& o);
std::vector<AccuracyProblem> load_bigbench_problems(const BenchmarkInfo& b, const ProblemOptions& o);
std::vector<AccuracyProblem> load_math_problems(const BenchmarkInfo& b, const ProblemOptions& o);

// A single-message problem: `text` is also the one user message.
AccuracyProblem single_message_problem(std::string task, std::string gold, std::string text);

}  // namespace aiperf
