#include "metrics/goodput.h"

namespace aiperf {
namespace {

// Why `id` can have no value in this run, or nullptr when it can.
const char* not_applicable_reason(const MetricsSettings& config, MetricId id) {
  const uint8_t flags = metric_info(id).flags;
  if (flags & kErrorOnly) return "it exists for failed requests only";
  if ((flags & kStreamingOnly) && !config.streaming) return "it needs --streaming";
  if ((flags & kScheduledOnly) && !config.scheduled)
    return "it needs --request-rate or --fixed-schedule";
  const bool usage_diff = id == MetricId::usage_prompt_tokens_diff_pct ||
                          id == MetricId::usage_completion_tokens_diff_pct ||
                          id == MetricId::usage_reasoning_tokens_diff_pct;
  if (usage_diff && config.use_server_token_count)
    return "usage is the token count with --use-server-token-count";
  if ((flags & (kExperimental | kInternal)) != 0) {
    const RecordMetricOptions o = record_metric_options(config);
    if ((flags & kExperimental) && !o.experimental)
      return "it needs AIPERF_DEV_MODE and AIPERF_DEV_SHOW_EXPERIMENTAL_METRICS";
    if ((flags & kInternal) && !o.internal) return "it needs AIPERF_DEV_MODE and AIPERF_DEV_SHOW_INTERNAL_METRICS";
  }
  return nullptr;
}

}  // namespace

std::vector<GoodputSlo> resolve_goodput(const MetricsSettings& config) {
  std::vector<GoodputSlo> slos;
  for (const GoodputTarget& t : config.goodput) {
    const std::optional<MetricId> id = metric_by_tag(t.tag);
    if (!id) throw ConfigError("--goodput: unknown metric tag '" + t.tag + "'");
    // Aggregates are one value per run, and ICL is a list per request: neither can judge
    // one request.
    if (!is_record_metric(*id) || *id == MetricId::inter_chunk_latency)
      throw ConfigError("--goodput: '" + t.tag + "' is not a per-request metric");
    if (const char* why = not_applicable_reason(config, *id))
      throw ConfigError("--goodput: metric '" + t.tag + "' is not applicable to this run (" + why + ")");
    const MetricInfo& info = metric_info(*id);
    slos.push_back({*id, t.value * info.display_divisor, (info.flags & kLargerIsBetter) != 0});
  }
  return slos;
}

bool meets_slos(const RecordMetrics& m, std::span<const GoodputSlo> slos) {
  for (const GoodputSlo& slo : slos) {
    const std::optional<double>& v = m[slo.metric];
    if (!v) return false;
    if (slo.larger_is_better ? !(*v >= slo.threshold) : !(*v <= slo.threshold)) return false;
  }
  return true;
}

}  // namespace aiperf
