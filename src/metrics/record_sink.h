#pragma once
// A consumer of finished per-record results (a per-request export such as
// profile_export.parquet). The record processor calls it once per record, on its own thread,
// after the metrics are computed; the sink owns its buffering and must not block on I/O per
// record.
#include <optional>
#include <string_view>

#include "common/error_details.h"
#include "metrics/record_metrics.h"
#include "records/raw_record.h"

namespace aiperf {

class RecordSink {
 public:
  virtual ~RecordSink() = default;
  virtual void add(const RawRecord& raw, std::string_view conversation_id, const RecordMetrics& metrics,
                   const std::optional<ErrorDetails>& error) = 0;
};

}  // namespace aiperf
