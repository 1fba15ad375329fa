#include "transport/worker.h"

#include "transport/asio_no_throw.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <sys/prctl.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/beast/http/error.hpp>

#include "common/clock.h"
#include "common/uuid.h"
#include "endpoints/cache_bust.h"
#include "endpoints/response_parser.h"
#include "timing/renewal_budget.h"
#include "transport/response_reader.h"
#include "transport/url_rotation.h"

namespace aiperf {

namespace {

// How often in-flight requests are checked against their timeout: 1% of the timeout, so a
// request is cut off at most 1% late, between 10 ms and 1 s. With upstream's 6-hour default
// an idle worker then wakes once a second instead of a hundred times.
std::chrono::nanoseconds timeout_sweep_period(int64_t timeout_ns) {
  return std::chrono::nanoseconds(std::clamp<int64_t>(timeout_ns / 100, 10'000'000, 1'000'000'000));
}

// A scheduled send is slept to this far short of its time, then the loop polls (still
// serving every other connection) until the time comes: a timer wake-up takes 30–70 µs on
// the reference VM at best and often more. Measured at 2000 req/s (docs/benchmarks.md (d)):
// with 100 µs the median send lag was 30 µs, with 300 µs 2.5 µs.
constexpr int64_t kSpinNs = 300'000;

bool due_later(const Credit& a, const Credit& b) { return a.scheduled_ns > b.scheduled_ns; }

// Event-loop lag sampling period: fine enough that a 1 ms stall shows within a few ticks,
// coarse enough that an idle worker wakes only 200 times a second.
constexpr std::chrono::milliseconds kLoopLagPeriod{5};
// How often held sends look again at the record backlog: the processor naps 2 ms when busy.
constexpr std::chrono::milliseconds kHoldRecheckPeriod{1};

int64_t wall_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

ErrorDetails transport_error(std::string type, std::string message) {
  return ErrorDetails{std::nullopt, std::move(type), std::move(message)};
}

}  // namespace

Worker::Worker(WorkerOptions options, CreditReturns& returns, RecordQueue& records)
    : options_(std::move(options)),
      returns_(returns),
      records_(records),
      work_(io_.get_executor()),
      sweep_timer_(io_),
      pace_timer_(io_),
      hold_timer_(io_),
      lag_monitor_(io_, kLoopLagPeriod) {
  idle_.resize(options_.targets.size());
  sent_per_url_.assign(options_.targets.size(), 0);
  if (options_.sigv4)
    for (const UrlTarget& t : options_.targets) signers_.emplace_back(*options_.sigv4, t.url.path, t.sign_host);
}

Worker::~Worker() { stop(); }

void Worker::start() {
  schedule_timeout_sweep();
  lag_monitor_.start();
  thread_ = std::thread([this] {
    tid_.store(current_thread_id(), std::memory_order_release);
    // The default 50 µs timer slack would blur every scheduled send.
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
    run_loop();
  });
}

void Worker::run_loop() {
  for (;;) {
    if (scheduled_.empty()) {
      if (io_.run_one() == 0) return;  // stopped
      continue;
    }
    const int64_t due = scheduled_.front().scheduled_ns;
    const int64_t now = mono_ns();
    if (now >= due) {
      launch_due(now);
      continue;
    }
    if (due - now > kSpinNs) {
      const int64_t wake_at = due - kSpinNs;
      if (pace_timer_at_ != wake_at) {
        pace_timer_at_ = wake_at;
        pace_timer_.expires_at(asio::steady_timer::time_point(std::chrono::nanoseconds(wake_at)));
        pace_timer_.async_wait([](const boost::system::error_code&) {});
      }
      if (io_.run_one() == 0) return;
      continue;
    }
    // Idle polls are the price of sending on time, not load: counted apart (client health).
    if (io_.poll_one() == 0) pacing_poll_ns_ += mono_ns() - now;
    if (io_.stopped()) return;
  }
}

void Worker::launch_due(int64_t now) {
  while (!scheduled_.empty() && scheduled_.front().scheduled_ns <= now) {
    std::pop_heap(scheduled_.begin(), scheduled_.end(), due_later);
    Credit credit = scheduled_.back();
    scheduled_.pop_back();
    launch(credit);
  }
}

void Worker::launch(const Credit& credit) {
  if (!held_.empty() || records_.backlog() >= options_.record_backlog_limit) {
    hold(credit);
    return;
  }
  asio::co_spawn(io_, run_request(credit), asio::detached);
}

// The record processor is behind (starved of CPU, usually): sending more would only grow the
// backlog, so the send waits, as late as it must; its send lag and the held time say so.
void Worker::hold(const Credit& credit) {
  if (held_.empty()) {
    held_since_ns_ = mono_ns();
    arm_hold_timer();
  }
  held_.push_back(credit);
  ++held_sends_;
}

void Worker::arm_hold_timer() {
  hold_timer_.expires_after(kHoldRecheckPeriod);
  hold_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) release_held();
  });
}

