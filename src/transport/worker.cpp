#include "transport/worker.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/beast/http/error.hpp>

#include "common/clock.h"
#include "common/uuid.h"
#include "endpoints/response_parser.h"
#include "timing/renewal_budget.h"
#include "transport/response_reader.h"

namespace aiperf {

namespace {

// How often in-flight requests are checked against their timeout: 1% of the timeout, so a
// request is cut off at most 1% late, between 10 ms and 1 s. With upstream's 6-hour default
// an idle worker then wakes once a second instead of a hundred times.
std::chrono::nanoseconds timeout_sweep_period(int64_t timeout_ns) {
  return std::chrono::nanoseconds(std::clamp<int64_t>(timeout_ns / 100, 10'000'000, 1'000'000'000));
}

bool is_disconnect(const boost::system::error_code& ec) {
  return ec == asio::error::eof || ec == asio::error::connection_reset ||
         ec == asio::error::broken_pipe || ec == asio::ssl::error::stream_truncated;
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
      sweep_timer_(io_) {}

Worker::~Worker() { stop(); }

void Worker::start() {
  schedule_timeout_sweep();
  thread_ = std::thread([this] { io_.run(); });
}

void Worker::stop() {
  if (!thread_.joinable()) return;
  work_.reset();
  io_.stop();
  thread_.join();
  // Safe from this thread now that the producer thread has ended; the collector is
  // still draining, so the overflow always fits eventually.
  while (!records_.flush()) std::this_thread::yield();
}

void Worker::deliver(const Credit& credit) {
  asio::post(io_, [this, credit] { asio::co_spawn(io_, run_request(credit), asio::detached); });
}

void Worker::cancel_in_flight(BenchmarkPhase phase) {
  asio::post(io_, [this, phase] {
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

std::shared_ptr<HttpConnection> Worker::take_idle() {
  while (!idle_.empty()) {
    std::shared_ptr<HttpConnection> conn = std::move(idle_.back());
    idle_.pop_back();
    if (!peek_before_reuse_ || !conn->peer_closed()) return conn;
    conn->close();
  }
  return nullptr;
}

void Worker::track(HttpConnection& conn, const Credit& credit, int64_t now) {
  conn.phase = credit.phase;
  conn.cancelled = conn.timed_out = false;
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
    char message[96];
    std::snprintf(message, sizeof message, "Request was cancelled after %.3f seconds",
                  double(now - conn.start_ns) / 1e9);
    record.error = ErrorDetails{499, "RequestCancellationError", message};
  } else if (conn.timed_out) {
    char message[96];
    std::snprintf(message, sizeof message, "Request timed out after %.3f seconds",
                  double(options_.timeout_ns) / 1e9);
    record.error = transport_error("TimeoutError", message);
  } else {
    record.error = transport_error("ConnectionError", std::string(during) + " " +
                                                          options_.url.display() + ": " + ec.message());
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
  rec.credit_issued_ns = credit.issued_ns;
  rec.scheduled_ns = credit.scheduled_ns;
  assign_uuid4(rec.x_request_id);
  if (options_.streaming) {
    rec.body.reserve(4096);  // grows by doubling: no allocation per token
    rec.chunks.reserve(64);
  }
  const std::string* body = &(*options_.requests)[credit.dataset_index].body;
  if (credit.session_turns == 1) assign_uuid4(rec.x_correlation_id);

  try {
    // Inside the try: a body that cannot be built becomes an error record, never a lost credit.
    if (credit.session_turns > 1) body = &session_turn_body(credit, rec);
    for (int attempt = 0;; ++attempt) {
      // A retry always uses a fresh connection, so it cannot be stale again.
      std::shared_ptr<HttpConnection> conn = attempt == 0 ? take_idle() : nullptr;
      bool reused = conn != nullptr;
      if (!conn) conn = std::make_shared<HttpConnection>(io_, options_.tls);
      track(*conn, credit, mono_ns());
      if (!reused) {
        auto ec = co_await conn->connect(options_.endpoints, options_.url.host, options_.verify_host);
        if (ec) {
          fail(rec, *conn, ec, "cannot connect to");
          untrack(*conn);
          conn->close();
          break;
        }
      }
      Outcome outcome = co_await exchange(*conn, rec, *body, reused);
      untrack(*conn);
      if (outcome == Outcome::stale && attempt == 0) {
        // The server had closed this keep-alive connection; nothing was measured yet, so
        // the request is sent again on a fresh connection with fresh timestamps.
        conn->close();
        peek_before_reuse_ = true;
        rec.clear_response();
        continue;
      }
      if (outcome == Outcome::done) {
        idle_.push_back(std::move(conn));
      } else {
        conn->close();
      }
      break;
    }
  } catch (const std::exception& e) {
    rec.end_ns = mono_ns();
    rec.error = transport_error("InternalError", e.what());
  }

  if (credit.session_turns > 1) session_turn_done(credit, rec);
  credit.done_ns = rec.end_ns ? rec.end_ns : mono_ns();
  // The record goes first so that, once the issuer has seen every credit back, every
  // record is already queued for the processor.
  records_.push(std::move(record));
  Credit next;
  if (credit.renewal && credit.renewal->take(next, true)) {
    asio::co_spawn(io_, run_request(next), asio::detached);  // closed loop: replace at once
  } else {
    return_credit(credit);
  }
}

// Turn 1 of a session sends its prepared body; later turns are built now, with the replies
// so far, and kept in the record (the analytic plane counts ISL from what was really sent).
const std::string& Worker::session_turn_body(const Credit& credit, RawRecord& rec) {
  SessionHistory& session = sessions_[credit.session_id];
  if (session.correlation_id.empty()) assign_uuid4(session.correlation_id);
  rec.x_correlation_id = session.correlation_id;
  if (credit.turn_index == 0) return (*options_.requests)[credit.dataset_index].body;
  rec.request_body = build_turn_body(*options_.config, options_.dataset->entries[credit.dataset_index],
                                     credit.turn_index, session.replies);
  return rec.request_body;
}

// Per turn, after the whole response is in (never per chunk): keep the reply's text for the
// next turn, or forget the session after its final turn.
void Worker::session_turn_done(const Credit& credit, const RawRecord& rec) {
  auto it = sessions_.find(credit.session_id);
  if (it == sessions_.end()) return;
  if (credit.turn_index + 1 >= credit.session_turns) {
    sessions_.erase(it);
    return;
  }
  std::string reply;
  if (!rec.error && !rec.was_cancelled) {
    try {
      for (const ParsedResponse& r : parse_record(*options_.config, rec).responses) reply += r.text;
    } catch (const std::exception&) {
      reply.clear();  // an unreadable reply adds nothing to the history, like a failed one
    }
  }
  it->second.replies.resize(credit.turn_index);
  it->second.replies.push_back(std::move(reply));  // a failed or empty reply adds nothing
}

void Worker::return_credit(const Credit& credit) {
  // Credits finishing in the same turn of the event loop go back together with one
  // wake-up of the issuer: the flush runs after the completions already queued.
  if (pending_returns_.empty()) {
    asio::post(io_, [this] {
      for (const Credit& c : pending_returns_) returns_.push(options_.id, c);
      pending_returns_.clear();
      returns_.notify();
    });
  }
  pending_returns_.push_back(credit);
}

asio::awaitable<Worker::Outcome> Worker::exchange(HttpConnection& conn, RawRecord& rec,
                                                  const std::string& body, bool reused) {
  options_.head->format(conn.head, rec.x_request_id, rec.x_correlation_id, body.size());
  rec.start_ns = mono_ns();
  auto [wec, written] = co_await conn.write(conn.head, body);
  if (wec) {
    if (reused && !conn.cancelled && !conn.timed_out && is_disconnect(wec)) co_return Outcome::stale;
    fail(rec, conn, wec, "cannot send to");
    co_return Outcome::failed;
  }

  ResponseReader reader(rec);
  char* buf = conn.read_buffer();
  size_t have = 0;
  bool received_any = false;
  for (;;) {
    auto [ec, n] = co_await conn.read_some(buf + have, HttpConnection::kReadBufferSize - have);
    const int64_t read_ns = mono_ns();  // the moment the bytes are ours, before any parsing
    if (n > 0) {
      received_any = true;
      have += n;
      size_t used = 0;
      boost::beast::error_code pec;
      while (used < have && !reader.done()) {
        size_t k = reader.feed(std::string_view(buf + used, have - used), read_ns, pec);
        used += k;
        if (pec == boost::beast::http::error::need_more) {
          pec = {};
          break;
        }
        if (pec || k == 0) break;
      }
      if (pec) {
        rec.end_ns = read_ns;
        rec.error = transport_error("ProtocolError", "invalid HTTP response: " + pec.message());
        co_return Outcome::failed;
      }
      if (reader.done()) {
        rec.end_ns = read_ns;
        // Bytes beyond the response mean the connection's framing can't be trusted.
        co_return (reader.must_close() || used != have) ? Outcome::done_close : Outcome::done;
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
    if (is_disconnect(ec)) {
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
