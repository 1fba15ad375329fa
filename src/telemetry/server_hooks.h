#pragma once
// The server control hooks (cli-and-load.md §3.1, docs/server-hooks.md): before a run, wait
// until each server's model answers and reset its KV cache; around the profiling phase, start
// and stop its profiler. Blocking HTTP on the calling thread, before the workers send anything
// or between phases; never on a worker's path. Messages name the option and the URL, never a
// credential (URLs here carry none; headers are never repeated).
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "config/server_hook_settings.h"

namespace aiperf {

// A hook that did not work: the run stops before (or instead of) profiling, exit 1.
struct ServerHookError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One --url as the hooks see it.
struct ServerHookTarget {
  std::string origin;        // "http://host:port", no user-info, no path
  std::string endpoint_url;  // origin + the run's endpoint path: where the inference probe goes
};

struct ServerHookTargets {
  std::vector<ServerHookTarget> targets;
  std::vector<std::string> hook_headers;   // on reset / profiler POSTs: "Authorization: ..." or none
  std::vector<std::string> probe_headers;  // on readiness probes: what the run's requests carry
  std::string probe_body;                  // the inference probe: a 1-token request of the endpoint type
  std::vector<std::string> models;         // every --model: what GET /v1/models must list
  bool verify_tls = true;
};

// Sleeps; a test (or a caller with its own clock) may replace it.
using HookSleep = std::function<void(double seconds)>;

// --wait-for-model-*: polls each target in turn until it is ready or the one deadline
// (now + timeout) passes; throws ServerHookError naming --wait-for-model-timeout and the URL
// with the last probe's problem. Prints one line per target once it answers.
void wait_for_model(const ServerHookSettings& settings, const ServerHookTargets& targets);

// --reset-kv-cache: one POST to each origin + path; retries 409/423/429/503 (reset_retry_delay)
// inside kResetBudgetS; throws ServerHookError on any other failure or when the budget is spent.
void reset_kv_cache(const ServerHookSettings& settings, const ServerHookTargets& targets,
                    const HookSleep& sleep = {});

// --server-profiler: start() before the profiling phase, stop() after it. A start that fails on
// one origin stops the ones already started and throws; stop() only warns. No retries.
class ServerProfiler {
 public:
  ServerProfiler(const ServerHookSettings& settings, const ServerHookTargets& targets);
  ~ServerProfiler();  // stop(): a run that ends by an exception still stops the profiler
  ServerProfiler(const ServerProfiler&) = delete;
  ServerProfiler& operator=(const ServerProfiler&) = delete;

  bool enabled() const { return settings_.server_profiler && !targets_.targets.empty(); }
  void start();
  void stop();  // idempotent; origins that were never started are left alone

 private:
  ServerHookSettings settings_;
  ServerHookTargets targets_;
  std::vector<size_t> started_;  // indexes into targets_.targets
};

// The pieces above, pure, for tests.
inline constexpr double kResetBudgetS = 60;  // upstream: retries stop 60 s after the first POST
// 409 Conflict, 423 Locked, 429 Too Many Requests, 503 Unavailable: the server is busy, not wrong.
bool reset_status_retryable(long status);
// The wait before retry `retry` (1-based): 1, 2, 4, 8, 8, ... s.
double reset_retry_delay(int retry);
// The wait before the next retry when `retries_done` retries have been made and `elapsed_s`
// have passed since the first POST; nullopt when the retry would start past the budget.
std::optional<double> next_reset_retry(int retries_done, double elapsed_s, double budget_s = kResetBudgetS);
// GET /v1/models' reply: "" when it lists every name in `models` (or lists nothing, or is not
// an OpenAI model list), else the first missing name.
std::string missing_model(std::string_view body, const std::vector<std::string>& models);
// origin + path ("/x?y" kept as is).
std::string hook_url(const std::string& origin, const std::string& path);

}  // namespace aiperf
