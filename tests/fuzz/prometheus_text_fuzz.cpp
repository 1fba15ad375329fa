// The Prometheus / OpenMetrics exposition parser (telemetry/prometheus_text.h) on any body a
// /metrics endpoint or DCGM exporter could send, then the series store that keeps a scrape.
// Input: the whole body.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "telemetry/metric_series.h"
#include "telemetry/prometheus_text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const aiperf::PromParseResult r = aiperf::parse_prometheus_text(text);
  if (r.errors.size() > aiperf::PromParseResult::kMaxErrors || r.errors.size() > r.error_count) std::abort();
  size_t samples = 0;
  for (const aiperf::PromFamily& f : r.families) {
    if (f.name.empty()) std::abort();
    samples += f.samples.size();
  }
  if (samples != r.sample_count) std::abort();
  // A sample or an error per line at most.
  size_t lines = 1;
  for (char c : text) lines += c == '\n';
  if (r.sample_count + r.error_count > lines) std::abort();
  aiperf::MetricSeriesStore store;
  store.add_scrape(r, 1);
  store.add_scrape(r, 2);
  for (const aiperf::MetricSeries& s : store.series())
    if (s.t_ns.size() > 2 || (s.type == aiperf::PromType::histogram && s.bucket_counts.size() != s.t_ns.size() * s.bounds.size()))
      std::abort();
  return 0;
}
