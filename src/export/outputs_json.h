#pragma once
// outputs.json (metrics-and-outputs.md §7.8): each request's response text with its key
// metrics, for accuracy/eval workflows. Written with --export-outputs-json or at export level
// raw. Profiling entries are streamed to `<path>.partial` as records arrive; warm-up entries
// (a few) are held until close(), which writes the "warmup" list and renames the file.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include "common/block_file_stream.h"
#include "common/clock.h"
#include "metrics/record_sink.h"

namespace aiperf {

inline constexpr const char* kOutputsJsonFile = "outputs.json";
inline constexpr const char* kOutputsSchemaVersion = "1.1";

class OutputsJsonExport : public RecordSink {
 public:
  // Throws std::runtime_error naming the path when `<path>.partial` cannot be created.
  OutputsJsonExport(const std::filesystem::path& path, ClockAnchor anchor);

  void add(const RawRecord&, std::string_view, const RecordMetrics&, const std::optional<ErrorDetails>&) override {}
  void add_parsed(const RawRecord& raw, std::string_view conversation_id, const RecordMetrics& metrics,
                  const ParsedRecord& parsed) override;

  // Finishes the document and renames it into place. False when a write failed: the text
  // is then left in `<path>.partial`.
  bool close();

 private:
  std::filesystem::path path_, partial_;
  ClockAnchor anchor_;
  BlockFileStream out_;
  size_t data_entries_ = 0;
  std::string warmup_;  // finished entries, joined
  size_t warmup_entries_ = 0;
  bool closed_ = false;
};

}  // namespace aiperf
