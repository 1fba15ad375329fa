#pragma once
// Grading on the record thread (off the hot path): a RecordSink that looks up each profiling
// record's problem by its dataset index, grades the response text, and tallies per task.
// Failed requests are counted as errors, not as wrong answers; warm-up records are not graded.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "accuracy/accuracy_workload.h"
#include "accuracy/grader.h"
#include "metrics/record_sink.h"

namespace aiperf {

struct TaskTally {
  int64_t total = 0;  // graded responses
  int64_t passed = 0;
  int64_t unparsed = 0;
  int64_t errors = 0;  // failed requests: not graded, not in total
  double accuracy() const { return total ? double(passed) / double(total) : 0.0; }
  double unparsed_rate() const { return total ? double(unparsed) / double(total) : 0.0; }
  void add(const TaskTally& o) { total += o.total, passed += o.passed, unparsed += o.unparsed, errors += o.errors; }
};

// One graded response: a line of accuracy_export.jsonl.
struct GradedResponse {
  uint64_t session_num = 0;
  std::string conversation_id;
  std::string x_request_id;
  int64_t timestamp_ns = 0;  // wall clock when graded
  std::string task;
  GradeResult grade;
  std::string model_output;
  std::string model_thinking;  // reasoning_content; empty: none
};

class AccuracyGrading : public RecordSink {
 public:
  explicit AccuracyGrading(AnswerKey key) : key_(std::move(key)) {}

  void add(const RawRecord&, std::string_view, const RecordMetrics&, const std::optional<ErrorDetails>&) override {}
  void add_parsed(const RawRecord& raw, std::string_view conversation_id, const RecordMetrics& metrics,
                  const ParsedRecord& parsed) override;

  const AnswerKey& key() const { return key_; }
  // Tasks in the order their first problem appears in the dataset, then the overall row.
  std::vector<std::pair<std::string, TaskTally>> task_rows() const;
  TaskTally overall() const;
  const std::vector<GradedResponse>& responses() const { return responses_; }

 private:
  AnswerKey key_;
  std::map<std::string, TaskTally> tallies_;
  std::vector<GradedResponse> responses_;
};

}  // namespace aiperf
