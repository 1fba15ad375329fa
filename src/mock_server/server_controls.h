#pragma once
// The control endpoints a benchmark client calls around its runs (aiperf's --wait-for-model,
// --reset-kv-cache, --server-profiler; docs/server-hooks.md): vLLM's POST /reset_prefix_cache,
// /start_profile and /stop_profile, llama-server's POST /slots/<id>?action=erase, and a model
// that is still loading for --startup-delay-seconds (every route but /metrics answers 503, as
// llama-server does). Counted on GET /metrics, so a test sees what a client did and when.
// Shared by all workers: atomics only; a control call is rare, the loading check one compare.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "mock_server/mock_config.h"

namespace aiperf::mock {

class ServerControls {
 public:
  explicit ServerControls(const MockConfig& config);

  bool loading() const {
    return loading_ && std::chrono::steady_clock::now() < ready_at_;
  }
  // A reset (either path): 200, or 503 for the first --reset-busy-count calls.
  int reset();
  // `requests`: completion requests read so far, kept so a test can tell when the call came.
  void profiler_start(uint64_t requests);
  void profiler_stop(uint64_t requests);
  // Prometheus text: aiperf_mock_kv_cache_resets_total, ..._busy_total, aiperf_mock_profiler_*.
  void append_metrics(std::string& out) const;

 private:
  bool loading_ = false;
  std::chrono::steady_clock::time_point ready_at_;
  std::atomic<int64_t> busy_left_{0};
  std::atomic<int64_t> resets_{0}, resets_busy_{0};
  std::atomic<int64_t> starts_{0}, stops_{0};
  std::atomic<int64_t> requests_at_start_{-1}, requests_at_stop_{-1};
};

// llama-server's slot action path "/slots/<digits>"; the action comes in the query.
bool is_slot_path(std::string_view path);

}  // namespace aiperf::mock
