#pragma once
// A worker is one thread with its own event loop and its own connections. It turns each
// credit into one HTTP request, stamps times as bytes move, and hands the raw record to
// the record processor and the credit back to the issuer. Nothing here is shared with
// another worker.
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "common/log_histogram.h"
#include "common/thread_cpu_usage.h"
#include "config/env_settings.h"
#include "endpoints/request_builder.h"
#include "records/record_queue.h"
#include "timing/credit_returns.h"
#include "timing/credit_target.h"
#include "transport/endpoint_url.h"
#include "transport/http_connection.h"
#include "transport/loop_lag_monitor.h"
#include "transport/request_head.h"
#include "transport/response_size_limit.h"
#include "transport/sigv4_signer.h"
#include "transport/video_job_poll.h"
#include "transport/worker_activity.h"

namespace aiperf {

// One --url joined with the endpoint path, with what every request to it shares.
struct UrlTarget {
  EndpointUrl url;
  std::vector<tcp::endpoint> endpoints;  // resolved and probed once, before the run
  const RequestHead* head = nullptr;     // request line and Host differ per URL
  std::string sign_host;                 // --auth-type sigv4: the Host header that is signed
  asio::ssl::context* tls = nullptr;     // null: plain HTTP
};

struct WorkerOptions {
  uint32_t id = 0;
  // Every --url, in order; each request goes to url_index_for(credit) (transport/url_rotation.h).
  std::vector<UrlTarget> targets;
  // --auth-type sigv4: each request is signed as it is sent, for the Host header sent.
  const SigV4Settings* sigv4 = nullptr;
  const std::vector<PreparedRequest>* requests = nullptr;
  int64_t timeout_ns = 0;                          // whole request: connect + send + receive
  uint64_t max_response_bytes = kDefaultMaxResponseBytes;  // AIPERF_HTTP_MAX_RESPONSE_BYTES
  bool verify_host = true;
  bool streaming = false;
  ConnectionReuse reuse = ConnectionReuse::pooled;  // --connection-reuse-strategy
  // Multi-turn only: later turns' bodies are built here, when sent, from the conversation
  // and the replies this worker received for its earlier turns.
  const EndpointSettings* config = nullptr;  // what request bodies and replies depend on
  const Dataset* dataset = nullptr;
  // DAG sessions: correlation ids derive from (this, session id), so a child on any worker
  // can name its parent's (assign_keyed_uuid4). The same value for every worker of a run.
  uint64_t correlation_key = 0;
  // video_generation: each submit is followed until its job ends (worker_video.cpp).
  const VideoPolling* video = nullptr;
  // --cache-bust: the marker goes into each body as it is sent (endpoints/cache_bust.h); the
  // run's benchmark id is part of every marker, so markers differ across runs.
  CacheBust cache_bust = CacheBust::none;
  std::string benchmark_id;
  size_t record_backlog_limit = size_t(kDefaultRecordBacklogLimit);
};

// What a worker measured about itself over its health window (docs/metrics.md, "Client health").
struct WorkerLoadSample {
  uint32_t worker_id = 0;
  LogHistogram loop_lag;        // event-loop lag ticks
  ThreadCpuSample start, end;   // the thread's CPU use at the window's edges
  int64_t pacing_poll_ns = 0;   // CPU spent polling idle ahead of scheduled sends (run_loop)
  int64_t record_hold_ns = 0;   // time sends were held back for the record backlog
  uint64_t held_sends = 0;      // sends that were held back
};

class Worker : public CreditTarget {
 public:
  Worker(WorkerOptions options, CreditReturns& returns, RecordQueue& records);
  ~Worker() override;

  void start();
  // Stops the event loop and joins the thread. Call when every credit has returned.
  void stop();

  // Starts the client self-check window (the profiling phase): the thread's CPU clock is read
  // now and the loop-lag samples so far are dropped. Call from the issuer's thread after start().
  void begin_health_window();
  // The window ends in stop(); read this after it.
  WorkerLoadSample load_sample() const;
  // Requests sent to each --url (index = URL), retries of stale connections not counted twice.
  // Read after stop().
  const std::vector<uint64_t>& requests_per_url() const { return sent_per_url_; }
  // Live counters (any thread, any time) and the thread's CPU use so far (after start()).
  const WorkerActivity& activity() const { return activity_; }
  ThreadCpuSample cpu_now() const;

  void deliver(const Credit& credit) override;
  void cancel_in_flight(BenchmarkPhase phase) override;

 private:
  enum class Outcome { done, done_close, stale, failed };

