#include "export/json_summary.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string_view>

#include "export/client_health_json.h"
#include "export/number_format.h"
#include "export/pretty_json.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// GenAI-Perf-compatible tags that upstream writes first, in this order, when present.
constexpr std::array<std::string_view, 25> kDeclaredTags{
    "request_throughput", "request_latency", "request_count", "time_to_first_token",
    "time_to_second_token", "inter_token_latency", "output_token_throughput",
    "output_token_throughput_per_user", "output_sequence_length", "input_sequence_length", "goodput",
    "good_request_count", "output_token_count", "reasoning_token_count", "min_request_timestamp",
    "max_response_timestamp", "inter_chunk_latency", "total_output_tokens", "total_reasoning_tokens",
    "benchmark_duration", "total_isl", "total_osl", "error_request_count", "error_isl", "total_error_isl"};

bool is_declared(const std::string& tag) {
  return std::find(kDeclaredTags.begin(), kDeclaredTags.end(), tag) != kDeclaredTags.end();
}

// JSON cannot carry NaN/inf; upstream writes null for them.
ojson number(double v) { return std::isfinite(v) ? ojson(v) : ojson(nullptr); }

// Integer samples keep integer min/max/sum, as upstream's integer arrays serialise.
ojson maybe_integer(double v, bool integer) {
  if (integer && is_integral(v)) return ojson(int64_t(v));
  return number(v);
}

ojson error_details_json(const ErrorDetails& e) {
  ojson j = ojson::object();
  if (e.code) j["code"] = *e.code;
  if (!e.type.empty()) j["type"] = e.type;
  j["message"] = e.message;
  return j;
}

ojson metrics_object(const std::vector<MetricResult>& metrics) {
  ojson j = ojson::object();
  for (const auto& m : metrics) j[m.tag] = metric_json(m);
  return j;
}

}  // namespace

ojson metric_json(const MetricResult& m) {
  ojson j = ojson::object();
  // Non-finite values (the +inf of error-adjusted adj_* results, §2.4) are left out.
  auto finite = [](const std::optional<double>& v) { return v && std::isfinite(*v); };
  j["unit"] = m.unit;
  if (std::isfinite(m.avg) || !m.distribution) j["avg"] = number(m.avg);
  if (!m.distribution) return j;
  const std::pair<const char*, const std::optional<double>*> percentiles[] = {
      {"p1", &m.p1}, {"p5", &m.p5}, {"p10", &m.p10}, {"p25", &m.p25}, {"p50", &m.p50},
      {"p75", &m.p75}, {"p90", &m.p90}, {"p95", &m.p95}, {"p99", &m.p99}};
  for (const auto& [key, value] : percentiles)
    if (finite(*value)) j[key] = number(**value);
  if (finite(m.min)) j["min"] = maybe_integer(*m.min, m.integer_samples);
  if (finite(m.max)) j["max"] = maybe_integer(*m.max, m.integer_samples);
  if (finite(m.std)) j["std"] = number(*m.std);
  if (m.has_count_and_sum) {
    j["count"] = m.count;
    if (std::isfinite(m.sum)) j["sum"] = maybe_integer(m.sum, m.integer_samples);
  }
  return j;
}

std::string local_iso_time(int64_t wall_ns) {
  // Same arithmetic as Python: seconds as a double, fraction rounded half-even to µs.
  double seconds = double(wall_ns) / 1e9;
  double whole = 0;
  double fraction = std::modf(seconds, &whole);
  auto secs = int64_t(whole);
  auto micros = int64_t(std::nearbyint(fraction * 1e6));
  if (micros >= 1'000'000) {
    secs += 1;
    micros -= 1'000'000;
  } else if (micros < 0) {
    secs -= 1;
    micros += 1'000'000;
  }
  std::time_t t = std::time_t(secs);
  std::tm local{};
  localtime_r(&t, &local);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &local);
  std::string out = buf;
  if (micros != 0) {
    std::snprintf(buf, sizeof buf, ".%06lld", static_cast<long long>(micros));
    out += buf;
  }
  return out;
}

ojson summary_json(const ProfileConfig& config, const RunSummary& summary, const RunInfo& info) {
  ojson doc = ojson::object();
  doc["schema_version"] = kSummarySchemaVersion;
  doc["aiperf_version"] = AIPERF_VERSION;
  doc["benchmark_id"] = info.benchmark_id;
  for (std::string_view tag : kDeclaredTags)
    if (const MetricResult* m = summary.find(std::string(tag))) doc[m->tag] = metric_json(*m);
  if (!info.telemetry_data.is_null()) doc["telemetry_data"] = info.telemetry_data;

  // to_json() builds an unordered document; re-reading it keeps its (sorted) keys as they are.
  doc["input_config"] = ojson::parse(config.to_json().dump());

  ojson run_info = ojson::object();
  run_info["benchmark_id"] = info.benchmark_id;
  if (config.random_seed) run_info["random_seed"] = *config.random_seed;
  run_info["cli_command"] = config.cli_command;
  if (config.agentic.session_arrival_rate) run_info["sessions_skipped_at_cap"] = info.arrivals_skipped_at_cap;
  if (config.rate_mode()) {
    run_info["arrivals_skipped_at_cap"] = info.arrivals_skipped_at_cap;
    run_info["arrivals_dropped_catching_up"] = info.arrivals_dropped_catching_up;
    if (config.prefill_concurrency) run_info["arrivals_skipped_at_prefill_cap"] = info.arrivals_skipped_at_prefill_cap;
  }
  doc["run_info"] = run_info;

  if (!config.scenario.name.empty()) {  // --scenario (docs/agentic.md)
    ojson scenario = ojson::object();
    scenario["name"] = config.scenario.name;
    scenario["submission_valid"] = config.scenario.submission_valid();
    ojson overridden = ojson::array();
    for (const std::string& line : config.scenario.overridden) overridden.push_back(line);
    scenario["overridden"] = std::move(overridden);
    doc["scenario"] = scenario;
  }
  doc["was_cancelled"] = info.was_cancelled;
  ojson errors = ojson::array();
  for (const auto& e : summary.errors) {
    ojson entry = ojson::object();
    entry["error_details"] = error_details_json(e.error);
    entry["count"] = e.count;
    errors.push_back(entry);
  }
  doc["error_summary"] = errors;
  doc["start_time"] = local_iso_time(info.start_wall_ns);
  doc["end_time"] = local_iso_time(info.end_wall_ns);
  if (!summary.warmup_metrics.empty()) doc["warmup_metrics"] = metrics_object(summary.warmup_metrics);

  for (const auto& m : summary.metrics)
    if (!is_declared(m.tag)) doc[m.tag] = metric_json(m);
  // Ours, last so upstream's layout is untouched: did the client keep up with its own load?
  if (info.client_health) {
    doc["client_bound"] = info.client_health->client_bound;
    doc["client_health"] = client_health_json(*info.client_health);
  }
  return doc;
}

std::string dump_pretty(const ojson& doc) {
  return pretty_json_text(doc);
}

}  // namespace aiperf
