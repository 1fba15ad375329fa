// Telemetry and exporter options (cli-and-load.md §3.15, §3.16; docs/telemetry.md).
#include <cctype>
#include <filesystem>
#include <string_view>

#include "cli/profile_converter.h"
#include "common/log.h"
#include "common/trim.h"

namespace aiperf {

namespace {

// Items of a list flag: each value may itself be a comma list ("json,csv" or "json csv").
std::vector<std::string> list_items(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const std::string& v : values) {
    std::string_view rest = v;
    while (!rest.empty()) {
      const size_t comma = rest.find(',');
      std::string item(trim_whitespace(rest.substr(0, comma)));
      if (!item.empty()) out.push_back(std::move(item));
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
  return out;
}

bool has_scheme(std::string_view url) { return url.find("://") != std::string_view::npos; }

// "host:port" -> "http://host:port/metrics"; a URL with a path keeps it.
std::string metrics_url(const std::string& text) {
  std::string url = has_scheme(text) ? text : "http://" + text;
  const size_t host = url.find("://") + 3;
  if (url.find('/', host) == std::string::npos) url += "/metrics";
  return url;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

void ProfileConverter::convert_telemetry(ProfileConfig& c, const RawFlags& r) const {
  // Server metrics (§3.16): <each --url>/metrics, plus --server-metrics URLs.
  ServerMetricsSettings& sm = c.server_metrics;
  sm.enabled = r.server_metrics_enabled;
  for (const std::string& u : list_items(r.server_metrics)) {
    if (u.find_first_of(" \t") != std::string::npos)
      throw ConfigError(name("--server-metrics") + ": '" + u + "' is not a URL");
    sm.extra_urls.push_back(metrics_url(u));
  }
  if (given("--server-metrics-formats")) {
    sm.json = sm.csv = sm.jsonl = sm.parquet = false;
    for (const std::string& f : list_items(r.server_metrics_formats)) {
      if (f == "json") sm.json = true;
      else if (f == "csv") sm.csv = true;
      else if (f == "jsonl") sm.jsonl = true;
      else if (f == "parquet") sm.parquet = true;
      else
        throw ConfigError(name("--server-metrics-formats") + ": unknown format '" + f +
                          "' (expected json, csv, jsonl or parquet)");
    }
  }

  // GPU telemetry (§3.16; metrics-and-outputs.md §8.1): tokens combine.
  GpuTelemetrySettings& gpu = c.gpu_telemetry;
  gpu.enabled = r.gpu_telemetry_enabled;
  if (given("--gpu-telemetry")) {
    if (!gpu.enabled)
      throw ConfigError(name("--gpu-telemetry") + " and " + name("--no-gpu-telemetry") + " contradict each other");
    gpu.console = true;
    bool source_given = false;
    std::string dcgm_token;  // the first URL or field file, for the conflict message
    for (const std::string& t : list_items(r.gpu_telemetry)) {
      std::string word = t;
      for (char& ch : word) ch = char(std::tolower(static_cast<unsigned char>(ch)));
      if (word == "dashboard") {
        gpu.dashboard = true;
      } else if (word == "pynvml" || word == "amdsmi") {
        const auto source = word == "pynvml" ? GpuTelemetrySource::pynvml : GpuTelemetrySource::amdsmi;
        if (source_given && gpu.source != source)
          throw ConfigError(name("--gpu-telemetry") + ": pynvml and amdsmi cannot be combined");
        gpu.source = source;
        source_given = true;
      } else if (ends_with(word, ".csv")) {
        if (!gpu.custom_fields_csv.empty())
          throw ConfigError(name("--gpu-telemetry") + ": one DCGM field file only (already " + gpu.custom_fields_csv + ")");
        if (!std::filesystem::is_regular_file(t))
          throw ConfigError(name("--gpu-telemetry") + ": DCGM field file '" + t + "' does not exist");
        gpu.custom_fields_csv = t;
        if (dcgm_token.empty()) dcgm_token = t;
      } else if (has_scheme(t) || t.find_first_of(":/") != std::string::npos) {
        if (t.find_first_of(" \t") != std::string::npos)
          throw ConfigError(name("--gpu-telemetry") + ": '" + t + "' is not a URL");
        gpu.extra_urls.push_back(metrics_url(t));
        if (dcgm_token.empty()) dcgm_token = t;
      } else {
        throw ConfigError(name("--gpu-telemetry") + ": unknown value '" + t +
                          "': expected pynvml, amdsmi, dashboard, a DCGM exporter URL (host:port, "
                          "host:port/path or http(s)://...) or a DCGM field file ending in .csv");
      }
    }
    if (gpu.source != GpuTelemetrySource::dcgm && !dcgm_token.empty())
      throw ConfigError(name("--gpu-telemetry") + ": " + dcgm_token +
                        " feeds DCGM and cannot be combined with local polling (" +
                        (gpu.source == GpuTelemetrySource::pynvml ? "pynvml" : "amdsmi") + ")");
  }
  if (gpu.dashboard && c.ui_type_given && c.ui_type != UiType::dashboard)
    log_warning("--gpu-telemetry dashboard: the GPU panel is part of --ui-type dashboard only");

  // Network RTT calibration (§3.16).
  NetworkLatencySettings& net = c.network_latency;
  net.automatic = r.network_latency_automatic;
  net.mean_ms = float_at_least("--network-latency-mean", r.network_latency_mean, 0);
  if (net.automatic && net.mean_ms)
    throw ConfigError(name("--network-latency-automatic") + " and " + name("--network-latency-mean") +
                      " exclude each other");
  if (const auto v = float_above("--network-latency-ping-interval", r.network_latency_ping_interval, 0)) {
    if (!net.automatic)
      throw ConfigError(name("--network-latency-ping-interval") + " needs " + name("--network-latency-automatic"));
    net.ping_interval_s = *v;
  }

  // OpenTelemetry (§3.15; metrics-and-outputs.md §10.1).
  if (given("--otel-url")) {
    if (trim_whitespace(r.otel_url).empty()) throw ConfigError(name("--otel-url") + ": empty URL");
    c.otel.url = std::string(trim_whitespace(r.otel_url));
  }
  for (const std::string& kv : list_items(r.otel_resource_attributes)) {
    const size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ConfigError(name("--otel-resource-attributes") + ": expected key=value, got '" + kv + "'");
    c.otel.resource_attributes.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  c.otel.gen_ai_provider = r.gen_ai_provider;
  if (given("--stream")) {
    c.otel.stream_metrics = c.otel.stream_timing = false;
    for (const std::string& d : list_items(r.otel_stream)) {
      if (d == "metrics") c.otel.stream_metrics = true;
      else if (d == "timing") c.otel.stream_timing = true;
      else if (d == "default") c.otel.stream_metrics = c.otel.stream_timing = true;
      else throw ConfigError(name("--stream") + ": unknown domain '" + d + "' (expected metrics, timing or default)");
    }
  }
  const bool otel_option = given("--otel-resource-attributes") || given("--gen-ai-provider") || given("--stream");
  if (otel_option && c.otel.url.empty())
    throw ConfigError(name(given("--stream") ? "--stream" : given("--gen-ai-provider") ? "--gen-ai-provider"
                                                                                        : "--otel-resource-attributes") +
                      " needs " + name("--otel-url"));

  // MLflow (§10.2).
  MlflowSettings& ml = c.mlflow;
  ml.tracking_uri = std::string(trim_whitespace(r.mlflow_tracking_uri));
  ml.experiment = r.mlflow_experiment;
  ml.run_name = r.mlflow_run_name;
  ml.parent_run_id = r.mlflow_parent_run_id;
  for (const std::string& kv : r.mlflow_tags) {
    const size_t sep = kv.find_first_of(":=");
    if (sep == std::string::npos || sep == 0)
      throw ConfigError(name("--mlflow-tag") + ": expected key:value, got '" + kv + "'");
    ml.tags.emplace_back(kv.substr(0, sep), kv.substr(sep + 1));
  }
  ml.artifact_globs = list_items(r.mlflow_artifact_globs);
  for (const char* flag : {"--mlflow-experiment", "--mlflow-run-name", "--mlflow-parent-run-id", "--mlflow-tag",
                           "--mlflow-artifact-glob"})
    if (given(flag) && ml.tracking_uri.empty())
      throw ConfigError(name(flag) + " needs " + name("--mlflow-tracking-uri"));

  // Weights & Biases (§10.3).
  WandbSettings& wb = c.wandb;
  wb.project = std::string(trim_whitespace(r.wandb_project));
  wb.entity = r.wandb_entity;
  wb.run_name = r.wandb_run_name;
  wb.tags = list_items(r.wandb_tags);
  for (const char* flag : {"--wandb-entity", "--wandb-run-name", "--wandb-tag"})
    if (given(flag) && wb.project.empty()) throw ConfigError(name(flag) + " needs " + name("--wandb-project"));
}

}  // namespace aiperf
