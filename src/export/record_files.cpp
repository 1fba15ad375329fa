#include "export/record_files.h"

#include "common/log.h"
#include "export/artifact_layout.h"

namespace aiperf {

namespace {

std::filesystem::path partial(std::filesystem::path p) { return p += ".partial"; }

// Closes a file grown under its `.partial` name and renames it; false on any write error.
bool finish(std::optional<BlockFileStream>& file, const std::filesystem::path& path) {
  if (!file) return true;
  file->close();
  std::error_code ec;
  if (*file) std::filesystem::rename(partial(path), path, ec);
  if (*file && !ec) return true;
  log(LogLevel::error, "writing " + path.string() + " failed; what was written is in " + partial(path).string() +
                           " and is incomplete");
  return false;
}

}  // namespace

RecordFiles::RecordFiles(const ProfileConfig& config, const std::filesystem::path& dir, ClockAnchor anchor, bool raw) {
  const ArtifactNames names = artifact_names(config);
  records_path_ = dir / names.records;
  raw_path_ = dir / names.raw_records;
  parquet_path_ = dir / kRecordsParquetFile;
  outputs_path_ = dir / kOutputsJsonFile;
  if (config.export_level != ExportLevel::summary) {
    jsonl_.emplace(partial(records_path_));
    parquet_.emplace(parquet_path_, anchor);
  }
  if (config.export_outputs_json) outputs_json_.emplace(outputs_path_, anchor);
  if (raw && config.export_level == ExportLevel::raw) raw_jsonl_.emplace(partial(raw_path_));
}

void RecordFiles::attach(RecordProcessor& processor) {
  if (parquet_) processor.add_sink(&*parquet_);
  if (outputs_json_) processor.add_sink(&*outputs_json_);
}

bool RecordFiles::close() {
  bool ok = finish(jsonl_, records_path_);
  ok = finish(raw_jsonl_, raw_path_) && ok;
  if (outputs_json_ && !outputs_json_->close()) {
    log(LogLevel::error, "writing " + outputs_path_.string() + " failed; what was written is in " +
                             outputs_path_.string() + ".partial and is incomplete");
    ok = false;
  }
  if (parquet_ && !parquet_->close()) {
    log(LogLevel::error, "writing " + parquet_path_.string() + " failed; it is incomplete");
    ok = false;
  }
  return ok;
}

}  // namespace aiperf
