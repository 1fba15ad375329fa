#pragma once
// After a run has written its artifacts: publishes them to the exporters the run enabled
// (--otel-url, --mlflow-tracking-uri, --wandb-project; docs/publish.md). Each reads the
// finished files, so a slow or absent tracking service can cost time but never a result.
#include <filesystem>
#include <string>

#include "config/profile_config.h"

namespace aiperf {

struct PublishContext {
  const ProfileConfig* config = nullptr;
  std::filesystem::path artifact_dir;
  std::string benchmark_id;
  bool was_cancelled = false;
  std::string cli_command;  // already free of secrets (cli/cli_command.h)
};

// Whether any exporter is enabled (nothing is read or sent otherwise).
bool publishing_enabled(const ProfileConfig& config);

// Runs every enabled exporter, in the order OTel, MLflow, W&B. Each fails soft: a target that
// is down or refuses the data gives one warning naming it (its URL without user-info) and
// what failed, and the next exporter still runs. False when any exporter failed.
bool publish_run(const PublishContext& context);

}  // namespace aiperf
