#pragma once
// One line of profile_export.jsonl (metrics-and-outputs.md §7.5.1, current shape):
// {"metadata":{...},"metrics":{"<tag>":{"value":v,"unit":"u"},...},"error":{...}}
// Absent and default-valued fields are omitted, as upstream's msgspec writer does.
#include <optional>
#include <string>
#include <string_view>

#include "common/clock.h"
#include "common/error_details.h"
#include "metrics/record_metrics.h"
#include "records/raw_record.h"

namespace aiperf {

// Appends the line, including its trailing '\n', to `out`. Metric values are converted to
// display units; `error` is written for error records only; `trace_data` with `http_trace`
// (--export-http-trace).
void append_record_line(std::string& out, const RawRecord& raw, std::string_view conversation_id,
                        const ClockAnchor& anchor, const RecordMetrics& metrics,
                        const std::optional<ErrorDetails>& error, bool http_trace = false,
                        uint32_t invalid_sse_messages = 0);

// Appends `"metadata":{...}` (the same object in every per-request export).
// `invalid_sse_messages` (ParsedRecord's count) is written only when not 0.
void append_record_metadata(std::string& out, const RawRecord& raw, std::string_view conversation_id,
                            const ClockAnchor& anchor, bool is_error, uint32_t invalid_sse_messages = 0);

// Appends `"error":{...}`.
void append_error_details(std::string& out, const ErrorDetails& error);

// Wall-clock request_end_ns: start + (last raw chunk − start) for successes, which includes
// a trailing usage chunk and [DONE]; the time the error was detected otherwise. 0 = unknown.
int64_t request_end_wall_ns(const RawRecord& raw, const ClockAnchor& anchor, bool is_error);

}  // namespace aiperf
