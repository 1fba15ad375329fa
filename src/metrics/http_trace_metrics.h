#pragma once
// The http_req_* record metrics (metrics-and-outputs.md §1.6, k6 naming) from one
// request's transport trace, in base units (ns, bytes, counts).
#include "metrics/record_metrics.h"
#include "records/http_trace.h"

namespace aiperf {

// Sets all fourteen on `m`, or none when the trace lacks a send or a received byte.
void add_http_trace_metrics(const HttpTrace& trace, RecordMetrics& m);

}  // namespace aiperf
