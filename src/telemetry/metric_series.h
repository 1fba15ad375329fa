#pragma once
// The time series one Prometheus endpoint published during a run, kept per series (family +
// labels) as the scrapes arrive: values for counters and gauges, cumulative buckets, sum and
// count for histograms. metrics-and-outputs.md §9.1: `_created` series are skipped, summaries
// ignored, untyped series kept as `unknown`.
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "telemetry/prometheus_text.h"

namespace aiperf {

struct MetricFamilyInfo {
  PromType type = PromType::unknown;
  std::string description;  // # HELP
  std::string unit;         // inferred from the name (metric_unit.h); "" = none
};

struct MetricSeries {
  std::string metric;  // the exported name: the family's, with "_total" for counters that carry it
  PromType type = PromType::unknown;
  PromLabels labels;  // "le" excluded for histograms
  std::vector<int64_t> t_ns;  // monotonic scrape times
  std::vector<double> value;  // counter, gauge, unknown
  // Histograms: bucket bounds (ascending, +Inf last) and, per scrape, the cumulative counts.
  std::vector<double> bounds;
  std::vector<double> bucket_counts;  // t_ns.size() rows of bounds.size()
  std::vector<double> sum, count;
};

class MetricSeriesStore {
 public:
  // One parsed scrape taken at `t_ns` (monotonic).
  void add_scrape(const PromParseResult& scrape, int64_t t_ns);

  const std::vector<MetricSeries>& series() const { return series_; }
  const std::map<std::string, MetricFamilyInfo>& families() const { return families_; }
  // Info-type metrics: the labels of the latest scrape, per metric name.
  const std::map<std::string, std::vector<PromLabels>>& info() const { return info_; }
  size_t scrapes() const { return scrapes_; }

 private:
  MetricSeries& series_for(const std::string& metric, PromType type, const PromLabels& labels);

  std::vector<MetricSeries> series_;
  std::unordered_map<std::string, size_t> index_;  // metric + '\x1f' + sorted labels
  std::map<std::string, MetricFamilyInfo> families_;
  std::map<std::string, std::vector<PromLabels>> info_;
  size_t scrapes_ = 0;
};

// Bucket bound text as Prometheus writes it ("0.5", "+Inf") -> number.
double parse_bucket_bound(const std::string& le);
// And back, in the shortest text that reads back the same ("0.005", "10", "+Inf").
std::string bucket_bound_text(double bound);

}  // namespace aiperf
