#include "mock_server/server_controls.h"

#include <algorithm>
#include <cctype>

namespace aiperf::mock {

ServerControls::ServerControls(const MockConfig& config)
    : loading_(config.startup_delay_s > 0),
      ready_at_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(config.startup_delay_s))),
      busy_left_(config.reset_busy_count) {}

int ServerControls::reset() {
  if (busy_left_.fetch_sub(1, std::memory_order_relaxed) > 0) {
    resets_busy_.fetch_add(1, std::memory_order_relaxed);
    return 503;
  }
  resets_.fetch_add(1, std::memory_order_relaxed);
  return 200;
}

void ServerControls::profiler_start(uint64_t requests) {
  starts_.fetch_add(1, std::memory_order_relaxed);
  requests_at_start_.store(int64_t(requests), std::memory_order_relaxed);
}

void ServerControls::profiler_stop(uint64_t requests) {
  stops_.fetch_add(1, std::memory_order_relaxed);
  requests_at_stop_.store(int64_t(requests), std::memory_order_relaxed);
}

void ServerControls::append_metrics(std::string& out) const {
  auto metric = [&out](const char* name, const char* type, const char* help, const std::atomic<int64_t>& v) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" + name + " " +
           std::to_string(v.load(std::memory_order_relaxed)) + "\n";
  };
  metric("aiperf_mock_kv_cache_resets_total", "counter", "KV-cache resets answered 200.", resets_);
  metric("aiperf_mock_kv_cache_resets_busy_total", "counter", "KV-cache resets answered 503 (--reset-busy-count).",
         resets_busy_);
  metric("aiperf_mock_profiler_starts_total", "counter", "POST /start_profile calls.", starts_);
  metric("aiperf_mock_profiler_stops_total", "counter", "POST /stop_profile calls.", stops_);
  metric("aiperf_mock_profiler_start_requests", "gauge",
         "Completion requests read when the last /start_profile came (-1: none came).", requests_at_start_);
  metric("aiperf_mock_profiler_stop_requests", "gauge",
         "Completion requests read when the last /stop_profile came (-1: none came).", requests_at_stop_);
}

bool is_slot_path(std::string_view path) {
  constexpr std::string_view kPrefix = "/slots/";
  if (!path.starts_with(kPrefix) || path.size() == kPrefix.size()) return false;
  const std::string_view id = path.substr(kPrefix.size());
  return std::all_of(id.begin(), id.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

}  // namespace aiperf::mock
