#pragma once
// One client connection: reads requests, answers them, keeps the connection alive.
// Sessions run on their worker thread's io_context and never touch another worker's state.
#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <random>
#include <vector>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "mock_server/accuracy_answers.h"
#include "mock_server/batch_scheduler.h"
#include "mock_server/error_injection.h"
#include "mock_server/mock_config.h"
#include "mock_server/reply_timing.h"
#include "mock_server/request_recorder.h"
#include "mock_server/server_controls.h"
#include "mock_server/stall_window.h"
#include "mock_server/video_jobs.h"
#include "mock_server/vllm_metrics.h"

namespace aiperf::mock {

// co_await op(..., kNoThrow) yields (error_code, results...) instead of throwing: a client going
// away is routine for a server (mock_server.cpp's accept loop and the sessions).
inline constexpr auto kNoThrow = boost::asio::as_tuple(boost::asio::use_awaitable);

// Shared by all workers; read-only while serving (ErrorInjector is thread-safe).
struct ServerShared {
  explicit ServerShared(MockConfig c)
      : config(std::move(c)),
        errors(config.error_rate, config.seed),
        stream_errors(config.stream_error_rate, ~config.seed),
        stall(int64_t(config.stall_after_s * 1e9), int64_t(config.stall_ms * 1e6)),
        videos(config),
        batch(config.serving.max_num_seqs, config.serving.kv_cache_tokens),
        controls(config) {}

  MockConfig config;
  std::string models_body;  // the /v1/models reply, formatted once
  ErrorInjector errors;
  ErrorInjector stream_errors;  // --stream-error-rate: streamed replies that end in an error event
  StallWindow stall;        // --stall-after-s / --stall-ms
  RequestRecorder recorder;  // --record-requests
  VideoJobStore videos;     // POST /v1/videos jobs
  BatchScheduler batch;     // the serving model's one batch (used only when config.serving.enabled)
  ServerControls controls;  // resets, profiler calls, --startup-delay-seconds
  AccuracyAnswers answers;  // --accuracy-answer-key: fixed answers to benchmark problems

  // GET /metrics: lets a test check what a client really did, e.g. that a concurrency cap held.
  // Atomics shared by the workers; the mock is not the client, one RMW per request is nothing.
  std::atomic<int64_t> in_flight{0};       // completion requests read and not yet fully answered
  std::atomic<int64_t> peak_in_flight{0};
  std::atomic<uint64_t> requests_total{0};  // completion requests read
  // Read and no content written yet: what a client's --prefill-concurrency caps.
  std::atomic<int64_t> awaiting_first_token{0};
  std::atomic<int64_t> peak_awaiting_first_token{0};
  // Without the serving model: the prompt + output tokens of completion replies being sent,
  // behind vllm:kv_cache_usage_perc (the serving model's batch keeps its own).
  std::atomic<int64_t> kv_tokens_held{0};
  // Every worker's vLLM families (WorkerState::vllm), set before the workers start.
  std::vector<const VllmWorkerMetrics*> vllm_workers;

  // vLLM's gauges now: the serving model's batch and queue, else every request in flight runs.
  VllmGauges vllm_gauges() const {
    if (config.serving.enabled)
      return {batch.running(), batch.waiting(), kv_cache_usage(batch.running_tokens(), config.serving.kv_cache_tokens)};
    return {in_flight.load(std::memory_order_relaxed), 0,
            kv_cache_usage(kv_tokens_held.load(std::memory_order_relaxed), ServingModel::kUnlimited)};
  }

  void request_started() {
    requests_total.fetch_add(1, std::memory_order_relaxed);
    raise(in_flight, peak_in_flight);
    raise(awaiting_first_token, peak_awaiting_first_token);
  }
  // Called just before the first content leaves (or when the reply ends without any), so a
  // client can never see its first token while the request still counts here.
  void first_token_sent() { awaiting_first_token.fetch_sub(1, std::memory_order_relaxed); }
  void request_finished() { in_flight.fetch_sub(1, std::memory_order_relaxed); }

 private:
  static void raise(std::atomic<int64_t>& gauge, std::atomic<int64_t>& peak_gauge) {
    int64_t now = gauge.fetch_add(1, std::memory_order_relaxed) + 1;
    int64_t peak = peak_gauge.load(std::memory_order_relaxed);
    while (now > peak && !peak_gauge.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
  }
};

// Owned by one worker thread.
struct WorkerState {
  ServerShared* shared = nullptr;
  uint64_t index = 0;
  uint64_t replies = 0;  // with `index`, makes reply ids unique across workers
  uint64_t connections = 0;  // likewise for connection ids (--timing-log)
  std::vector<ReplyTiming> timings;  // filled only with --timing-log
  std::mt19937_64 jitter;            // --ttft-jitter-ms draws (seeded with --seed and `index`)
  VllmWorkerMetrics vllm;            // written by this worker only; GET /metrics sums all workers'
};

boost::asio::awaitable<void> serve_http(boost::asio::ip::tcp::socket socket, WorkerState& worker);

boost::asio::awaitable<void> serve_https(boost::asio::ip::tcp::socket socket,
                                         boost::asio::ssl::context& tls, WorkerState& worker);

}  // namespace aiperf::mock
