#pragma once
// The accuracy benchmark as the run's dataset: one single-turn conversation per problem
// (entry i is problem i), and the answer key the record thread grades against.
#include <iosfwd>
#include <string>
#include <vector>

#include "config/accuracy_benchmarks.h"
#include "config/accuracy_settings.h"
#include "dataset/dataset.h"

namespace aiperf {

// What grading needs, indexed like the dataset's entries.
struct AnswerKey {
  std::string benchmark;
  GraderKind grader = GraderKind::exact_match;
  int n_shots = 0;
  bool cot = false;
  std::vector<std::string> tasks;  // task of entry i
  std::vector<std::string> golds;  // gold answer of entry i
};

struct AccuracyWorkload {
  Dataset dataset;
  AnswerKey key;
};

// Loads the problems (accuracy_problem.h), keeps the first --num-dataset-entries when given,
// and writes them for the endpoint: chat as messages (the system prompt first), completions as
// one text (the system prompt, then a blank line, then the prompt). max_tokens is the
// benchmark's generation size, or --osl when given. One line about the problems goes to `notes`.
AccuracyWorkload build_accuracy_workload(const AccuracySettings& accuracy, const DatasetBuildSettings& config,
                                         std::ostream& notes);

}  // namespace aiperf
