// Output tokens per second over time, with each request's tokens spread evenly over its decode
// (upstream's "dispersed throughput"): a request contributes OSL / (end − (start + TTFT)) tok/s
// over [start + TTFT, end] and nothing during prefill. Without TTFT (non-streaming) the spread
// starts at the request's start. Summed over requests, then averaged over equal time buckets
// exactly (each bucket gets the integral of the step function over it, divided by its width), so
// the area under the curve equals the tokens delivered. A request whose tokens all arrived in one
// read (no decode span) counts whole in the bucket of its end.
#pragma once

#include <cstddef>
#include <vector>

#include "plot/request_table.h"

namespace aiperf::plot {

struct ThroughputCurve {
  std::vector<double> t_s;        // bucket centre, seconds since `origin_ns`
  std::vector<double> tokens_per_s;
  double bucket_s = 0;
  double tokens = 0;              // Σ OSL of the requests that contributed
};

// Valid requests with OSL > 0 and a positive decode span contribute; `buckets` ≥ 1.
ThroughputCurve dispersed_throughput(const RequestTable& requests, int64_t origin_ns, std::size_t buckets);

}  // namespace aiperf::plot
