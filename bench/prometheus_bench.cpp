// Scrape cost (docs/benchmarks.md (z)): parse one Prometheus exposition of N series and store
// it in the run's series store, as a scrape thread does, repeated; prints the median time per
// scrape and per 1,000 series, and writes the exposition to a file so that a peer parser
// (prometheus_client, what upstream uses) can be timed on the very same text.
//   prometheus_bench SERIES ITERATIONS OUT.txt
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "telemetry/metric_series.h"
#include "telemetry/prometheus_text.h"

namespace {

// vLLM-shaped: per 10 series, 4 gauge lines, 3 counter lines and a 3-line histogram slice
// (buckets, _sum, _count), all with model_name and engine labels.
std::string exposition(int series, int scrape) {
  std::string out;
  const int families = std::max(1, series / 10);
  char line[256];
  for (int f = 0; f < families; ++f) {
    std::snprintf(line, sizeof line, "# HELP app:gauge_%d A gauge.\n# TYPE app:gauge_%d gauge\n", f, f);
    out += line;
    for (int i = 0; i < 4; ++i) {
      std::snprintf(line, sizeof line, "app:gauge_%d{model_name=\"Qwen/Qwen3-0.6B\",engine=\"%d\"} %d.5\n", f, i, scrape + i);
      out += line;
    }
    std::snprintf(line, sizeof line, "# TYPE app:tokens_%d_total counter\n", f);
    out += line;
    for (int i = 0; i < 3; ++i) {
      std::snprintf(line, sizeof line, "app:tokens_%d_total{model_name=\"Qwen/Qwen3-0.6B\",engine=\"%d\"} %d\n", f, i,
                    1000 * scrape + i);
      out += line;
    }
    std::snprintf(line, sizeof line, "# TYPE app:latency_%d_seconds histogram\n", f);
    out += line;
    std::snprintf(line, sizeof line,
                  "app:latency_%d_seconds_bucket{model_name=\"Qwen/Qwen3-0.6B\",le=\"+Inf\"} %d\n"
                  "app:latency_%d_seconds_sum{model_name=\"Qwen/Qwen3-0.6B\"} %d.25\n"
                  "app:latency_%d_seconds_count{model_name=\"Qwen/Qwen3-0.6B\"} %d\n",
                  f, scrape, f, scrape, f, scrape);
    out += line;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: prometheus_bench SERIES ITERATIONS OUT.txt\n");
    return 2;
  }
  const int series = std::atoi(argv[1]), iterations = std::atoi(argv[2]);
  std::ofstream(argv[3]) << exposition(series, 1);
  std::vector<std::string> bodies;
  for (int i = 0; i < iterations; ++i) bodies.push_back(exposition(series, i + 1));  // each scrape differs
  aiperf::MetricSeriesStore store;
  std::vector<double> us;
  size_t samples = 0;
  for (int i = 0; i < iterations; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const aiperf::PromParseResult r = aiperf::parse_prometheus_text(bodies[size_t(i)]);
    store.add_scrape(r, i);
    const auto t1 = std::chrono::steady_clock::now();
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    samples = r.sample_count;
  }
  std::sort(us.begin(), us.end());
  const double median = us[us.size() / 2];
  std::printf("series %zu bytes %zu median_us %.1f per_1000_series_us %.1f\n", samples, bodies[0].size(), median,
              median * 1000.0 / double(samples));
  return 0;
}
