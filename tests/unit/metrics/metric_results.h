#pragma once
// The summary result with upstream tag `tag`, or nullptr (metric_families_test.cpp,
// spec_decode_metrics_test.cpp).
#include <string>
#include <vector>

#include "metrics/metric_result.h"

namespace aiperf::testing {

inline const MetricResult* find_result(const std::vector<MetricResult>& results, const std::string& tag) {
  for (const MetricResult& r : results)
    if (r.tag == tag) return &r;
  return nullptr;
}

}  // namespace aiperf::testing
