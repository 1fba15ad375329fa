#pragma once
// The whole client's CPU time and resident memory, for the live view's workers panel and the
// dashboard's own cost (docs/ui.md). Read by the UI thread, never on the hot path.
#include <cstdint>

namespace aiperf {

struct ProcessUsage {
  int64_t cpu_ns = 0;      // user + system CPU time of every thread so far
  uint64_t rss_bytes = 0;  // resident set size; 0 when /proc does not say
};

ProcessUsage sample_process_usage();

// CPU time the calling thread has used.
int64_t current_thread_cpu_ns();

}  // namespace aiperf
