#include "plot/dispersed_throughput.h"

#include <algorithm>
#include <cmath>

namespace aiperf::plot {

ThroughputCurve dispersed_throughput(const RequestTable& r, int64_t origin_ns, std::size_t buckets) {
  ThroughputCurve curve;
  struct Span {
    double from_s, to_s, rate;
  };
  std::vector<Span> spans;
  double end_s = 0;
  for (std::size_t i = 0; i < r.size(); ++i) {
    if (r.failed(i) || !(r.osl[i] > 0) || r.start_ns[i] == 0 || r.end_ns[i] == 0) continue;
    const double prefill_ms = std::isnan(r.ttft_ms[i]) ? 0.0 : r.ttft_ms[i];
    const double from = seconds_since(r.start_ns[i], origin_ns) + prefill_ms / 1e3;
    const double to = seconds_since(r.end_ns[i], origin_ns);
    if (!(to >= from) || !std::isfinite(from) || !std::isfinite(to) || !std::isfinite(r.osl[i]))
      continue;  // a clock anomaly or a corrupt record: nothing sensible to spread
    // Every token in one read (TTFT = latency): an impulse at its end, so the area stays the tokens.
    spans.push_back({from, to, to > from ? r.osl[i] / (to - from) : r.osl[i]});
    curve.tokens += r.osl[i];
    end_s = std::max(end_s, to);
  }
  if (spans.empty() || buckets == 0) return curve;
  curve.bucket_s = end_s > 0 ? end_s / double(buckets) : 1.0;
  std::vector<double> integral(buckets, 0.0);
  for (const Span& s : spans) {
    // Σ over the buckets the span overlaps of rate × overlap: O(buckets touched) per request.
    std::size_t b = std::min(buckets - 1, std::size_t(std::max(0.0, s.from_s) / curve.bucket_s));
    if (s.to_s == s.from_s) {
      integral[std::min(buckets - 1, std::size_t(s.to_s / curve.bucket_s))] += s.rate;  // rate holds the tokens
      continue;
    }
    for (; b < buckets; ++b) {
      const double lo = double(b) * curve.bucket_s, hi = lo + curve.bucket_s;
      if (lo >= s.to_s) break;
      const double overlap = std::min(hi, s.to_s) - std::max(lo, s.from_s);
      if (overlap > 0) integral[b] += s.rate * overlap;
    }
  }
  curve.t_s.resize(buckets);
  curve.tokens_per_s.resize(buckets);
  for (std::size_t b = 0; b < buckets; ++b) {
    curve.t_s[b] = (double(b) + 0.5) * curve.bucket_s;
    curve.tokens_per_s[b] = integral[b] / curve.bucket_s;
  }
  return curve;
}

}  // namespace aiperf::plot