  asio::awaitable<void> run_request(Credit credit);
  asio::awaitable<Outcome> exchange(const std::shared_ptr<HttpConnection>& conn_ptr, RawRecord& record,
                                    const std::string& body, bool reused, Credit& credit);
  // video_generation (worker_video.cpp): polls the submitted job, then downloads the video.
  asio::awaitable<Outcome> follow_video_job(std::shared_ptr<HttpConnection>& conn, RawRecord& rec, Outcome submit,
                                            const Credit& credit);
  asio::awaitable<Outcome> download_video(std::shared_ptr<HttpConnection>& conn, RawRecord& rec, bool reusable,
                                          const Credit& credit, const VideoJob& job, const std::string& poll_target);
  asio::awaitable<bool> open_video_connection(std::shared_ptr<HttpConnection>& conn, RawRecord& rec, bool keep_old,
                                              const Credit& credit, const EndpointUrl& url, bool foreign);
  Outcome video_failure(RawRecord& rec, const HttpConnection& conn, const boost::system::error_code& ec,
                        const std::string& protocol_error, const char* during);
  void arm_cancellation(const std::shared_ptr<HttpConnection>& conn, int64_t delay_ns);
  static void disarm_cancellation(HttpConnection& conn);
  std::shared_ptr<HttpConnection> take_idle(uint32_t url);
  std::shared_ptr<HttpConnection> take_reusable(const Credit& credit);
  void keep_alive(const Credit& credit, std::shared_ptr<HttpConnection> conn);
  void track(HttpConnection& conn, const Credit& credit, int64_t now);
  void untrack(HttpConnection& conn);
  void fail(RawRecord& record, const HttpConnection& conn, const boost::system::error_code& ec,
            const char* during);
  void schedule_timeout_sweep();
  void return_credit(const Credit& credit, ReturnKind kind = ReturnKind::finished);
  void run_loop();
  void launch(const Credit& credit);
  void hold(const Credit& credit);
  void arm_hold_timer();
  void release_held();
  void launch_due(int64_t now);
  bool keeps_session(const Credit& credit) const;
  const std::string& first_turn_body(const Credit& credit, RawRecord& rec) const;
  const std::string& session_turn_body(const Credit& credit, RawRecord& rec);
  const std::string& message_turn_body(const Credit& credit, RawRecord& rec, std::string& history);
  const std::string& cache_bust_body(const Credit& credit, const std::string& body, RawRecord& rec) const;
  void session_turn_done(const Credit& credit, const RawRecord& rec);
  void message_turn_done(const Credit& credit, const RawRecord& rec);
  std::string reply_text(const RawRecord& rec) const;

  // One running multi-turn session: all its turns come to this worker (the issuer routes
  // them here), which keeps what later turns must resend.
  struct SessionHistory {
    std::string correlation_id;         // one X-Correlation-ID for the whole conversation
    std::vector<std::string> replies;   // assistant text per earlier turn ("" = none)
    // Message-turn (DAG) sessions instead: every message so far, comma-joined compact JSON.
    std::string history;
    // --connection-reuse-strategy sticky-user-sessions: the connection between turns.
    std::shared_ptr<HttpConnection> conn;
  };

  WorkerOptions options_;
  CreditReturns& returns_;
  RecordQueue& records_;
  asio::io_context io_{1};
  asio::executor_work_guard<asio::io_context::executor_type> work_;
  asio::steady_timer sweep_timer_;
  // Open-loop credits arrive shortly before their scheduled time (see CreditIssuer); they wait
  // here, a min-heap on scheduled_ns, and run_loop starts each one on time.
  std::vector<Credit> scheduled_;
  asio::steady_timer pace_timer_;
  int64_t pace_timer_at_ = 0;
  int64_t pacing_poll_ns_ = 0;  // idle polling ahead of scheduled sends, since the health window opened
  // Keep-alive pool, one per --url: a connection only ever carries requests to its own URL.
  std::vector<std::vector<std::shared_ptr<HttpConnection>>> idle_;
  std::vector<uint64_t> sent_per_url_;
  std::vector<HttpConnection*> active_;                // requests in flight
  std::vector<ReturnMessage> pending_returns_;         // not yet handed back to the issuer
  // Sessions cut short by the phase's end keep their entry until the worker goes away.
  std::unordered_map<uint64_t, SessionHistory> sessions_;
  // A FORK child's starting history, copied when its parent's launching turn finished (the
  // parent may go on or end before the child's first turn is sent); keyed by (parent
  // session, child dataset index), unique because a session has at most one fork parent.
  std::map<std::pair<uint64_t, uint32_t>, std::string> fork_snapshots_;
  // Sends held back while the record backlog is over the limit, in arrival order; released
  // together once it is under half the limit.
  std::vector<Credit> held_;
  asio::steady_timer hold_timer_;
  int64_t held_since_ns_ = 0;
  int64_t record_hold_ns_ = 0;  // since the health window opened
  uint64_t held_sends_ = 0;
  LoopLagMonitor lag_monitor_;
  std::vector<SigV4Signer> signers_;      // one per URL, this worker's own: they keep scratch state
  std::atomic<pid_t> tid_{0};             // set by the thread itself, for its schedstat
  WorkerActivity activity_;
  ThreadCpuSample window_start_, window_end_;
  std::thread thread_;
};

}  // namespace aiperf