void Worker::release_held() {
  if (held_.empty()) return;  // all cancelled meanwhile
  if (records_.backlog() > options_.record_backlog_limit / 2) {
    arm_hold_timer();
    return;
  }
  record_hold_ns_ += mono_ns() - held_since_ns_;
  std::vector<Credit> ready;
  ready.swap(held_);
  for (const Credit& credit : ready) asio::co_spawn(io_, run_request(credit), asio::detached);
}

void Worker::begin_health_window() {
  pid_t tid = 0;
  while ((tid = tid_.load(std::memory_order_acquire)) == 0) std::this_thread::yield();
  window_start_ = sample_thread_cpu(thread_.native_handle(), tid);
  asio::post(io_, [this] {
    lag_monitor_.reset();
    pacing_poll_ns_ = 0;
    record_hold_ns_ = 0;
    held_sends_ = held_.size();
    if (!held_.empty()) held_since_ns_ = mono_ns();
  });
}

ThreadCpuSample Worker::cpu_now() const {
  return sample_thread_cpu(const_cast<std::thread&>(thread_).native_handle(), tid_.load(std::memory_order_acquire));
}

WorkerLoadSample Worker::load_sample() const {
  WorkerLoadSample s;
  s.worker_id = options_.id;
  s.loop_lag = lag_monitor_.lag();
  s.start = window_start_;
  s.end = window_end_;
  s.pacing_poll_ns = pacing_poll_ns_;  // the thread has stopped: no race
  s.record_hold_ns = record_hold_ns_;
  s.held_sends = held_sends_;
  return s;
}

void Worker::stop() {
  if (!thread_.joinable()) return;
  // The thread's CPU clock exists only while it lives.
  window_end_ = sample_thread_cpu(thread_.native_handle(), tid_.load(std::memory_order_acquire));
  work_.reset();
  io_.stop();
  thread_.join();
  // Safe from this thread now that the producer thread has ended; the collector is
  // still draining, so the overflow always fits eventually.
  while (!records_.flush()) std::this_thread::yield();
}

void Worker::deliver(const Credit& credit) {
  asio::post(io_, [this, credit] {
    if (credit.scheduled_ns > mono_ns()) {
      scheduled_.push_back(credit);
      std::push_heap(scheduled_.begin(), scheduled_.end(), due_later);
    } else {
      launch(credit);
    }
  });
}

void Worker::cancel_in_flight(BenchmarkPhase phase) {
  asio::post(io_, [this, phase] {
    // Credits of the phase not yet due were never sent: they go back without a request.
    auto unsent = std::partition(scheduled_.begin(), scheduled_.end(),
                                 [phase](const Credit& c) { return c.phase != phase; });
    for (auto it = unsent; it != scheduled_.end(); ++it) return_credit(*it);
    scheduled_.erase(unsent, scheduled_.end());
    std::make_heap(scheduled_.begin(), scheduled_.end(), due_later);
    // So are the ones held back for the record backlog.
    const bool was_holding = !held_.empty();
    auto held_unsent = std::stable_partition(held_.begin(), held_.end(),
                                             [phase](const Credit& c) { return c.phase != phase; });
    for (auto it = held_unsent; it != held_.end(); ++it) return_credit(*it);
    held_.erase(held_unsent, held_.end());
    if (was_holding && held_.empty()) record_hold_ns_ += mono_ns() - held_since_ns_;  // the timer then stops
    // close() only queues the aborted operations' handlers, so active_ is stable here.
    for (HttpConnection* conn : active_) {
      if (conn->phase != phase) continue;
      conn->cancelled = true;
      conn->close();
    }
  });
}

