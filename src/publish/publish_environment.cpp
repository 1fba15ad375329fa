#include "publish/publish_environment.h"

#include <cstdlib>

namespace aiperf {

PublishEnvironment PublishEnvironment::from_process() {
  auto get = [](const char* name) {
    const char* value = std::getenv(name);
    return std::string(value ? value : "");
  };
  return {get("WANDB_API_KEY"), get("WANDB_BASE_URL"), get("MLFLOW_TRACKING_TOKEN"), get("MLFLOW_TRACKING_USERNAME"),
          get("MLFLOW_TRACKING_PASSWORD")};
}

}  // namespace aiperf
