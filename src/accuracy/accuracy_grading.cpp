#include "accuracy/accuracy_grading.h"

#include <chrono>
#include <set>

namespace aiperf {

void AccuracyGrading::add_parsed(const RawRecord& raw, std::string_view conversation_id, const RecordMetrics&,
                                 const ParsedRecord& parsed) {
  if (raw.phase != BenchmarkPhase::profiling || raw.dataset_index >= key_.golds.size()) return;
  const std::string& task = key_.tasks[raw.dataset_index];
  TaskTally& tally = tallies_[task];
  if (parsed.error) {
    ++tally.errors;
    return;
  }
  GradedResponse g;
  for (const ParsedResponse& r : parsed.responses) {
    g.model_output += r.text;
    g.model_thinking += r.reasoning;
  }
  g.grade = grade_response(key_.grader, g.model_output, key_.golds[raw.dataset_index]);
  ++tally.total;
  tally.passed += g.grade.correct ? 1 : 0;
  tally.unparsed += g.grade.unparsed ? 1 : 0;
  g.session_num = raw.session_num;
  g.conversation_id = std::string(conversation_id);
  g.x_request_id = raw.x_request_id;
  g.timestamp_ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  g.task = task;
  responses_.push_back(std::move(g));
}

std::vector<std::pair<std::string, TaskTally>> AccuracyGrading::task_rows() const {
  std::vector<std::pair<std::string, TaskTally>> rows;
  std::set<std::string> listed;
  for (const std::string& task : key_.tasks)
    if (auto it = tallies_.find(task); it != tallies_.end() && listed.insert(task).second) rows.emplace_back(*it);
  return rows;
}

TaskTally AccuracyGrading::overall() const {
  TaskTally all;
  for (const auto& [task, t] : tallies_) all.add(t);
  return all;
}

}  // namespace aiperf