void Worker::schedule_timeout_sweep() {
  sweep_timer_.expires_after(timeout_sweep_period(options_.timeout_ns));
  sweep_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    int64_t now = mono_ns();
    for (HttpConnection* conn : active_) {  // stable: see cancel_in_flight
      if (now < conn->deadline_ns || conn->timed_out) continue;
      conn->timed_out = true;
      conn->close();
    }
    schedule_timeout_sweep();
  });
}

std::shared_ptr<HttpConnection> Worker::take_idle(uint32_t url) {
  auto& idle = idle_[url];
  while (!idle.empty()) {
    std::shared_ptr<HttpConnection> conn = std::move(idle.back());
    idle.pop_back();
    if (!conn->unfit_for_reuse()) return conn;
    conn->close();
  }
  return nullptr;
}

// --connection-reuse-strategy: the connection this credit may reuse, or null for a new one.
std::shared_ptr<HttpConnection> Worker::take_reusable(const Credit& credit) {
  switch (options_.reuse) {
    case ConnectionReuse::pooled: return take_idle(url_index_for(credit, keeps_session(credit), idle_.size()));
    case ConnectionReuse::never: return nullptr;
    case ConnectionReuse::sticky_user_sessions: break;
  }
  auto it = credit.session_turns > 1 ? sessions_.find(credit.session_id) : sessions_.end();
  if (it == sessions_.end() || !it->second.conn) return nullptr;
  std::shared_ptr<HttpConnection> conn = std::move(it->second.conn);
  if (!conn->unfit_for_reuse()) return conn;
  conn->close();
  return nullptr;
}

// After a complete response on a connection that may carry another request.
void Worker::keep_alive(const Credit& credit, std::shared_ptr<HttpConnection> conn) {
  if (options_.reuse == ConnectionReuse::pooled) {
    idle_[conn->url_index].push_back(std::move(conn));
    return;
  }
  // Sticky: held for the conversation's next turn, closed after its final one (a
  // single-turn conversation is its own final turn).
  const bool more_turns = credit.turn_index + 1 < credit.session_turns;
  auto it = sessions_.find(credit.session_id);
  if (options_.reuse == ConnectionReuse::sticky_user_sessions && more_turns && it != sessions_.end()) {
    it->second.conn = std::move(conn);
    return;
  }
  conn->close();
}

void Worker::track(HttpConnection& conn, const Credit& credit, int64_t now) {
  conn.phase = credit.phase;
  conn.cancelled = conn.timed_out = false;
  conn.cancel_fired = false;
  conn.start_ns = now;
  conn.deadline_ns = now + options_.timeout_ns;
  conn.active_slot = active_.size();
  active_.push_back(&conn);
}

void Worker::untrack(HttpConnection& conn) {
  if (conn.active_slot == SIZE_MAX) return;
  HttpConnection* last = active_.back();
  active_[conn.active_slot] = last;
  last->active_slot = conn.active_slot;
  active_.pop_back();
  conn.active_slot = SIZE_MAX;
}

void Worker::fail(RawRecord& record, const HttpConnection& conn, const boost::system::error_code& ec,
                  const char* during) {
  int64_t now = mono_ns();
  record.end_ns = now;
  if (conn.cancelled) {
    record.was_cancelled = true;
    record.cancellation_ns = now;
    // One message per kind of cancellation, never a measured time, so the error summary has
    // one row per kind; the exact cut-off is cancellation_ns. --request-cancellation-rate:
    // upstream's wording with the configured delay.
    if (conn.cancel_fired) {
      char message[96];
      std::snprintf(message, sizeof message, "Request was cancelled after %.3f seconds",
                    double(conn.cancel_delay_ns) / 1e9);
      record.error = ErrorDetails{499, "RequestCancellationError", message};
    } else {
      record.error = ErrorDetails{499, "RequestCancellationError", kPhaseEndCancellationMessage};
    }
  } else if (conn.timed_out) {
    char message[96];
    std::snprintf(message, sizeof message, "Request timed out after %.3f seconds",
                  double(options_.timeout_ns) / 1e9);
    record.error = transport_error("TimeoutError", message);
  } else {
    record.error = transport_error("ConnectionError", std::string(during) + " " +
                                                          options_.targets[conn.url_index].url.display() + ": " +
                                                          ec.message());
  }
}

