#pragma once
// One line of profile_export_raw.jsonl (metrics-and-outputs.md §7.6): the request exactly as
// sent and every response message exactly as received, with its arrival stamp.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/clock.h"
#include "common/error_details.h"
#include "records/raw_record.h"

namespace aiperf {

// Request headers as sent, secrets already redacted; the per-request id headers are added
// from the record: X-Request-ID, then the correlation id under each of `correlation_headers`
// (empty: X-Correlation-ID only).
using HeaderList = std::vector<std::pair<std::string, std::string>>;

// Appends the line, including its trailing '\n'. `payload` is the exact body sent (JSON).
void append_raw_export_line(std::string& out, const RawRecord& raw, std::string_view conversation_id,
                            std::string_view payload, const HeaderList& headers,
                            const ClockAnchor& anchor, const std::optional<ErrorDetails>& error,
                            std::span<const std::string> correlation_headers = {});

}  // namespace aiperf
