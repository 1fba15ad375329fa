#include "accuracy/accuracy_workload.h"

#include <nlohmann/json.hpp>
#include <ostream>

#include "accuracy/accuracy_problem.h"
#include "dataset/conversation_id.h"

namespace aiperf {

AccuracyWorkload build_accuracy_workload(const AccuracySettings& accuracy, const DatasetBuildSettings& config,
                                         std::ostream& notes) {
  const BenchmarkInfo* info = find_accuracy_benchmark(accuracy.benchmark);
  if (!info) throw ConfigError("--accuracy-benchmark: unknown benchmark '" + accuracy.benchmark + "'");
  ProblemOptions options;
  options.tasks = accuracy.tasks;
  options.n_shots = accuracy.n_shots.value_or(info->default_n_shots);
  options.cot = accuracy.enable_cot.value_or(info->default_cot);
  std::vector<AccuracyProblem> problems = load_benchmark_problems(*info, options);
  if (problems.empty())
    throw ConfigError("--accuracy-benchmark " + accuracy.benchmark + ": the benchmark's files hold no problem" +
                      (accuracy.tasks.empty() ? "" : " of the tasks chosen with --accuracy-tasks"));
  const size_t total = problems.size();
  if (config.num_dataset_entries_given && size_t(config.num_dataset_entries) < problems.size())
    problems.resize(size_t(config.num_dataset_entries));

  AccuracyWorkload w;
  w.key.benchmark = accuracy.benchmark;
  w.key.grader = info->grader;
  if (accuracy.grader) parse_grader(*accuracy.grader, w.key.grader);
  w.key.n_shots = options.n_shots;
  w.key.cot = options.cot;
  // --accuracy-system-prompt '' turns even the benchmark's default off.
  const std::string system = accuracy.system_prompt.value_or(std::string(info->default_system_prompt));
  const bool chat = config.endpoint_type == EndpointType::chat;
  for (AccuracyProblem& p : problems) {
    DatasetEntry& e = w.dataset.entries.emplace_back();
    e.conversation_id = default_conversation_id(config, w.dataset.entries.size() - 1);
    e.model = config.model_names.front();
    e.max_tokens = config.osl_mean.value_or(info->generation_size);
    if (chat) {
      nlohmann::json messages = nlohmann::json::array();
      if (!system.empty()) messages.push_back({{"role", "system"}, {"content", system}});
      for (const PromptMessage& m : p.messages) messages.push_back({{"role", m.role}, {"content", m.content}});
      e.recorded.edit().literal_messages = messages.dump();
      e.prompt = p.messages.back().content;  // what the console and inputs previews show
    } else {
      e.prompt = system.empty() ? std::move(p.text) : system + "\n\n" + p.text;
    }
    w.key.tasks.push_back(std::move(p.task));
    w.key.golds.push_back(std::move(p.gold));
  }
  notes << "Accuracy benchmark " << accuracy.benchmark << ": " << w.dataset.entries.size() << " problem(s)"
        << (w.dataset.entries.size() < total ? " of " + std::to_string(total) : std::string()) << ", "
        << options.n_shots << "-shot" << (options.cot ? ", chain-of-thought" : "") << ", graded by "
        << grader_name(w.key.grader) << std::endl;
  return w;
}

}  // namespace aiperf
