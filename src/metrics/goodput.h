#pragma once
// --goodput SLOs (metrics-and-outputs.md §1.4, §3): a record is good when it is valid and
// every SLO holds; goodput counts good records per second.
#include <span>
#include <vector>

#include "metrics/metrics_settings.h"
#include "metrics/metric_catalogue.h"
#include "metrics/record_metrics.h"

namespace aiperf {

struct GoodputSlo {
  MetricId metric;
  double threshold = 0;  // base units (the flag's display value × display_divisor)
  bool larger_is_better = false;
};

// Checks config.goodput against the catalogue and this run's settings. Throws ConfigError
// naming --goodput for an unknown tag, a metric that is not one value per request, or one
// this run never computes (e.g. time_to_first_token without --streaming).
std::vector<GoodputSlo> resolve_goodput(const MetricsSettings& config);

// Every SLO passes (`>=` threshold when larger is better, else `<=`; equality passes). A
// record that lacks one of the metrics is not good.
bool meets_slos(const RecordMetrics& m, std::span<const GoodputSlo> slos);

}  // namespace aiperf
