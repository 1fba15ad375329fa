#pragma once
// profile_export.parquet: the per-request JSONL as a table, one row per record, flat columns
// (docs/outputs.md has the schema). Rows are buffered one row group at a time on the record
// thread; the file is complete only after close().
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "common/clock.h"
#include "io/parquet_file_writer.h"
#include "metrics/record_sink.h"

namespace aiperf {

// Rows per row group: ~40 columns of this many rows stay a few MB in memory.
inline constexpr size_t kParquetRowsPerGroup = 16384;

class RecordParquetExport : public RecordSink {
 public:
  // Throws std::runtime_error naming the path when it cannot be created.
  RecordParquetExport(const std::filesystem::path& path, ClockAnchor anchor,
                      size_t rows_per_group = kParquetRowsPerGroup);

  void add(const RawRecord& raw, std::string_view conversation_id, const RecordMetrics& metrics,
           const std::optional<ErrorDetails>& error) override;

  // False when a write failed: the file is incomplete.
  bool close() { return writer_.close(); }

 private:
  ParquetFileWriter writer_;
  ClockAnchor anchor_;
  std::string scratch_;  // reused: "worker_<n>", sanitised text
};

}  // namespace aiperf
