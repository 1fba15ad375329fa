#pragma once
// One client connection: reads requests, answers them, keeps the connection alive.
// Sessions run on their worker thread's io_context and never touch another worker's state.
#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>

#include "mock_server/error_injection.h"
#include "mock_server/mock_config.h"
#include "mock_server/reply_timing.h"
#include "mock_server/stall_window.h"

namespace aiperf::mock {

// Shared by all workers; read-only while serving (ErrorInjector is thread-safe).
struct ServerShared {
  explicit ServerShared(MockConfig c)
      : config(std::move(c)),
        errors(config.error_rate, config.seed),
        stall(int64_t(config.stall_after_s * 1e9), int64_t(config.stall_ms * 1e6)) {}

  MockConfig config;
  std::string models_body;  // the /v1/models reply, formatted once
  ErrorInjector errors;
  StallWindow stall;        // --stall-after-s / --stall-ms

  // GET /metrics: lets a test check what a client really did, e.g. that a concurrency cap held.
  // Atomics shared by the workers; the mock is not the client, one RMW per request is nothing.
  std::atomic<int64_t> in_flight{0};       // completion requests read and not yet fully answered
  std::atomic<int64_t> peak_in_flight{0};
  std::atomic<uint64_t> requests_total{0};  // completion requests read

  void request_started() {
    requests_total.fetch_add(1, std::memory_order_relaxed);
    int64_t now = in_flight.fetch_add(1, std::memory_order_relaxed) + 1;
    int64_t peak = peak_in_flight.load(std::memory_order_relaxed);
    while (now > peak && !peak_in_flight.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
  }
  void request_finished() { in_flight.fetch_sub(1, std::memory_order_relaxed); }
};

// Owned by one worker thread.
struct WorkerState {
  ServerShared* shared = nullptr;
  uint64_t index = 0;
  uint64_t replies = 0;  // with `index`, makes reply ids unique across workers
  std::vector<ReplyTiming> timings;  // filled only with --timing-log
};

boost::asio::awaitable<void> serve_http(boost::asio::ip::tcp::socket socket, WorkerState& worker);

boost::asio::awaitable<void> serve_https(boost::asio::ip::tcp::socket socket,
                                         boost::asio::ssl::context& tls, WorkerState& worker);

}  // namespace aiperf::mock
