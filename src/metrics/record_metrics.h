#pragma once
// Per-record metrics (metrics-and-outputs.md §1.1, §1.2, §1.5), in base units (ns, tokens,
// tokens/sec). A metric that cannot be computed for a record is absent, never 0.
#include <array>
#include <optional>
#include <vector>

#include "config/profile_config.h"
#include "endpoints/response_parser.h"
#include "metrics/image_metrics.h"
#include "metrics/metric_catalogue.h"
#include "metrics/metrics_settings.h"
#include "metrics/token_counts.h"
#include "records/raw_record.h"

namespace aiperf {

struct RecordMetrics {
  std::array<std::optional<double>, kRecordMetricCount> value;  // indexed by MetricId
  std::vector<double> inter_chunk_latency;  // list-valued; value[inter_chunk_latency] unused

  // Per-record verdicts behind the run's counts; absent = the record could not be judged.
  std::optional<bool> osl_mismatch;       // osl_mismatch_count (§1.2)
  std::optional<bool> usage_discrepancy;  // usage_discrepancy_count (§1.5)
  bool streamed = false;                  // valid and really streamed (streamed_request_count)
  bool cancelled = false;                 // cancelled_request_count
  bool good = false;                      // met every --goodput SLO (set by the caller, §3)
  bool session_completed = false;         // valid and the last turn of its session (session_count)

  std::optional<double>& operator[](MetricId id) { return value[size_t(id)]; }
  const std::optional<double>& operator[](MetricId id) const { return value[size_t(id)]; }
};

// Run-wide settings of the per-record computation; the thresholds default to upstream's.
struct RecordMetricOptions {
  bool streaming = false;   // --streaming: streaming metrics for records that really streamed
  bool usage_diff = false;  // compare usage with the client's own token counts
  bool http_trace = false;  // --show-trace-timing: the http_req_* metrics (§1.6)
  bool per_chunk_usage = false;  // --per-chunk-usage: ITL divisor from the first chunk's usage (§1.1.1)
  // false (embeddings, rankings): no PRODUCES_TOKENS_ONLY metric (TTFT, ITL, OSL, ...; §0.1)
  bool produces_tokens = true;
  ImageCountSource images = ImageCountSource::none;  // where num_images comes from (§1.7)
  double osl_mismatch_pct = 5;
  double osl_mismatch_max_tokens = 50;
  double usage_diff_pct = 10;
  // AIPERF_DEV_MODE with AIPERF_DEV_SHOW_EXPERIMENTAL_METRICS / _SHOW_INTERNAL_METRICS: compute
  // (and so export) the EXPERIMENTAL / INTERNAL metrics, as upstream's dev mode shows them.
  bool experimental = false;
  bool internal = false;
};

// The options for `config`: --streaming, usage diffs unless --use-server-token-count, and
// the thresholds from AIPERF_METRICS_OSL_MISMATCH_PCT_THRESHOLD,
// AIPERF_METRICS_OSL_MISMATCH_MAX_TOKEN_THRESHOLD and AIPERF_METRICS_USAGE_PCT_DIFF_THRESHOLD
// when set, and the dev-mode switches. Throws ConfigError naming the variable for a threshold
// that is not a number >= 0 or a switch that is not a boolean.
RecordMetricOptions record_metric_options(const MetricsSettings& config);

// The ITL divisor (metrics-and-outputs.md §1.1.1): OSL − 1, or with --per-chunk-usage
// OSL − first_content_chunk_tokens when that leaves at least 1 (else OSL − 1, with a warning
// on stderr once per process). Absent when OSL < 2.
std::optional<double> itl_decode_tokens(double osl, const ParsedRecord& parsed, bool per_chunk_usage);

// Valid records get every applicable metric; error records only error_isl (and send_lag,
// credit_to_start_latency).
RecordMetrics compute_record_metrics(const RawRecord& raw, const ParsedRecord& parsed,
                                     const TokenCounts& tokens, const RecordMetricOptions& options);

}  // namespace aiperf
