#pragma once
// The `trace_data` object of one profile_export.jsonl line (--export-http-trace,
// metrics-and-outputs.md §7.5.2): the request's raw HTTP trace, monotonic stamps plus the
// run's one wall-clock anchor. Field names are documented in docs/outputs.md.
#include <string>

#include "common/clock.h"
#include "records/raw_record.h"

namespace aiperf {

// Appends `"trace_data":{...}`. Stamps that did not happen are omitted; counts and the reuse
// flag are always written.
void append_trace_data(std::string& out, const RawRecord& raw, const ClockAnchor& anchor);

}  // namespace aiperf
