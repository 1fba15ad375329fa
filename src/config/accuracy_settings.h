#pragma once
// --accuracy-* (cli-and-load.md §3.18, docs/accuracy.md): grade the responses of a run against
// a public benchmark's gold answers, beside its performance metrics. Names are checked against
// the catalogues of src/accuracy/ when the run is built; unset optionals take the benchmark's
// defaults.
#include <optional>
#include <string>
#include <vector>

namespace aiperf {

struct AccuracySettings {
  std::string benchmark;                     // --accuracy-benchmark: mmlu, gsm8k, ...
  std::vector<std::string> tasks;            // --accuracy-tasks: subjects / subtasks (empty: all)
  std::optional<int> n_shots;                // --accuracy-n-shots [0..32]
  std::optional<bool> enable_cot;            // --accuracy-enable-cot / --accuracy-no-enable-cot
  std::optional<std::string> grader;         // --accuracy-grader
  std::optional<std::string> system_prompt;  // --accuracy-system-prompt ("" = none, even a default)
  bool verbose = false;                      // --accuracy-verbose: per-problem lines on the console
};

}  // namespace aiperf
