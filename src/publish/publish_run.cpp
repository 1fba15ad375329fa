#include "publish/publish_run.h"

#include <exception>
#include <functional>

#include "common/log.h"
#include "common/url_credentials.h"
#include "export/artifact_layout.h"
#include "publish/mlflow_exporter.h"
#include "publish/otlp_exporter.h"
#include "publish/publish_environment.h"
#include "publish/publish_http.h"
#include "publish/wandb_exporter.h"

namespace aiperf {
namespace {

// Upstream's TimingMode names.
std::string timing_mode(const ProfileConfig& c) {
  if (c.fixed_schedule) return "fixed_schedule";
  if (c.user_centric_mode()) return "user_centric_rate";
  return "request_rate";
}

// The exporters' own URLs as the command line may still show them, user-info replaced: the
// command is published (an MLflow param, a W&B config value) and must not carry a password.
std::string scrub_exporter_urls(std::string command, const ProfileConfig& c) {
  for (const std::string* url : {&c.otel.url, &c.mlflow.tracking_uri}) {
    const std::string shown = redact_url_credentials(*url);
    if (url->empty() || shown == *url) continue;
    for (size_t at = command.find(*url); at != std::string::npos; at = command.find(*url, at + shown.size()))
      command.replace(at, url->size(), shown);
  }
  return command;
}

FinishedRun finished_run(const PublishContext& context) {
  const ProfileConfig& c = *context.config;
  const ArtifactNames names = artifact_names(c);
  FinishedRun run;
  run.artifact_dir = context.artifact_dir;
  if (std::filesystem::exists(context.artifact_dir / names.records))
    run.records_file = context.artifact_dir / names.records;
  run.benchmark_id = context.benchmark_id;
  run.aiperf_version = AIPERF_VERSION;
  run.cli_command = scrub_exporter_urls(context.cli_command, c);
  run.was_cancelled = context.was_cancelled;
  run.endpoint_type = endpoint_type_name(c.endpoint_type);
  run.models = c.model_names;
  for (const std::string& url : c.urls) run.urls.push_back(redact_url_credentials(url));
  run.timing_mode = timing_mode(c);
  run.concurrency = c.concurrency;
  run.request_rate = c.request_rate;
  run.request_count = c.request_count;
  run.benchmark_duration_s = c.benchmark_duration;
  run.metrics = read_summary_metrics(context.artifact_dir / names.summary_json);
  return run;
}

// One exporter, failing soft: its single warning names the target and what went wrong.
bool attempt(const std::string& target, const std::function<void()>& exporter) {
  try {
    exporter();
    log_info(target + ": published");
    return true;
  } catch (const std::exception& e) {
    log_warning(target + ": export failed: " + e.what() + " (the run's artifacts are complete)");
    return false;
  }
}

}  // namespace

bool publishing_enabled(const ProfileConfig& config) {
  return !config.otel.url.empty() || !config.mlflow.tracking_uri.empty() || !config.wandb.project.empty();
}

bool publish_run(const PublishContext& context) {
  const ProfileConfig& config = *context.config;
  if (!publishing_enabled(config)) return true;
  const PublishEnvironment env = PublishEnvironment::from_process();
  for (const std::string* secret : {&env.wandb_api_key, &env.mlflow_tracking_token, &env.mlflow_password})
    add_log_secret(*secret);
  for (std::string url : {config.otel.url, config.mlflow.tracking_uri}) {
    std::string user, password;
    if (split_url_credentials(url, user, password)) add_log_secret(password);
  }

  FinishedRun run;
  try {
    run = finished_run(context);
  } catch (const std::exception& e) {
    log_warning(std::string("publishing the run: ") + e.what() + "; nothing was exported");
    return false;
  }
  HttpClient http;
  bool ok = true;
  if (!config.otel.url.empty())
    ok &= attempt("OpenTelemetry (" + redact_url_credentials(otlp_metrics_url(config.otel.url)) + ")",
                  [&] { publish_otlp(run, config.otel, http); });
  if (!config.mlflow.tracking_uri.empty())
    ok &= attempt("MLflow (" + redact_url_credentials(config.mlflow.tracking_uri) + ")",
                  [&] { publish_mlflow(run, config.mlflow, env, http); });
  if (!config.wandb.project.empty())
    ok &= attempt("Weights & Biases (" +
                      redact_url_credentials(env.wandb_base_url.empty() ? kWandbDefaultBaseUrl : env.wandb_base_url) +
                      ", project " + config.wandb.project + ")",
                  [&] { publish_wandb(run, config.wandb, env, http); });
  return ok;
}

}  // namespace aiperf