asio::awaitable<void> Worker::run_request(Credit credit) {
  std::unique_ptr<RawRecord> record = records_.acquire();
  RawRecord& rec = *record;
  rec.credit_id = credit.id;
  rec.session_num = credit.session_num;
  rec.dataset_index = credit.dataset_index;
  rec.turn_index = credit.turn_index;
  rec.phase = credit.phase;
  rec.worker_id = options_.id;
  rec.session_turns = credit.session_turns;
  rec.credit_issued_ns = credit.scheduled_ns != 0 ? credit.scheduled_ns : credit.issued_ns;
  rec.scheduled_ns = credit.scheduled_ns;
  assign_uuid4(rec.x_request_id);
  if (options_.streaming) {
    rec.body.reserve(4096);  // grows by doubling: no allocation per token
    rec.chunks.reserve(64);
  }
  const std::string* body = &(*options_.requests)[credit.dataset_index].body;
  const bool session = keeps_session(credit);
  if (!session) assign_uuid4(rec.x_correlation_id);
  const uint32_t url = url_index_for(credit, session, options_.targets.size());
  const UrlTarget& target = options_.targets[url];
  ++sent_per_url_[url];
  WorkerActivity::add(activity_.sent);

  try {
    // Inside the try: a body that cannot be built becomes an error record, never a lost credit.
    body = session ? &session_turn_body(credit, rec) : &first_turn_body(credit, rec);
    if (options_.cache_bust != CacheBust::none) body = &cache_bust_body(credit, *body, rec);
    for (int attempt = 0;; ++attempt) {
      // A retry always uses a fresh connection, so it cannot be stale again.
      std::shared_ptr<HttpConnection> conn = attempt == 0 ? take_reusable(credit) : nullptr;
      bool reused = conn != nullptr;
      if (!conn) {
        conn = std::make_shared<HttpConnection>(io_, target.tls);
        conn->url_index = url;
      }
      track(*conn, credit, mono_ns());
      rec.trace.connection_reused = reused;
      if (!reused) {
        rec.trace.connect_start_ns = mono_ns();
        auto ec = co_await conn->connect(target.endpoints, target.url.host, options_.verify_host);
        if (ec) {
          fail(rec, *conn, ec, "cannot connect to");
          untrack(*conn);
          conn->close();
          break;
        }
        rec.trace.connect_end_ns = mono_ns();
      }
      Outcome outcome = co_await exchange(conn, rec, *body, reused, credit);
      if (options_.video && (outcome == Outcome::done || outcome == Outcome::done_close))
        outcome = co_await follow_video_job(conn, rec, outcome, credit);
      disarm_cancellation(*conn);
      untrack(*conn);
      // The cancel timer fired while the complete response was already read: a success,
      // but the connection is closed.
      if (outcome == Outcome::done && conn->cancelled) outcome = Outcome::done_close;
      if (outcome == Outcome::stale && attempt == 0) {
        // The server had closed this keep-alive connection; nothing was measured yet, so
        // the request is sent again on a fresh connection with fresh timestamps.
        conn->close();
        rec.clear_response();
        continue;
      }
      if (outcome == Outcome::done) {
        keep_alive(credit, std::move(conn));
      } else {
        conn->close();
      }
      break;
    }
  } catch (const std::exception& e) {
    rec.end_ns = mono_ns();
    rec.error = transport_error("InternalError", e.what());
  }

  if (session) session_turn_done(credit, rec);
  credit.done_ns = rec.end_ns ? rec.end_ns : mono_ns();
  credit.failed = rec.error || rec.was_cancelled || rec.http_status < 200 || rec.http_status >= 300;
  WorkerActivity::add(activity_.bytes_written, rec.trace.bytes_sent);
  WorkerActivity::add(activity_.bytes_read, rec.trace.bytes_received);
  if (credit.failed) WorkerActivity::add(activity_.failed);
  WorkerActivity::add(activity_.completed);
  // The record goes first so that, once the issuer has seen every credit back, every
  // record is already queued for the processor.
  records_.push(std::move(record));
  Credit next;
  if (credit.renewal && credit.renewal->renew(next)) {
    launch(next);  // closed loop: replace at once
  } else {
    return_credit(credit);
  }
}

