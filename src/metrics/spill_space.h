#pragma once
// Where a run's statistics go once memory holds enough of them (docs/design.md, "Bounded
// memory"): how many samples per metric and request lives stay in memory, the directory of
// the spill file, and the file itself, made on first use. Shared by one MetricAccumulator's
// columns; record-processor thread only.
#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "metrics/spill_file.h"

namespace aiperf {

struct SpillSettings {
  // Per metric: a column holding this many samples is sorted and written out (4-8 bytes each:
  // 1-2 MB a metric, reached after 262,144 requests, or fewer for per-token metrics).
  size_t samples_in_memory = size_t(1) << 18;
  // Request lives for the sweep-line curves (40 bytes each) held before they are written out.
  size_t intervals_in_memory = size_t(1) << 16;
  // --slice-duration: records (each its metrics, ~1 KB) held before they are written out.
  size_t slice_records_in_memory = size_t(1) << 12;
  std::string dir = "/tmp";
};

// AIPERF_METRICS_SPILL_DIR (else $TMPDIR, else /tmp) and AIPERF_METRICS_SPILL_SAMPLES (the
// per-metric sample budget; the interval budget is a quarter of it, the slice-record budget a
// sixty-fourth, each at least 1). Throws
// ConfigError naming the variable for a budget that is not a whole number >= 1 or a directory
// where no spill file can be made.
SpillSettings spill_settings_from_env();

class SpillSpace {
 public:
  explicit SpillSpace(SpillSettings settings = {}) : settings_(std::move(settings)) {}
  const SpillSettings& settings() const { return settings_; }
  SpillFile& file() {
    if (!file_) file_ = std::make_unique<SpillFile>(settings_.dir);
    return *file_;
  }
  bool has_file() const { return file_ != nullptr; }

 private:
  SpillSettings settings_;
  std::unique_ptr<SpillFile> file_;
};

}  // namespace aiperf
