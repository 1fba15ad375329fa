#pragma once
// A consumer of finished per-record results (a per-request export such as
// profile_export.parquet). The record processor calls it once per record, on its own thread,
// after the metrics are computed; the sink owns its buffering and must not block on I/O per
// record.
#include <optional>
#include <string_view>

#include "common/error_details.h"
#include "endpoints/response_parser.h"
#include "metrics/record_metrics.h"
#include "records/raw_record.h"

namespace aiperf {

class RecordSink {
 public:
  virtual ~RecordSink() = default;
  virtual void add(const RawRecord& raw, std::string_view conversation_id, const RecordMetrics& metrics,
                   const std::optional<ErrorDetails>& error) = 0;
  // What the record processor calls. Sinks that need the parsed responses (outputs.json's
  // response text) override this one; the others get add().
  virtual void add_parsed(const RawRecord& raw, std::string_view conversation_id, const RecordMetrics& metrics,
                          const ParsedRecord& parsed) {
    add(raw, conversation_id, metrics, parsed.error);
  }
};

}  // namespace aiperf