// Multi-turn sessions and every agentic / DAG conversation (a one-turn child still needs its
// fork history and correlation ids) keep state here between turns.
bool Worker::keeps_session(const Credit& credit) const {
  return credit.session_turns > 1 ||
         (options_.dataset && !options_.dataset->entries[credit.dataset_index].agentic->turns.empty());
}

// Turn 1 of a session sends its prepared body; later turns are built now, with the replies
// so far, and kept in the record (the analytic plane counts ISL from what was really sent).
const std::string& Worker::session_turn_body(const Credit& credit, RawRecord& rec) {
  SessionHistory& session = sessions_[credit.session_id];
  if (!options_.dataset->entries[credit.dataset_index].agentic->turns.empty())
    return message_turn_body(credit, rec, session.history);
  if (session.correlation_id.empty()) assign_uuid4(session.correlation_id);
  rec.x_correlation_id = session.correlation_id;
  if (credit.turn_index == 0) return first_turn_body(credit, rec);
  rec.request_body = build_turn_body(*options_.config, options_.dataset->entries[credit.dataset_index],
                                     credit.turn_index, session.replies);
  return rec.request_body;
}

// The prepared first-turn body, or, for a deferred prompt (a trace's hash blocks), the body
// built now and kept in the record (the analytic plane counts ISL from what was sent).
const std::string& Worker::first_turn_body(const Credit& credit, RawRecord& rec) const {
  const PreparedRequest& prepared = (*options_.requests)[credit.dataset_index];
  if (!prepared.built_at_send) return prepared.body;
  rec.request_body = build_request_body(*options_.config, options_.dataset->entries[credit.dataset_index]);
  return rec.request_body;
}

// --cache-bust: the body with its trajectory's marker, kept in the record (what was really
// sent: its ISL counts the marker). Every turn of a tree gets the same marker, so each turn's
// history stays a prefix of the next one's.
const std::string& Worker::cache_bust_body(const Credit& credit, const std::string& body, RawRecord& rec) const {
  const bool warmup_only = warmup_isolation(options_.cache_bust);
  if (warmup_only && credit.phase != BenchmarkPhase::warmup) return body;
  std::string marker(kWarmupCacheBustMarker);
  if (!warmup_only) {
    // Renewable credits (closed loop, single turns only) may come from a worker's renewal, which
    // sets no trajectory: each is a trajectory of its own, as the issuer would have made it.
    const bool own = credit.renewal != nullptr;
    const uint32_t root = own ? credit.dataset_index : credit.root_conversation;
    marker = cache_bust_marker(options_.benchmark_id, credit.recycle_pass, own ? credit.id : credit.trajectory,
                               (*options_.requests)[root].conversation_id);
  }
  std::string busted;
  if (!apply_cache_bust(body, options_.config->endpoint_type, options_.cache_bust, marker, busted)) return body;
  rec.request_body = std::move(busted);
  return rec.request_body;
}

// A DAG session's turn: built now unless it is a first turn without inherited history.
const std::string& Worker::message_turn_body(const Credit& credit, RawRecord& rec, std::string& history) {
  assign_keyed_uuid4(rec.x_correlation_id, options_.correlation_key, credit.session_id);
  rec.agent_depth = credit.agent_depth;
  if (credit.agent_depth > 0)
    assign_keyed_uuid4(rec.parent_correlation_id, options_.correlation_key, credit.parent_session_id);
  if (credit.turn_index == 0 && credit.forked) {
    auto it = fork_snapshots_.find({credit.parent_session_id, credit.dataset_index});
    if (it != fork_snapshots_.end()) {
      history = std::move(it->second);
      fork_snapshots_.erase(it);
    }
  }
  const DatasetEntry& entry = options_.dataset->entries[credit.dataset_index];
  // Agentic replay starts a recorded trajectory mid-way (§5.4): the history before its first
  // turn is the recorded one, rebuilt here without sending it.
  if (credit.turn_index > 0 && history.empty() && !entry.agentic->capture_replies)
    for (uint32_t t = 0; t < credit.turn_index; ++t) append_message_turn_history(history, entry, t, {});
  if (credit.turn_index == 0 && history.empty() && credit.max_tokens_cap == 0)
    return (*options_.requests)[credit.dataset_index].body;
  rec.request_body = build_message_turn_body(*options_.config, entry, credit.turn_index, history, credit.max_tokens_cap);
  return rec.request_body;
}

