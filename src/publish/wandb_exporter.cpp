#include "publish/wandb_exporter.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "publish/artifact_files.h"
#include "publish/publish_http.h"
#include "publish/wandb_payload.h"

namespace aiperf {
namespace {

using nlohmann::json;

constexpr double kWandbUploadTimeoutS = 600;

// The operations' field names are W&B's schema (its Python client sends the same ones).
constexpr const char* kUpsertBucket = R"(mutation UpsertBucket($name: String, $project: String, $entity: String,
    $displayName: String, $config: JSONString, $tags: [String!]) {
  upsertBucket(input: {name: $name, modelName: $project, entityName: $entity, displayName: $displayName,
      config: $config, tags: $tags}) {
    bucket { id name displayName project { name entity { name } } }
    inserted
  }
})";
constexpr const char* kCreateRunFiles = R"(mutation CreateRunFiles($entity: String!, $project: String!,
    $run: String!, $files: [String!]!) {
  createRunFiles(input: {entityName: $entity, projectName: $project, runName: $run, files: $files}) {
    runID
    uploadHeaders
    files { name uploadUrl }
  }
})";

struct WandbServer {
  std::string base;
  std::vector<std::string> auth;
};

json graphql(HttpClient& http, const WandbServer& server, const char* query, const json& variables,
             std::string_view operation) {
  const json reply =
      json_call(http, "POST", server.base + "/graphql", server.auth, {{"query", query}, {"variables", variables}},
                std::string("graphql ") + std::string(operation));
  // GraphQL reports its errors in a 200 reply.
  if (reply.contains("errors") && !reply["errors"].empty())
    throw PublishError("graphql " + std::string(operation) + ": " +
                       reply["errors"][0].value("message", std::string("error")));
  return reply.value("data", json::object());
}

// A run file: an export file (read when sent) or content made here (the table).
struct RunFile {
  std::string name;
  std::filesystem::path path;
  std::string content;
};

// Run files: each name gets an upload URL (often a storage bucket's signed URL, so it gets
// only the headers W&B lists, never the API key).
void upload_run_files(HttpClient& http, const WandbServer& server, const std::string& entity,
                      const std::string& project, const std::string& run_id, const std::vector<RunFile>& files) {
  json names = json::array();
  for (const RunFile& f : files) names.push_back(f.name);
  const json created =
      graphql(http, server, kCreateRunFiles,
              {{"entity", entity}, {"project", project}, {"run", run_id}, {"files", names}}, "createRunFiles");
  const json result = created.value("createRunFiles", json::object());
  std::vector<std::string> headers;
  for (const json& h : result.value("uploadHeaders", json::array()))
    if (h.is_string()) headers.push_back(h.get<std::string>());
  for (const json& f : result.value("files", json::array())) {
    const std::string name = f.value("name", "");
    auto it = std::find_if(files.begin(), files.end(), [&](const RunFile& r) { return r.name == name; });
    if (it == files.end() || !f.contains("uploadUrl") || !f["uploadUrl"].is_string()) continue;
    HttpCall put{.method = "PUT",
                 .url = f["uploadUrl"].get<std::string>(),
                 .headers = headers,
                 .body = it->path.empty() ? it->content : read_upload_file(it->path),
                 .timeout_s = kWandbUploadTimeoutS};
    call_or_throw(http, put, "upload of run file " + name);
  }
}

}  // namespace

void publish_wandb(const FinishedRun& run, const WandbSettings& settings, const PublishEnvironment& env,
                   HttpClient& http) {
  if (env.wandb_api_key.empty()) throw PublishError("WANDB_API_KEY is not set");
  WandbServer server{env.wandb_base_url.empty() ? kWandbDefaultBaseUrl : env.wandb_base_url,
                     {basic_auth_header("api", env.wandb_api_key)}};
  while (server.base.ends_with('/')) server.base.pop_back();

  const std::string run_id = wandb_run_id(run);
  json variables = {{"name", run_id},
                    {"project", settings.project},
                    {"displayName", wandb_display_name(settings, run)},
                    {"config", wandb_config(run).dump()},
                    {"tags", wandb_tags(settings, run)}};
  if (!settings.entity.empty()) variables["entity"] = settings.entity;
  const json bucket = graphql(http, server, kUpsertBucket, variables, "upsertBucket")
                          .value("upsertBucket", json::object())
                          .value("bucket", json::object());
  // Without --wandb-entity the server picks the key's default entity; its reply names it.
  std::string entity = settings.entity;
  if (entity.empty() && bucket.contains("project") && bucket["project"].contains("entity"))
    entity = bucket["project"]["entity"].value("name", "");
  if (entity.empty()) throw PublishError("graphql upsertBucket: the reply names no entity (give --wandb-entity)");

  const WandbTableFile table = wandb_table_file(wandb_summary_table(run));
  std::vector<RunFile> files{{table.path, {}, table.content}};
  for (const std::string& f : artifact_files(run.artifact_dir, {}))
    files.push_back({std::string(kWandbRunFilesFolder) + "/" + f, run.artifact_dir / f, {}});
  upload_run_files(http, server, entity, settings.project, run_id, files);

  const std::string stream_url = server.base + "/files/" + url_encode(entity) + "/" + url_encode(settings.project) +
                                 "/" + url_encode(run_id) + "/file_stream";
  const SummaryMetric* duration = run.find("benchmark_duration");
  const SummaryMetric* end = run.find("max_response_timestamp");
  const double runtime_s = duration ? duration->stat("avg").value_or(0) : 0;
  const double end_s = end ? end->stat("avg").value_or(0) / 1e9 : 0;
  const json history = wandb_history_row(run, table, runtime_s, end_s);
  json_call(http, "POST", stream_url, server.auth,
            {{"files",
              {{"wandb-summary.json", {{"offset", 0}, {"content", json::array({wandb_summary(run, table).dump()})}}},
               {"wandb-history.jsonl", {{"offset", 0}, {"content", json::array({history.dump()})}}}}}},
            "file_stream");
  json uploaded = json::array();
  for (const RunFile& f : files) uploaded.push_back(f.name);
  // exitcode 1 for a cancelled benchmark: W&B then shows the run as failed, not finished.
  json_call(http, "POST", stream_url, server.auth,
            {{"complete", true}, {"exitcode", run.was_cancelled ? 1 : 0}, {"uploaded", uploaded}},
            "file_stream complete");
}

}  // namespace aiperf
