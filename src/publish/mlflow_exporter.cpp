#include "publish/mlflow_exporter.h"

#include <chrono>
#include <nlohmann/json.hpp>

#include "common/url_credentials.h"
#include "export/atomic_file.h"
#include "publish/artifact_files.h"
#include "publish/mlflow_payload.h"
#include "publish/publish_http.h"

namespace aiperf {
namespace {

using nlohmann::json;

constexpr double kMlflowCallTimeoutS = 30, kMlflowUploadTimeoutS = 600;

struct MlflowServer {
  std::string base;                  // scheme://host:port[/prefix], no user-info, no trailing '/'
  std::vector<std::string> headers;  // authentication, when configured
  std::string api(std::string_view path) const { return base + "/api/2.0/mlflow/" + std::string(path); }
};

MlflowServer mlflow_server(const MlflowSettings& settings, const PublishEnvironment& env) {
  MlflowServer server;
  server.base = settings.tracking_uri;
  if (server.base.find("://") == std::string::npos) server.base = "http://" + server.base;
  while (server.base.ends_with('/')) server.base.pop_back();
  std::string user, password;
  // The MLflow client's own rules: user-info in the URI or the MLFLOW_TRACKING_* variables.
  if (split_url_credentials(server.base, user, password))
    server.headers.push_back(basic_auth_header(user, password));
  else if (!env.mlflow_tracking_token.empty())
    server.headers.push_back("Authorization: Bearer " + env.mlflow_tracking_token);
  else if (!env.mlflow_username.empty())
    server.headers.push_back(basic_auth_header(env.mlflow_username, env.mlflow_password));
  return server;
}

json call(HttpClient& http, const MlflowServer& server, std::string method, std::string_view path, const json& body) {
  return json_call(http, std::move(method), server.api(path), server.headers, body, path);
}

std::string experiment_id(HttpClient& http, const MlflowServer& server, const std::string& name) {
  HttpCall get;
  get.url = server.api("experiments/get-by-name?experiment_name=" + url_encode(name));
  get.headers = server.headers;
  get.timeout_s = kMlflowCallTimeoutS;
  const HttpReply found = http.call(get);
  if (found.ok()) {
    const json doc = json::parse(found.body, nullptr, false);
    if (doc.contains("experiment") && doc["experiment"].contains("experiment_id"))
      return doc["experiment"]["experiment_id"].get<std::string>();
    throw PublishError("experiments/get-by-name: the reply names no experiment_id");
  }
  // MLflow answers 404 RESOURCE_DOES_NOT_EXIST for an unknown name: then the run creates it.
  if (found.status != 404) call_or_throw(http, get, "experiments/get-by-name");
  const json created = call(http, server, "POST", "experiments/create", {{"name", name}});
  if (!created.contains("experiment_id")) throw PublishError("experiments/create: the reply names no experiment_id");
  return created["experiment_id"].get<std::string>();
}

// Where the run's files go through the tracking server's proxy: the path part of an
// "mlflow-artifacts:" artifact URI. Other stores (s3:, file:) are not reachable through it.
std::string proxy_artifact_root(const std::string& artifact_uri) {
  constexpr std::string_view kScheme = "mlflow-artifacts:";
  if (!artifact_uri.starts_with(kScheme))
    throw PublishError("artifact upload: the run's artifact store '" + redact_url_credentials(artifact_uri) +
                       "' is not served by the tracking server (run it with --serve-artifacts)");
  std::string_view path = std::string_view(artifact_uri).substr(kScheme.size());
  if (path.starts_with("//")) {  // mlflow-artifacts://host:port/path
    const size_t slash = path.find('/', 2);
    path = slash == std::string_view::npos ? std::string_view() : path.substr(slash);
  }
  while (path.starts_with('/')) path.remove_prefix(1);
  return std::string(path);
}

int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The profiling window from the summary, in ms, or now.
int64_t summary_ms(const FinishedRun& run, std::string_view tag) {
  const SummaryMetric* m = run.find(tag);
  return m && m->stat("avg") ? int64_t(*m->stat("avg") / 1e6) : unix_ms_now();
}

json keys_of(const auto& entries) {
  json keys = json::array();
  for (const auto& e : entries) keys.push_back(e.key);
  return keys;
}

}  // namespace

void publish_mlflow(const FinishedRun& run, const MlflowSettings& settings, const PublishEnvironment& env,
                    HttpClient& http) {
  const MlflowServer server = mlflow_server(settings, env);
  const std::string experiment = settings.experiment.empty() ? "Default" : settings.experiment;
  const std::string exp_id = experiment_id(http, server, experiment);

  const std::string run_name = mlflow_run_name(settings, run.benchmark_id);
  json create_tags = json::array();
  if (!settings.parent_run_id.empty())
    create_tags.push_back({{"key", "mlflow.parentRunId"}, {"value", settings.parent_run_id}});
  const json created = call(http, server, "POST", "runs/create",
                            {{"experiment_id", exp_id},
                             {"run_name", run_name},
                             {"start_time", summary_ms(run, "min_request_timestamp")},
                             {"tags", create_tags}});
  const json info = created.value("run", json::object()).value("info", json::object());
  const std::string run_id = info.value("run_id", "");
  if (run_id.empty()) throw PublishError("runs/create: the reply names no run_id");

  const MlflowRunData data = mlflow_run_data(run, settings);
  const int64_t end_ms = summary_ms(run, "max_response_timestamp");
  try {
    for (const json& batch : mlflow_log_batches(run_id, data, end_ms))
      call(http, server, "POST", "runs/log-batch", batch);
  } catch (const PublishError&) {
    // Best effort: a half-logged run should not look like a finished one in the UI.
    HttpCall fail{.method = "POST",
                  .url = server.api("runs/update"),
                  .headers = server.headers,
                  .body = json{{"run_id", run_id}, {"status", "FAILED"}, {"end_time", end_ms}}.dump(),
                  .timeout_s = kMlflowCallTimeoutS};
    fail.headers.push_back("Content-Type: application/json");
    http.call(fail);
    throw;
  }

  std::vector<std::string> uploaded;
  std::string upload_problem;
  size_t failed_uploads = 0;
  const std::vector<std::string> files = artifact_files(run.artifact_dir, settings.artifact_globs, kMlflowExportFile);
  try {
    const std::string root = proxy_artifact_root(info.value("artifact_uri", ""));
    for (const std::string& file : files) {
      try {
        HttpCall put{.method = "PUT",
                     .url = server.base + "/api/2.0/mlflow-artifacts/artifacts/" + url_encode(root + "/" + file, true),
                     .headers = server.headers,
                     .body = read_upload_file(run.artifact_dir / file),
                     .timeout_s = kMlflowUploadTimeoutS};
        put.headers.push_back("Content-Type: application/octet-stream");
        call_or_throw(http, put, "artifact upload of " + file);
        uploaded.push_back(file);
      } catch (const std::exception& e) {
        if (failed_uploads++ == 0) upload_problem = e.what();
      }
    }
  } catch (const PublishError& e) {
    failed_uploads = files.size();
    upload_problem = e.what();
  }

  // §10.2's record of the export (`aiperf plot --mlflow-upload` finds the run through it).
  // "experiment" and "experiment_name" both: upstream's docs show each.
  const json record = {{"tracking_uri", redact_url_credentials(settings.tracking_uri)},
                       {"experiment", experiment},
                       {"experiment_name", experiment},
                       {"experiment_id", exp_id},
                       {"run_id", run_id},
                       {"run_name", run_name},
                       {"benchmark_id", run.benchmark_id},
                       {"parent_run_id", settings.parent_run_id.empty() ? json(nullptr) : json(settings.parent_run_id)},
                       {"live_streaming", false},
                       {"reused_live_run", false},
                       {"metric_keys", keys_of(data.metrics)},
                       {"param_keys", keys_of(data.params)},
                       {"tag_keys", keys_of(data.tags)},
                       {"uploaded_artifacts", uploaded},
                       {"exported_at_ns", std::chrono::duration_cast<std::chrono::nanoseconds>(
                                              std::chrono::system_clock::now().time_since_epoch())
                                              .count()}};
  write_file_atomically(run.artifact_dir / kMlflowExportFile, record.dump(2) + "\n");
  call(http, server, "POST", "runs/update",
       {{"run_id", run_id}, {"status", run.was_cancelled ? "KILLED" : "FINISHED"}, {"end_time", end_ms}});
  if (failed_uploads > 0)
    throw PublishError(std::to_string(failed_uploads) + " of " + std::to_string(files.size()) +
                       " artifact uploads failed (run " + run_id + " is logged); first: " + upload_problem);
}

}  // namespace aiperf
