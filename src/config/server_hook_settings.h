#pragma once
// The server control hooks (cli-and-load.md §3.1, docs/server-hooks.md): wait until the model
// answers, reset the server's KV cache, start and stop its profiler. Plain HTTP calls to each
// --url's origin, made beside the run (telemetry/server_hooks.h), never by a worker.
#include <string>

namespace aiperf {

// --wait-for-model-mode: what counts as "the model answers".
enum class WaitForModelMode {
  models,     // GET <origin>/v1/models answers 2xx (and lists every --model, when it lists any)
  inference,  // a 1-token request of the run's endpoint type answers 2xx
  both,       // models, then inference
};

struct ServerHookSettings {
  double wait_for_model_timeout_s = 0;  // --wait-for-model-timeout; 0: no wait
  WaitForModelMode wait_for_model_mode = WaitForModelMode::inference;
  double wait_for_model_interval_s = 5;  // --wait-for-model-interval: between probes

  bool reset_kv_cache = false;                       // --reset-kv-cache
  std::string reset_kv_cache_path = "/reset_prefix_cache";  // may carry a query (llama-server's slot erase)
  double reset_kv_cache_timeout_s = 30;              // each POST

  bool server_profiler = false;                      // --server-profiler
  std::string server_profiler_start_path = "/start_profile";
  std::string server_profiler_stop_path = "/stop_profile";
  double server_profiler_timeout_s = 30;             // each POST

  bool wait_for_model() const { return wait_for_model_timeout_s > 0; }
  bool any() const { return wait_for_model() || reset_kv_cache || server_profiler; }
};

}  // namespace aiperf
