#pragma once
// MLflow export of a finished run (metrics-and-outputs.md §10.2) over the tracking server's
// REST API 2.0: find or create the experiment, create the run, log its metrics, params and
// tags in batches, upload the artifact files through the server's mlflow-artifacts proxy,
// close the run (FINISHED, or KILLED when the benchmark was cancelled) and write
// mlflow_export.json into the artifact directory.
#include "config/telemetry_settings.h"
#include "publish/finished_run.h"
#include "publish/publish_environment.h"
#include "telemetry/http_client.h"

namespace aiperf {

inline constexpr const char* kMlflowExportFile = "mlflow_export.json";

// Throws PublishError (publish_http.h) naming the step that failed; mlflow_export.json is
// written once the run exists, even when an artifact upload then fails.
void publish_mlflow(const FinishedRun& run, const MlflowSettings& settings, const PublishEnvironment& env,
                    HttpClient& http);

}  // namespace aiperf
