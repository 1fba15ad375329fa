#pragma once
// Weights & Biases export of a finished run (metrics-and-outputs.md §10.3) over W&B's own HTTP
// API, the one its Python client speaks: GraphQL upsertBucket creates the run (project,
// entity, display name, config, tags); the run's export files and the summary_metrics table
// are uploaded as run files (GraphQL createRunFiles, then a PUT to each upload URL); the
// file_stream endpoint receives wandb-summary.json and wandb-history.jsonl and closes the run.
// Authentication: WANDB_API_KEY as HTTP basic auth "api:<key>", against WANDB_BASE_URL.
#include "config/telemetry_settings.h"
#include "publish/finished_run.h"
#include "publish/publish_environment.h"
#include "telemetry/http_client.h"

namespace aiperf {

inline constexpr const char* kWandbDefaultBaseUrl = "https://api.wandb.ai";
// The folder of the run's files that holds the export files (W&B's Files tab).
inline constexpr const char* kWandbRunFilesFolder = "aiperf-run";

// Throws PublishError (publish_http.h) naming the step that failed.
void publish_wandb(const FinishedRun& run, const WandbSettings& settings, const PublishEnvironment& env,
                   HttpClient& http);

}  // namespace aiperf