// After a DAG session's turn: the history grows by the turn and its reply, each FORK child
// launched by this turn gets a copy, and the session is forgotten after its final turn.
void Worker::message_turn_done(const Credit& credit, const RawRecord& rec) {
  auto it = sessions_.find(credit.session_id);
  if (it == sessions_.end()) return;
  const DatasetEntry& entry = options_.dataset->entries[credit.dataset_index];
  const MessageTurn& turn = entry.agentic->turns[credit.turn_index];
  const bool last = credit.turn_index + 1 >= credit.session_turns;
  const bool forks = std::any_of(turn.launches.begin(), turn.launches.end(), [](const ChildLaunch& l) { return l.fork; });
  if (!last || forks) {
    append_message_turn_history(it->second.history, entry, credit.turn_index,
                                entry.agentic->capture_replies ? reply_text(rec) : std::string());
    for (const ChildLaunch& l : turn.launches)
      if (l.fork) fork_snapshots_[{credit.session_id, l.child}] = it->second.history;
  }
  if (last) sessions_.erase(it);
}

// The reply's text for the history; a failed, cancelled or unreadable reply adds nothing.
std::string Worker::reply_text(const RawRecord& rec) const {
  std::string reply;
  if (rec.error || rec.was_cancelled) return reply;
  try {
    for (const ParsedResponse& r : parse_record(options_.config->endpoint_type, rec).responses) reply += r.text;
  } catch (const std::exception&) {
    reply.clear();
  }
  return reply;
}

// Per turn, after the whole response is in (never per chunk): keep the reply's text for the
// next turn, or forget the session after its final turn.
void Worker::session_turn_done(const Credit& credit, const RawRecord& rec) {
  if (!options_.dataset->entries[credit.dataset_index].agentic->turns.empty()) return message_turn_done(credit, rec);
  auto it = sessions_.find(credit.session_id);
  if (it == sessions_.end()) return;
  if (credit.turn_index + 1 >= credit.session_turns) {
    sessions_.erase(it);
    return;
  }
  it->second.replies.resize(credit.turn_index);
  it->second.replies.push_back(reply_text(rec));  // a failed or empty reply adds nothing
}

void Worker::return_credit(const Credit& credit, ReturnKind kind) {
  // Messages queued in the same turn of the event loop go back together with one wake-up
  // of the issuer: the flush runs after the completions already queued.
  if (pending_returns_.empty()) {
    asio::post(io_, [this] {
      for (const ReturnMessage& m : pending_returns_) returns_.push(options_.id, m.credit, m.kind);
      pending_returns_.clear();
      returns_.notify();
    });
  }
  pending_returns_.push_back(ReturnMessage{credit, kind});
}

void Worker::arm_cancellation(const std::shared_ptr<HttpConnection>& conn, int64_t delay_ns) {
  conn->cancel_delay_ns = delay_ns;
  conn->cancel_armed = true;
  const uint64_t seq = ++conn->cancel_seq;
  conn->cancel_timer.expires_after(std::chrono::nanoseconds(delay_ns));
  // The handler holds the connection: a wait that already fired may run after the request
  // has ended and released it.
  conn->cancel_timer.async_wait([conn, seq](const boost::system::error_code& ec) {
    if (ec || !conn->cancel_armed || conn->cancel_seq != seq) return;
    conn->cancelled = conn->cancel_fired = true;
    conn->close();
  });
}

void Worker::disarm_cancellation(HttpConnection& conn) {
  if (!conn.cancel_armed) return;
  conn.cancel_armed = false;
  conn.cancel_timer.cancel();
}

