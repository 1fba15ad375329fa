#pragma once
// vLLM's Prometheus families as the mock's served model reports them on GET /metrics
// (docs/mock-server.md, "vLLM metrics"), observed from the mock's own writes: a telemetry
// client scraping the mock sees what it would scrape from vLLM, with values that follow the
// mock's schedule. Bucket bounds are vLLM's (vllm/v1/metrics/loggers.py).
//
// Each worker owns one VllmWorkerMetrics and is its only writer, so the serving path touches
// only its own cache lines; a scrape sums every worker's copy.
#include <array>
#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "mock_server/atomic_histogram.h"

namespace aiperf::mock {

inline constexpr std::array<double, 22> kVllmTtftBuckets = {
    0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75,
    1.0,   2.5,   5.0,  7.5,  10.0, 20.0, 40.0, 80.0, 160.0, 640.0, 2560.0};
inline constexpr std::array<double, 19> kVllmInterTokenBuckets = {
    0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0};
inline constexpr std::array<double, 21> kVllmRequestLatencyBuckets = {
    0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0, 120.0, 240.0, 480.0,
    960.0, 1920.0, 7680.0};

// The KV cache a served model reports when --kv-cache-tokens sets none.
inline constexpr int64_t kNominalKvCacheTokens = int64_t(1) << 20;

// vllm:kv_cache_usage_perc: the prompt + output tokens the running requests hold over the
// cache's size (`kv_cache_tokens`, or kNominalKvCacheTokens when it is ServingModel::kUnlimited),
// at most 1.
double kv_cache_usage(int64_t held_tokens, int64_t kv_cache_tokens);

struct alignas(64) VllmWorkerMetrics {
  std::atomic<uint64_t> prompt_tokens{0};
  std::atomic<uint64_t> generation_tokens{0};
  std::atomic<uint64_t> finished_length{0};  // request_success_total{finished_reason="length"}
  std::atomic<uint64_t> finished_stop{0};    // ... {finished_reason="stop"}
  AtomicHistogram ttft{kVllmTtftBuckets};
  AtomicHistogram inter_token{kVllmInterTokenBuckets};
  AtomicHistogram e2e{kVllmRequestLatencyBuckets};

  // The owning worker only (one writer: a load and a store, no locked RMW).
  static void add(std::atomic<uint64_t>& counter, uint64_t n) {
    counter.store(counter.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
  }
};

// The gauges, read from the server's shared state when scraped.
struct VllmGauges {
  int64_t running = 0;
  int64_t waiting = 0;
  double kv_cache_usage = 0;
};

// Appends every family (# HELP, # TYPE, samples labelled model_name="<model>") to `out`.
void append_vllm_metrics(std::string& out, std::string_view model, std::span<const VllmWorkerMetrics* const> workers,
                         const VllmGauges& gauges);

}  // namespace aiperf::mock
