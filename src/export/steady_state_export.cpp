#include "export/steady_state_export.h"

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "export/console_report.h"
#include "export/console_table.h"
#include "export/csv_summary.h"
#include "export/json_summary.h"
#include "export/number_format.h"

namespace aiperf {

using ojson = nlohmann::ordered_json;

namespace {

template <class T>
ojson or_null(const std::optional<T>& v) {
  if (!v) return nullptr;
  if constexpr (std::is_floating_point_v<T>) {
    if (!std::isfinite(*v)) return nullptr;
  }
  return *v;
}

ojson finite_or_null(double v) { return std::isfinite(v) ? ojson(v) : ojson(nullptr); }

std::string percent_text(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", fraction * 100);
  return buf;
}

std::string fixed(double v, const char* format) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string interval_text(const std::optional<double>& low, const std::optional<double>& high) {
  return "[" + format_grouped_2f(*low) + ", " + format_grouped_2f(*high) + "]";
}

// (label, value) rows of the window grid, in the order the section prints them.
std::vector<std::pair<std::string, std::string>> grid_rows(const SteadyStateSummary& steady) {
  const SteadyStateWindow& w = steady.window;
  std::vector<std::pair<std::string, std::string>> rows;
  std::string method = w.detection_method;
  if (!w.fallback_reason.empty()) method += " (" + w.fallback_reason + ")";
  rows.emplace_back("Detection method", method);
  rows.emplace_back("Requests kept", format_grouped_int(w.steady_state_requests) + "/" +
                                         format_grouped_int(w.total_requests) + " (" +
                                         percent_text(w.fraction_retained) + ")");
  const int64_t duration = w.ramp_down_start_ns - w.ramp_up_end_ns;
  rows.emplace_back("Window", format_grouped_int(duration) + " ns (from +" +
                                  fixed(double(w.ramp_up_end_ns - w.run_start_ns) / 1e9, "%.2f") + " s to +" +
                                  fixed(double(w.ramp_down_start_ns - w.run_start_ns) / 1e9, "%.2f") + " s)");
  if (w.mean_concurrency) rows.emplace_back("Concurrency", format_grouped_2f(*w.mean_concurrency) + " in flight (mean)");
  for (const MetricResult& m : steady.metrics)
    if (m.tag == "request_throughput") rows.emplace_back("Throughput", format_grouped_2f(m.avg) + " " + m.unit);
  std::string trend = "not judged (too few requests)";
  if (w.trend_correlation)
    trend = std::string(w.stationarity_warning ? "WARNING: latency trends over the window" : "stationary") +
            " (Spearman r = " + fixed(*w.trend_correlation, "%.3f") + ", p = " + fixed(*w.trend_p_value, "%.3g") + ")";
  rows.emplace_back("Stationarity", trend);
  rows.emplace_back("Sample size", std::string(w.sample_size_warning ? "WARNING: p99 rests on few samples" : "ok") +
                                       " (effective p99 samples " + fixed(w.effective_p99_sample_size, "%.1f") +
                                       ", VIF " + fixed(w.variance_inflation_factor, "%.2f") + ")");
  const std::string level = fixed(w.bootstrap_confidence_level * 100, "%.0f") + "% CI";
  if (w.bootstrap_latency_ci_low_ms)
    rows.emplace_back("Request latency " + level,
                      interval_text(w.bootstrap_latency_ci_low_ms, w.bootstrap_latency_ci_high_ms) + " ms (mean)");
  if (w.bootstrap_throughput_ci_low)
    rows.emplace_back("Throughput " + level,
                      interval_text(w.bootstrap_throughput_ci_low, w.bootstrap_throughput_ci_high) + " requests/sec");
  return rows;
}

}  // namespace

ojson steady_state_metadata_json(const SteadyStateWindow& w) {
  ojson j = ojson::object();
  j["detection_method"] = w.detection_method;
  if (!w.fallback_reason.empty()) j["fallback_reason"] = w.fallback_reason;
  j["run_start_ns"] = w.run_start_ns;
  j["run_end_ns"] = w.run_end_ns;
  j["ramp_up_end_ns"] = w.ramp_up_end_ns;
  j["ramp_down_start_ns"] = w.ramp_down_start_ns;
  j["steady_state_duration_ns"] = w.ramp_down_start_ns - w.ramp_up_end_ns;
  j["total_requests"] = w.total_requests;
  j["steady_state_requests"] = w.steady_state_requests;
  j["fraction_retained"] = finite_or_null(w.fraction_retained);
  j["mean_concurrency"] = or_null(w.mean_concurrency);
  j["lag1_autocorrelation"] = or_null(w.lag1_autocorrelation);
  j["variance_inflation_factor"] = finite_or_null(w.variance_inflation_factor);
  j["effective_sample_size"] = finite_or_null(w.effective_sample_size);
  j["effective_p99_sample_size"] = finite_or_null(w.effective_p99_sample_size);
  j["sample_size_warning"] = w.sample_size_warning;
  j["trend_correlation"] = or_null(w.trend_correlation);
  j["trend_p_value"] = or_null(w.trend_p_value);
  j["stationarity_warning"] = w.stationarity_warning;
  j["concurrency_ramp_up_end_ns"] = or_null(w.concurrency_ramp_up_end_ns);
  j["concurrency_ramp_down_start_ns"] = or_null(w.concurrency_ramp_down_start_ns);
  j["throughput_ramp_up_end_ns"] = or_null(w.throughput_ramp_up_end_ns);
  j["throughput_ramp_down_start_ns"] = or_null(w.throughput_ramp_down_start_ns);
  j["latency_mser5_truncation_ns"] = or_null(w.latency_mser5_truncation_ns);
  j["ttft_mser5_truncation_ns"] = or_null(w.ttft_mser5_truncation_ns);
  j["mser_batch_size"] = w.mser_batch_size;
  j["bootstrap_iterations"] = w.bootstrap_iterations;
  j["bootstrap_confidence_level"] = w.bootstrap_confidence_level;
  j["bootstrap_request_latency_ci_low_ms"] = or_null(w.bootstrap_latency_ci_low_ms);
  j["bootstrap_request_latency_ci_high_ms"] = or_null(w.bootstrap_latency_ci_high_ms);
  j["bootstrap_request_throughput_ci_low"] = or_null(w.bootstrap_throughput_ci_low);
  j["bootstrap_request_throughput_ci_high"] = or_null(w.bootstrap_throughput_ci_high);
  return j;
}

ojson steady_state_json(const SteadyStateSummary& steady) {
  ojson doc = ojson::object();
  doc["window_metadata"] = steady_state_metadata_json(steady.window);
  ojson metrics = ojson::object();
  for (const MetricResult& m : steady.metrics) metrics[m.tag] = metric_json(m);
  doc["metrics"] = std::move(metrics);
  return doc;
}

std::string steady_state_csv(const SteadyStateSummary& steady) {
  std::string out;
  append_csv_row(out, {"# Steady-State Window Metadata"});
  const auto metadata = steady_state_metadata_json(steady.window);  // items() must not outlive it
  for (const auto& [key, value] : metadata.items())
    append_csv_row(out, {key, value.is_null() ? "" : value.is_string() ? value.get<std::string>() : value.dump()});
  out += "\r\n";
  return out + metrics_csv(steady.metrics);
}

std::string steady_state_console(const ProfileConfig& config, const SteadyStateSummary& steady, int width,
                                 bool color) {
  const auto rows = grid_rows(steady);
  size_t label_width = 0;
  for (const auto& [label, value] : rows) label_width = std::max(label_width, label.size());
  std::string out = "\n" + styled("Steady-State Window", "1", color) + "\n";
  for (const auto& [label, value] : rows)
    out += "  " + styled(label, "36", color) + std::string(label_width - label.size() + 2, ' ') + value + "\n";
  RunSummary window;
  window.metrics = steady.metrics;
  ConsoleTable table = metrics_table(config, window);
  table.title = "NVIDIA AIPerf | Steady-State Metrics";
  if (!table.rows.empty()) out += "\n" + render_table(table, width, color);
  return out;
}

}  // namespace aiperf