asio::awaitable<Worker::Outcome> Worker::exchange(const std::shared_ptr<HttpConnection>& conn_ptr,
                                                  RawRecord& rec, const std::string& body, bool reused,
                                                  Credit& credit) {
  HttpConnection& conn = *conn_ptr;
  options_.targets[conn.url_index].head->format(conn.head, rec.x_request_id, rec.x_correlation_id, body.size());
  if (!signers_.empty()) signers_[conn.url_index].sign(conn.head, body, wall_seconds());
  rec.start_ns = rec.trace.send_start_ns = mono_ns();
  auto [wec, written] = co_await conn.write(conn.head, body, rec.trace.writes);
  rec.trace.bytes_sent = written;
  if (wec) {
    if (reused && !conn.cancelled && !conn.timed_out && is_peer_disconnect(wec)) co_return Outcome::stale;
    fail(rec, conn, wec, "cannot send to");
    co_return Outcome::failed;
  }
  rec.trace.send_end_ns = mono_ns();
  // §4.7: the cancellation delay runs from the moment the whole body is written.
  if (credit.cancel_after_ns >= 0) arm_cancellation(conn_ptr, credit.cancel_after_ns);
  // --prefill-concurrency: the slot frees at the first complete SSE message.
  bool report_first_token = credit.prefill_gated && !credit.first_token_reported;

  ResponseReader reader(rec, options_.max_response_bytes);
  char* buf = conn.read_buffer();
  size_t have = 0;
  bool received_any = false;
  for (;;) {
    auto [ec, n] = co_await conn.read_some(buf + have, HttpConnection::kReadBufferSize - have);
    const int64_t read_ns = mono_ns();  // the moment the bytes are ours, before any parsing
    if (n > 0) {
      received_any = true;
      rec.trace.on_read(n, read_ns);
      have += n;
      boost::beast::error_code pec;
      const size_t used = feed_read(reader, std::string_view(buf, have), read_ns, pec);
      if (pec) {
        rec.end_ns = read_ns;
        // The reader may have said what was wrong already (an AWS event-stream error).
        if (!rec.error) rec.error = transport_error("ProtocolError", "invalid HTTP response: " + pec.message());
        co_return Outcome::failed;
      }
      if (report_first_token && rec.event_stream && !rec.chunks.empty()) {
        report_first_token = false;
        credit.first_token_reported = true;
        return_credit(credit, ReturnKind::first_token);
      }
      if (reader.done()) {
        rec.end_ns = read_ns;
        // Bytes beyond the response are nobody's reply (pipelined garbage past Content-Length,
        // a stray response): the connection's framing can't be trusted, so it is closed and
        // they can never be read as the next request's reply.
        const bool leftover = used != have || conn.tls_has_unread_input();
        co_return (reader.must_close() || leftover) ? Outcome::done_close : Outcome::done;
      }
      std::memmove(buf, buf + used, have - used);
      have -= used;
      if (have == HttpConnection::kReadBufferSize) {
        rec.end_ns = read_ns;
        rec.error = transport_error("ProtocolError", "HTTP response header too large");
        co_return Outcome::failed;
      }
    }
    if (!ec) continue;
    if (conn.cancelled || conn.timed_out) {
      fail(rec, conn, ec, "receiving from");
      co_return Outcome::failed;
    }
    if (is_peer_disconnect(ec)) {
      if (!received_any && reused) co_return Outcome::stale;
      if (ec == asio::error::eof || ec == asio::ssl::error::stream_truncated) {
        boost::beast::error_code pec;
        reader.feed_eof(read_ns, pec);  // a body delimited by connection close
        if (!pec && reader.done()) {
          rec.end_ns = read_ns;
          co_return Outcome::done_close;
        }
      }
      rec.end_ns = read_ns;
      rec.error = transport_error("ServerDisconnectedError",
                                  received_any ? "Server disconnected before the response was complete"
                                               : "Server disconnected without sending a response");
      co_return Outcome::failed;
    }
    fail(rec, conn, ec, "receiving from");
    co_return Outcome::failed;
  }
}

}  // namespace aiperf
