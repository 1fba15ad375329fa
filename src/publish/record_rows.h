#pragma once
// The per-request lines of profile_export.jsonl, read back one at a time for the exporters
// that publish distributions (OTLP histograms). Only the profiling phase is kept: warm-up
// requests are not part of the measured run.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

struct RecordValue {
  std::string_view tag, unit;  // valid during the visit only
  double value = 0;
};

struct RecordRow {
  int64_t session_num = -1;
  int64_t start_ns = 0, end_ns = 0;  // wall clock; 0 when the line has none
  bool failed = false, cancelled = false;
  std::optional<int64_t> error_code;
  std::string_view error_type;
  // Each numeric metric of the line; a list metric (inter_chunk_latency) gives one per element.
  std::vector<RecordValue> values;
  std::optional<double> value(std::string_view tag) const;
};

// Calls `visit` with each profiling-phase line of `jsonl`. Lines that are not JSON objects
// are skipped and counted in `*skipped`. Throws std::runtime_error naming the file when it
// cannot be read.
void for_each_record(const std::filesystem::path& jsonl, const std::function<void(const RecordRow&)>& visit,
                     size_t* skipped = nullptr);

}  // namespace aiperf
