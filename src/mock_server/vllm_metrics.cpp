#include "mock_server/vllm_metrics.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include "mock_server/serving_model.h"

namespace aiperf::mock {
namespace {

// As vLLM's Python client prints numbers: the shortest round-trip form, and ".0" on whole
// numbers ("1.0", "2560.0"), so scrapers that compare `le` strings see the same text.
void append_metric_value(std::string& out, double v) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  std::string_view s(buf, size_t(end - buf));
  out += s;
  if (s.find_first_of(".eni") == std::string_view::npos) out += ".0";  // not 1e+20, inf, nan
}

// Prometheus label values escape backslash, double quote and newline.
std::string label_value(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

void append_head(std::string& out, std::string_view name, std::string_view type, std::string_view help) {
  out.append("# HELP ").append(name).append(" ").append(help).append("\n# TYPE ").append(name);
  out.append(" ").append(type).append("\n");
}

void append_sample(std::string& out, std::string_view name, std::string_view labels, double v) {
  out.append(name).append("{").append(labels).append("} ");
  append_metric_value(out, v);
  out += '\n';
}

uint64_t sum_of(std::span<const VllmWorkerMetrics* const> workers,
                const std::atomic<uint64_t> VllmWorkerMetrics::*counter) {
  uint64_t n = 0;
  for (const VllmWorkerMetrics* w : workers) n += (w->*counter).load(std::memory_order_relaxed);
  return n;
}

void append_histogram(std::string& out, std::string_view name, std::string_view help, std::string_view labels,
                      std::span<const VllmWorkerMetrics* const> workers,
                      const AtomicHistogram VllmWorkerMetrics::*histogram, std::span<const double> bounds) {
  std::vector<uint64_t> counts(bounds.size() + 1, 0);
  int64_t sum_ns = 0;
  for (const VllmWorkerMetrics* w : workers) (w->*histogram).add_to(counts, sum_ns);
  append_head(out, name, "histogram", help);
  const std::string bucket = std::string(name) + "_bucket";
  uint64_t cumulative = 0;
  for (size_t i = 0; i <= bounds.size(); ++i) {
    cumulative += counts[i];
    std::string le(labels);
    le += ",le=\"";
    if (i < bounds.size()) append_metric_value(le, bounds[i]);
    else le += "+Inf";
    le += '"';
    append_sample(out, bucket, le, double(cumulative));
  }
  // _count is the +Inf bucket by construction, so the two never disagree within one scrape.
  append_sample(out, std::string(name) + "_count", labels, double(cumulative));
  append_sample(out, std::string(name) + "_sum", labels, double(sum_ns) / 1e9);
}

}  // namespace

double kv_cache_usage(int64_t held_tokens, int64_t kv_cache_tokens) {
  const int64_t capacity =
      kv_cache_tokens > 0 && kv_cache_tokens != ServingModel::kUnlimited ? kv_cache_tokens : kNominalKvCacheTokens;
  return std::clamp(double(held_tokens) / double(capacity), 0.0, 1.0);
}

void append_vllm_metrics(std::string& out, std::string_view model, std::span<const VllmWorkerMetrics* const> workers,
                         const VllmGauges& gauges) {
  const std::string labels = "model_name=\"" + label_value(model) + "\"";
  append_head(out, "vllm:num_requests_running", "gauge", "Number of requests in model execution batches.");
  append_sample(out, "vllm:num_requests_running", labels, double(gauges.running));
  append_head(out, "vllm:num_requests_waiting", "gauge", "Number of requests waiting to be processed.");
  append_sample(out, "vllm:num_requests_waiting", labels, double(gauges.waiting));
  append_head(out, "vllm:kv_cache_usage_perc", "gauge", "KV-cache usage. 1 means 100 percent usage.");
  append_sample(out, "vllm:kv_cache_usage_perc", labels, gauges.kv_cache_usage);

  append_head(out, "vllm:prompt_tokens_total", "counter", "Number of prefill tokens processed.");
  append_sample(out, "vllm:prompt_tokens_total", labels, double(sum_of(workers, &VllmWorkerMetrics::prompt_tokens)));
  append_head(out, "vllm:generation_tokens_total", "counter", "Number of generation tokens processed.");
  append_sample(out, "vllm:generation_tokens_total", labels,
                double(sum_of(workers, &VllmWorkerMetrics::generation_tokens)));
  append_head(out, "vllm:request_success_total", "counter", "Count of successfully processed requests.");
  append_sample(out, "vllm:request_success_total", labels + ",finished_reason=\"length\"",
                double(sum_of(workers, &VllmWorkerMetrics::finished_length)));
  append_sample(out, "vllm:request_success_total", labels + ",finished_reason=\"stop\"",
                double(sum_of(workers, &VllmWorkerMetrics::finished_stop)));

  append_histogram(out, "vllm:time_to_first_token_seconds", "Histogram of time to first token in seconds.", labels,
                   workers, &VllmWorkerMetrics::ttft, kVllmTtftBuckets);
  append_histogram(out, "vllm:inter_token_latency_seconds", "Histogram of inter-token latency in seconds.", labels,
                   workers, &VllmWorkerMetrics::inter_token, kVllmInterTokenBuckets);
  append_histogram(out, "vllm:e2e_request_latency_seconds", "Histogram of e2e request latency in seconds.", labels,
                   workers, &VllmWorkerMetrics::e2e, kVllmRequestLatencyBuckets);
}

}  // namespace aiperf::mock
