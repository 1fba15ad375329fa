#pragma once
// The Prometheus text exposition format (0.0.4) and OpenMetrics 1.0 text, parsed into metric
// families: # HELP / # TYPE / # UNIT lines, samples with labels (escapes \\ \" \n), values
// including +Inf, -Inf and NaN, optional timestamps and OpenMetrics exemplars (skipped).
// Lenient: a malformed line is reported with its number and skipped, the rest still counts,
// so one bad series never loses a scrape.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aiperf {

enum class PromType { unknown, counter, gauge, histogram, summary, info, stateset, gaugehistogram };

const char* prom_type_name(PromType t);  // "counter", ...; "unknown" for untyped

using PromLabels = std::vector<std::pair<std::string, std::string>>;  // in exposition order

struct PromSample {
  std::string suffix;  // what follows the family name: "", "_total", "_bucket", "_sum", "_count", ...
  PromLabels labels;
  double value = 0;
  std::optional<double> timestamp;  // as written: ms (Prometheus) or s (OpenMetrics)
};

struct PromFamily {
  std::string name;
  PromType type = PromType::unknown;
  std::string help;
  std::string unit;  // OpenMetrics # UNIT
  std::vector<PromSample> samples;
};

struct PromParseResult {
  std::vector<PromFamily> families;
  std::vector<std::string> errors;  // "line 12: ..." (at most kMaxErrors kept)
  size_t error_count = 0;
  size_t sample_count = 0;
  static constexpr size_t kMaxErrors = 20;
};

PromParseResult parse_prometheus_text(std::string_view text);

// The value of label `name`, or nullptr.
const std::string* find_label(const PromLabels& labels, std::string_view name);

}  // namespace aiperf
