#pragma once
// The per-request files of a run, for `aiperf profile` and `aiperf merge` alike:
// profile_export.jsonl (and profile_export_raw.jsonl) grow under a `.partial` name and get their
// real one only once complete, so a crashed or failed run never leaves a truncated file that
// looks finished; profile_export.parquet is written in place (a reader needs its footer, so a
// torn file is never mistaken for a complete one); outputs.json does its own `.partial`.
#include <filesystem>
#include <optional>

#include "common/block_file_stream.h"
#include "common/clock.h"
#include "config/profile_config.h"
#include "export/outputs_json.h"
#include "export/record_parquet.h"
#include "metrics/record_processor.h"

namespace aiperf {

class RecordFiles {
 public:
  // Opens what `config`'s export level and flags ask for in `dir`; `raw`: also
  // profile_export_raw.jsonl at --export-level raw (the merge has no wire-level text to write).
  RecordFiles(const ProfileConfig& config, const std::filesystem::path& dir, ClockAnchor anchor, bool raw);

  // profile_export.jsonl for the RecordProcessor's constructor; nullptr at --export-level summary.
  std::ostream* records_jsonl() { return jsonl_ ? &*jsonl_ : nullptr; }
  // profile_export_raw.jsonl; nullptr unless opened.
  std::ostream* raw_jsonl() { return raw_jsonl_ ? &*raw_jsonl_ : nullptr; }
  // Hands every record to the Parquet and outputs.json writers.
  void attach(RecordProcessor& processor);

  // Closes every file and gives the complete ones their names. A write error (a full disk)
  // is logged naming the file, and returns false: the files would be missing records.
  bool close();

 private:
  std::filesystem::path records_path_, raw_path_, parquet_path_, outputs_path_;
  std::optional<BlockFileStream> jsonl_, raw_jsonl_;
  std::optional<RecordParquetExport> parquet_;
  std::optional<OutputsJsonExport> outputs_json_;
};

}  // namespace aiperf
