// video_generation's follow-up in the worker (workloads-and-endpoints.md §6.5, docs/design.md
// "Video jobs"): after the submit reply, the job is polled on the same connection, with an
// asio timer between polls, until it completes, fails or the request times out; with
// --download-video-content the video is then fetched (redirects followed by hand). All of it
// is one record: started at the submit, ended when the job (or the download) finished.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/http/basic_parser.hpp>
#include <boost/beast/http/error.hpp>

#include "common/clock.h"
#include "transport/asio_no_throw.h"
#include "transport/response_reader.h"
#include "transport/worker.h"

// GCC 12 at -O2 inlines asio's coroutine-frame allocator into these coroutines and then takes
// its aligned_alloc'd frames for ones freed by a mismatched sized delete: a false positive
// (asio allocates and frees every frame itself), so it is silenced for this file only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push  // popped at the end: in a unity build more files follow this one
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace aiperf {
namespace {

namespace http = boost::beast::http;

// The video's bytes are timed, not kept: only the status, a redirect's Location and a count.
class DiscardingReader : public http::basic_parser<false> {
 public:
  DiscardingReader() {
    eager(true);
    body_limit(std::numeric_limits<std::uint64_t>::max());
    header_limit(64 * 1024);
  }
  size_t feed(std::string_view data, int64_t, boost::beast::error_code& ec) {
    return put(asio::const_buffer(data.data(), data.size()), ec);
  }
  void feed_eof(int64_t, boost::beast::error_code& ec) { put_eof(ec); }
  bool done() const { return is_done(); }
  bool must_close() const { return !keep_alive(); }

  int status = 0;
  std::string reason, location;
  uint64_t body_bytes = 0;

 private:
  void on_request_impl(http::verb, boost::beast::string_view, boost::beast::string_view, int,
                       boost::beast::error_code&) override {}
  void on_response_impl(int code, boost::beast::string_view r, int, boost::beast::error_code&) override {
    status = code;
    reason.assign(r.data(), r.size());
  }
  void on_field_impl(http::field name, boost::beast::string_view, boost::beast::string_view value,
                     boost::beast::error_code&) override {
    if (name == http::field::location) location.assign(value.data(), value.size());
  }
  void on_header_impl(boost::beast::error_code&) override {}
  void on_body_init_impl(boost::optional<std::uint64_t> const&, boost::beast::error_code&) override {}
  size_t on_body_impl(boost::beast::string_view body, boost::beast::error_code&) override {
    body_bytes += body.size();
    return body.size();
  }
  void on_chunk_header_impl(std::uint64_t, boost::beast::string_view, boost::beast::error_code&) override {}
  size_t on_chunk_body_impl(std::uint64_t, boost::beast::string_view body, boost::beast::error_code&) override {
    body_bytes += body.size();
    return body.size();
  }
  void on_finish_impl(boost::beast::error_code&) override {}
};

struct FetchResult {
  bool ok = false;            // a complete response was read
  bool reusable = false;      // and the connection may carry the next request
  bool received_any = false;
  boost::system::error_code ec;
  std::string protocol_error;
  int64_t end_ns = 0;         // when its last byte was read (or the failure was seen)
};

// One bodiless request on `conn` and its whole response, fed to `reader` with the time of each
// read (stamped before parsing, as exchange() does).
template <class Reader>
asio::awaitable<FetchResult> fetch(HttpConnection& conn, const std::string& head, Reader& reader) {
  static const std::string kNoBody;
  FetchResult r;
  uint32_t writes = 0;
  auto [wec, written] = co_await conn.write(head, kNoBody, writes);
  if (wec) {
    r.ec = wec;
    r.end_ns = mono_ns();
    co_return r;
  }
  char* buf = conn.read_buffer();
  size_t have = 0;
  for (;;) {
    auto [ec, n] = co_await conn.read_some(buf + have, HttpConnection::kReadBufferSize - have);
    const int64_t read_ns = mono_ns();
    if (n > 0) {
      r.received_any = true;
      have += n;
      boost::beast::error_code pec;
      const size_t used = feed_read(reader, std::string_view(buf, have), read_ns, pec);
      if (pec) {
        r.end_ns = read_ns;
        r.protocol_error = "invalid HTTP response: " + pec.message();
        co_return r;
      }
      if (reader.done()) {
        r.ok = true;
        r.end_ns = read_ns;
        r.reusable = !reader.must_close() && used == have && !conn.tls_has_unread_input();
        co_return r;
      }
      std::memmove(buf, buf + used, have - used);
      have -= used;
      if (have == HttpConnection::kReadBufferSize) {
        r.end_ns = read_ns;
        r.protocol_error = "HTTP response header too large";
        co_return r;
      }
    }
    if (!ec) continue;
    r.end_ns = read_ns;
    if ((ec == asio::error::eof || ec == asio::ssl::error::stream_truncated) && !conn.cancelled && !conn.timed_out) {
      boost::beast::error_code pec;
      reader.feed_eof(read_ns, pec);  // a body delimited by connection close
      if (!pec && reader.done()) {
        r.ok = true;
        co_return r;
      }
    }
    r.ec = ec;
    co_return r;
  }
}

asio::awaitable<FetchResult> fetch_reply(HttpConnection& conn, const std::string& head, RawRecord& reply,
                                         uint64_t max_body_bytes) {
  ResponseReader reader(reply, max_body_bytes);
  co_return co_await fetch(conn, head, reader);
}

bool success(int status) { return status >= 200 && status <= 299; }

}  // namespace

Worker::Outcome Worker::video_failure(RawRecord& rec, const HttpConnection& conn, const boost::system::error_code& ec,
                                      const std::string& protocol_error, const char* during) {
  const int64_t now = mono_ns();
  if (conn.timed_out && !conn.cancelled) {
    // The job (or its download) outlived --request-timeout-seconds: a gateway timeout.
    char message[128];
    std::snprintf(message, sizeof message, "Video job did not finish within %.3f seconds",
                  double(options_.timeout_ns) / 1e9);
    rec.end_ns = now;
    rec.error = ErrorDetails{504, "TimeoutError", message};
  } else if (!protocol_error.empty()) {
    rec.end_ns = now;
    rec.error = ErrorDetails{std::nullopt, "ProtocolError", protocol_error};
  } else {
    fail(rec, conn, ec, during);
  }
  return Outcome::failed;
}

// Moves the request onto a fresh connection to `url` (the run's own origin after the server
// closed the last one, or a download host): same deadline, same cancellation moment.
asio::awaitable<bool> Worker::open_video_connection(std::shared_ptr<HttpConnection>& conn, RawRecord& rec,
                                                    bool keep_old, const Credit& credit, const EndpointUrl& url,
                                                    bool foreign) {
  const UrlTarget& target = options_.targets[conn->url_index];
  if (url.tls && !target.tls) {
    rec.end_ns = mono_ns();
    rec.error = ErrorDetails{std::nullopt, "ConnectionError",
                             "cannot fetch " + url.display() + ": https needs an https --url (no TLS context)"};
    co_return false;
  }
  auto fresh = std::make_shared<HttpConnection>(io_, url.tls ? target.tls : nullptr);
  fresh->url_index = conn->url_index;
  const bool armed = conn->cancel_armed;
  const int64_t cancel_at = rec.trace.send_end_ns + conn->cancel_delay_ns;
  const int64_t deadline = conn->deadline_ns, started = conn->start_ns;
  disarm_cancellation(*conn);
  untrack(*conn);
  if (keep_old) {
    keep_alive(credit, std::move(conn));
  } else {
    conn->close();
  }
  conn = fresh;
  track(*conn, credit, mono_ns());
  conn->deadline_ns = deadline;
  conn->start_ns = started;
  if (armed) arm_cancellation(conn, std::max<int64_t>(cancel_at - mono_ns(), 0));

  std::vector<tcp::endpoint> endpoints;
  if (!foreign) {
    endpoints = target.endpoints;
  } else {
    // A download host named by the server: resolved now, asynchronously (numeric hosts at once).
    tcp::resolver resolver(io_);
    auto [rec_ec, results] = co_await resolver.async_resolve(url.host, std::to_string(url.port), kAwait);
    if (rec_ec) {
      rec.end_ns = mono_ns();
      rec.error = ErrorDetails{std::nullopt, "ConnectionError", "cannot resolve " + url.display() + ": " + rec_ec.message()};
      co_return false;
    }
    for (const auto& entry : results) endpoints.push_back(entry.endpoint());
  }
  auto ec = co_await conn->connect(endpoints, url.host, options_.verify_host);
  if (ec) {
    if (conn->timed_out || conn->cancelled) {
      video_failure(rec, *conn, ec, {}, "cannot connect to");
    } else {
      rec.end_ns = mono_ns();
      rec.error = ErrorDetails{std::nullopt, "ConnectionError", "cannot connect to " + url.display() + ": " + ec.message()};
    }
    co_return false;
  }
  co_return true;
}

asio::awaitable<Worker::Outcome> Worker::follow_video_job(std::shared_ptr<HttpConnection>& conn, RawRecord& rec,
                                                          Outcome submit, const Credit& credit) {
  if (rec.error || !success(rec.http_status)) co_return submit;  // an ordinary error record
  const UrlTarget& target = options_.targets[conn->url_index];
  std::optional<VideoJob> job = parse_video_job(rec.body);
  VideoDecision decision = decide_video_step(job);
  const std::string poll_target = job ? video_poll_target(target.url.path, job->id) : std::string();
  bool reusable = submit == Outcome::done;
  RawRecord reply;  // the latest poll's reply; the record keeps the submit's stamps until the end
  asio::steady_timer wait(io_);
  while (decision.step == VideoStep::poll_again) {
    int64_t now = mono_ns();
    if (now < conn->deadline_ns) {
      wait.expires_after(std::chrono::nanoseconds(std::min(options_.video->interval_ns, conn->deadline_ns - now)));
      co_await wait.async_wait(kAwait);
      now = mono_ns();
    }
    if (conn->cancelled) co_return video_failure(rec, *conn, asio::error::operation_aborted, {}, "polling");
    if (now >= conn->deadline_ns) {
      conn->timed_out = true;
      co_return video_failure(rec, *conn, {}, {}, "polling");
    }
    FetchResult f;
    for (int attempt = 0; attempt < 2; ++attempt) {
      if (!reusable && !co_await open_video_connection(conn, rec, false, credit, target.url, false))
        co_return Outcome::failed;
      const std::string head = video_get_head(target.head->fixed_part(), target.url, poll_target, false, rec.x_request_id);
      reply.clear_response();
      f = co_await fetch_reply(*conn, head, reply, options_.max_response_bytes);
      // A kept-alive connection the server closed while we waited: once more on a fresh one.
      if (!f.ok && !f.received_any && reusable && is_peer_disconnect(f.ec) && !conn->cancelled && !conn->timed_out) {
        reusable = false;
        continue;
      }
      break;
    }
    if (reply.error) {
      rec.end_ns = f.end_ns;
      rec.error = reply.error;
      co_return Outcome::failed;
    }
    if (!f.ok) co_return video_failure(rec, *conn, f.ec, f.protocol_error, "polling");
    reusable = f.reusable;
    if (!success(reply.http_status)) {
      // The poll's own HTTP error is the record's (code, reason, body), as for any request.
      rec.http_status = reply.http_status;
      rec.reason = reply.reason;
      rec.body = reply.body;
      rec.end_ns = f.end_ns;
      co_return reusable ? Outcome::done : Outcome::done_close;
    }
    job = parse_video_job(reply.body);
    decision = decide_video_step(job);
    // The record's response is now this reply: the completed (or failed) job as last read.
    rec.body.swap(reply.body);
    rec.content_type = reply.content_type;
    rec.chunks.assign(1, ResponseChunk{0, uint32_t(rec.body.size()), f.end_ns});
    rec.end_ns = f.end_ns;
  }
  if (decision.step == VideoStep::failed) {
    rec.error = ErrorDetails{500, "VideoGenerationError", decision.message};
    co_return reusable ? Outcome::done : Outcome::done_close;
  }
  if (!options_.video->download) co_return reusable ? Outcome::done : Outcome::done_close;
  co_return co_await download_video(conn, rec, reusable, credit, *job, poll_target);
}

// GET the finished video, following redirects by hand: a hop to another origin goes without
// the run's credentials. The content response's stamp moves to the download's last byte, so
// request_latency includes it.
asio::awaitable<Worker::Outcome> Worker::download_video(std::shared_ptr<HttpConnection>& conn, RawRecord& rec,
                                                        bool reusable, const Credit& credit, const VideoJob& job,
                                                        const std::string& poll_target) {
  const UrlTarget& target = options_.targets[conn->url_index];
  HttpLocation loc;
  try {
    loc = video_download_location(target.url, poll_target, job);
  } catch (const std::invalid_argument& e) {
    rec.end_ns = mono_ns();
    rec.error = ErrorDetails{std::nullopt, "VideoDownloadError", e.what()};
    co_return Outcome::failed;
  }
  EndpointUrl connected = target.url;  // the origin `conn` talks to
  bool on_foreign = false;
  for (int hop = 0;; ++hop) {
    if (!reusable || !same_origin(connected, loc.url)) {
      // The run's own connection goes back to the pool when it can carry more requests.
      const bool keep_old = reusable && !on_foreign && !conn->cancelled;
      if (!co_await open_video_connection(conn, rec, keep_old, credit, loc.url, loc.foreign)) co_return Outcome::failed;
      connected = loc.url;
      on_foreign = loc.foreign;
    }
    const std::string head = video_get_head(target.head->fixed_part(), loc.url, loc.url.path, loc.foreign, rec.x_request_id);
    DiscardingReader reader;
    FetchResult f = co_await fetch(*conn, head, reader);
    if (!f.ok) co_return video_failure(rec, *conn, f.ec, f.protocol_error, "downloading the video from");
    reusable = f.reusable;
    if (is_redirect(reader.status)) {
      if (hop + 1 > kMaxVideoRedirects) {
        rec.end_ns = f.end_ns;
        rec.error = ErrorDetails{std::nullopt, "VideoDownloadError",
                                 "more than " + std::to_string(kMaxVideoRedirects) + " redirects downloading the video"};
        co_return Outcome::failed;
      }
      try {
        loc = redirect_location(target.url, loc.url, reader.location);
      } catch (const std::invalid_argument& e) {
        rec.end_ns = f.end_ns;
        rec.error = ErrorDetails{std::nullopt, "VideoDownloadError", e.what()};
        co_return Outcome::failed;
      }
      continue;
    }
    rec.end_ns = f.end_ns;
    if (!success(reader.status)) {
      rec.error = ErrorDetails{reader.status, reader.reason,
                               "video download from " + loc.url.display() + " failed with HTTP " +
                                   std::to_string(reader.status)};
    } else if (!rec.chunks.empty()) {
      rec.chunks.back().perf_ns = f.end_ns;
    }
    co_return reusable && !on_foreign ? Outcome::done : Outcome::done_close;
  }
}

}  // namespace aiperf

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
