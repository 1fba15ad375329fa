#pragma once
// The unit a Prometheus metric's name implies (metrics-and-outputs.md §9.1): `_seconds`,
// `_bytes`, `_tokens`, `_perc`/`_percent`, `_ratio`, … after any `_total`/`_count` suffix.
#include <string>
#include <string_view>

namespace aiperf {

// "" when the name implies none. An OpenMetrics # UNIT wins when given.
std::string infer_metric_unit(std::string_view name, std::string_view declared_unit = {});

}  // namespace aiperf
