#pragma once
// The environment variables of the tracking services' own clients that aiperf honours, read
// once (publish_run.cpp) and handed to the exporters, so tests can give their own. All but the
// URLs are secrets: publish_run registers them with the log before any exporter runs.
#include <string>

namespace aiperf {

struct PublishEnvironment {
  std::string wandb_api_key;                     // WANDB_API_KEY (W&B export needs it)
  std::string wandb_base_url;                    // WANDB_BASE_URL ("": https://api.wandb.ai)
  std::string mlflow_tracking_token;             // MLFLOW_TRACKING_TOKEN: "Authorization: Bearer <token>"
  std::string mlflow_username, mlflow_password;  // MLFLOW_TRACKING_USERNAME / _PASSWORD: basic auth

  static PublishEnvironment from_process();
};

}  // namespace aiperf
