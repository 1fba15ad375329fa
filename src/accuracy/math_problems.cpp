// Math and reasoning benchmarks: AIME (the trt-llm DeepEval template), AIME24/25 and MATH-500
// (lighteval: the bare problem text), GSM8K (lighteval's "Question: ...\nAnswer:") and
// BIG-Bench Hard (lukaemon/bbh, "Q: ...\nA:" with the first rows of a task as its shots).
#include <cctype>

#include "accuracy/accuracy_problem.h"
#include "accuracy/benchmark_files.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

// The first of `names` the row has (datasets differ in capitalisation: "Problem" / "problem").
std::string field_of(const BenchmarkInfo& b, const nlohmann::json& row, std::initializer_list<const char*> names,
                     const std::string& where) {
  for (const char* n : names)
    if (row.contains(n) && !row[n].is_null()) return row_text(b, row, n, where);
  return row_text(b, row, *names.begin(), where);  // throws, naming the first
}

std::vector<nlohmann::json> split_rows(const BenchmarkInfo& b, const std::string& subset, const std::string& split,
                                       const std::vector<std::string>& columns, std::vector<std::string>* where) {
  std::vector<nlohmann::json> rows;
  for_each_benchmark_row(b, benchmark_split_files(b, subset, split), columns,
                         [&](const nlohmann::json& row, const std::string& at) {
                           rows.push_back(row);
                           if (where) where->push_back(at);
                         });
  return rows;
}

std::vector<AccuracyProblem> aime_problems(const BenchmarkInfo& b, const ProblemOptions& o) {
  std::vector<std::string> where;
  const std::vector<nlohmann::json> rows =
      split_rows(b, "", std::string(b.eval_split), {"ID", "Problem", "Solution", "Answer"}, &where);
  // Shots come from the same 30 problems (the recipe's source); they are not graded themselves,
  // so no problem is asked with its own answer in the prompt.
  const size_t shots = std::min(size_t(o.n_shots), rows.size());
  std::string prefix;
  for (size_t i = 0; i < shots; ++i) {
    prefix += "**Problem**: " + field_of(b, rows[i], {"Problem", "problem"}, where[i]) + "\n";
    if (o.cot) prefix += "**Solution**: " + field_of(b, rows[i], {"Solution", "solution"}, where[i]) + "\n";
    prefix += "**Answer**: " + field_of(b, rows[i], {"Answer", "answer"}, where[i]) + "\n\n";
  }
  std::vector<AccuracyProblem> problems;
  for (size_t i = shots; i < rows.size(); ++i)
    problems.push_back(
        single_message_problem(std::string(b.name), field_of(b, rows[i], {"Answer", "answer"}, where[i]),
                               prefix + "**Problem**: " + field_of(b, rows[i], {"Problem", "problem"}, where[i]) +
                                   "\n**Answer**: " + (o.cot ? "Let's think step by step." : "")));
  return problems;
}

std::vector<AccuracyProblem> bare_problems(const BenchmarkInfo& b, bool gold_is_solution) {
  std::vector<std::string> where;
  const std::vector<nlohmann::json> rows = split_rows(b, std::string(b.subset), std::string(b.eval_split),
                                                      {"problem", "answer", "solution", "subject"}, &where);
  std::vector<AccuracyProblem> problems;
  for (size_t i = 0; i < rows.size(); ++i) {
    // MATH-500 reports per subject; AIME has one task.
    std::string task = rows[i].contains("subject") && rows[i]["subject"].is_string()
                           ? rows[i]["subject"].get<std::string>()
                           : std::string(b.name);
    problems.push_back(single_message_problem(std::move(task),
                                              gold_is_solution ? field_of(b, rows[i], {"solution"}, where[i])
                                                               : field_of(b, rows[i], {"answer", "Answer"}, where[i]),
                                              field_of(b, rows[i], {"problem", "Problem"}, where[i])));
  }
  return problems;
}

std::vector<AccuracyProblem> gsm8k_problems(const BenchmarkInfo& b) {
  std::vector<std::string> where;
  const std::vector<nlohmann::json> rows =
      split_rows(b, std::string(b.subset), std::string(b.eval_split), {"question", "answer"}, &where);
  std::vector<AccuracyProblem> problems;
  for (size_t i = 0; i < rows.size(); ++i)
    problems.push_back(
        single_message_problem(std::string(b.name), field_of(b, rows[i], {"answer"}, where[i]),
                               "Question: " + field_of(b, rows[i], {"question"}, where[i]) + "\nAnswer:"));
  return problems;
}

}  // namespace

std::vector<AccuracyProblem> load_bigbench_problems(const BenchmarkInfo& b, const ProblemOptions& o) {
  std::vector<std::string> tasks = o.tasks;
  if (tasks.empty())
    for (std::string_view t : b.tasks) tasks.emplace_back(t);
  std::vector<AccuracyProblem> problems;
  for (const std::string& task : tasks) {
    std::vector<std::string> where;
    const std::vector<nlohmann::json> rows =
        split_rows(b, task, std::string(b.eval_split), {"input", "target"}, &where);
    // lukaemon/bbh has only a test split: the task's first rows are its shots, and not graded.
    const size_t shots = std::min(size_t(o.n_shots), rows.size());
    std::string prefix;
    for (size_t i = 0; i < shots; ++i)
      prefix += "Q: " + field_of(b, rows[i], {"input"}, where[i]) +
                "\nA: " + field_of(b, rows[i], {"target"}, where[i]) + "\n\n";
    for (size_t i = shots; i < rows.size(); ++i)
      problems.push_back(single_message_problem(task, field_of(b, rows[i], {"target"}, where[i]),
                                                prefix + "Q: " + field_of(b, rows[i], {"input"}, where[i]) +
                                                    (o.cot ? "\nA: Let's think step by step." : "\nA:")));
  }
  return problems;
}

std::vector<AccuracyProblem> load_math_problems(const BenchmarkInfo& b, const ProblemOptions& o) {
  switch (b.format) {
    case ProblemFormat::aime:
      return aime_problems(b, o);
    case ProblemFormat::math_500:
      return bare_problems(b, true);
    case ProblemFormat::gsm8k:
      return gsm8k_problems(b);
    default:
      return bare_problems(b, false);
  }
}

std::vector<AccuracyProblem> load_benchmark_problems(const BenchmarkInfo& b, const ProblemOptions& o) {
  switch (b.format) {
    case ProblemFormat::mmlu:
      return load_mmlu_problems(b, o);
    case ProblemFormat::mmlu_pro:
      return load_mmlu_pro_problems(b, o);
    case ProblemFormat::hellaswag:
      return load_hellaswag_problems(b, o);
    case ProblemFormat::gpqa:
      return load_gpqa_problems(b, o);
    case ProblemFormat::bigbench:
      return load_bigbench_problems(b, o);
    case ProblemFormat::lcb:
      throw ConfigError("--accuracy-benchmark lcb_codegeneration: not supported");
    default:
      return load_math_problems(b, o);
  }
}

}  // namespace aiperf
