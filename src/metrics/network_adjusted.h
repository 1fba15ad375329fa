#pragma once
// Network-RTT calibration (metrics-and-outputs.md §1.8; docs/telemetry.md, "Network latency"):
// network_rtt, and the latencies that start at the client's send less that RTT. Each sample
// becomes max(0, v − rtt); the RTT is known only once the run's probes are done, so the
// twins are derived from the stored samples at summarise time, never per record.
#include <algorithm>
#include <span>
#include <vector>

#include "metrics/metric_accumulator.h"
#include "metrics/metric_result.h"

namespace aiperf {

// An ascending view (SortedSamples, MergedSamples) with every sample shifted down by `rtt_ns`
// and clamped at 0: a monotone map, so the view stays ascending and describe_ascending() applies.
template <class Ascending>
class RttShifted {
 public:
  RttShifted(const Ascending& in, double rtt_ns) : in_(in), rtt_ns_(rtt_ns) {}
  size_t size() const { return in_.size(); }
  bool empty() const { return in_.empty(); }
  template <class F>
  void for_each(F&& f) const {
    in_.for_each([&](double v) { f(shift(v)); });
  }
  void values_at(std::span<const size_t> ranks, std::span<double> out) const {
    in_.values_at(ranks, out);
    for (double& v : out) v = shift(v);
  }

 private:
  double shift(double v) const { return std::max(0.0, v - rtt_ns_); }
  const Ascending& in_;
  double rtt_ns_;
};

// The (source, adjusted) pairs: only intervals anchored at the request's send include the
// connection's round trip (ITL and the other gaps inside a stream do not).
struct NetworkAdjustedPair {
  MetricId source, adjusted;
};
inline constexpr NetworkAdjustedPair kNetworkAdjustedPairs[] = {
    {MetricId::request_latency, MetricId::network_adjusted_request_latency},
    {MetricId::time_to_first_token, MetricId::network_adjusted_time_to_first_token},
    {MetricId::time_to_first_output_token, MetricId::network_adjusted_time_to_first_output_token},
};

// network_rtt (one value, ms) and a network_adjusted_* result with full statistics for each
// source metric `acc` has samples of. Logs a warning when the RTT exceeds some samples (they
// are clamped to 0: the RTT may be larger than the real network leg).
std::vector<MetricResult> network_adjusted_metrics(MetricAccumulator& acc, double rtt_ms);

}  // namespace aiperf
