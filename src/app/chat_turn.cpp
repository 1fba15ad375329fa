#include "app/chat_turn.h"

#include <chrono>
#include <cstring>
#include <exception>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/beast/http/error.hpp>
#include <nlohmann/json.hpp>

#include "common/clock.h"
#include "common/uuid.h"
#include "config/endpoint_catalog.h"
#include "endpoints/openai_message.h"
#include "endpoints/sse_message.h"
#include "records/raw_record.h"
#include "transport/http_connection.h"
#include "transport/preflight.h"
#include "transport/request_head.h"
#include "transport/response_reader.h"

namespace aiperf {
namespace {

// Connect and TLS handshake; the reply itself may take as long as the model needs.
constexpr auto kConnectTimeout = std::chrono::seconds(10);
// An error body is quoted in one line on the terminal, not dumped whole.
constexpr size_t kMaxQuotedBody = 300;

std::string_view trim(std::string_view s) {
  constexpr std::string_view ws = " \t\r\n";
  size_t b = s.find_first_not_of(ws);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

std::string one_line(std::string_view text) {
  std::string out(trim(text).substr(0, kMaxQuotedBody));
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  return out;
}

// OpenAI, vLLM and most servers say why in error.message; FastAPI in detail.
std::string error_body_message(const std::string& body) {
  nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_object()) {
    const nlohmann::json* e = j.contains("error") ? &j["error"] : nullptr;
    if (e && e->is_object() && e->contains("message") && (*e)["message"].is_string())
      return one_line((*e)["message"].get<std::string>());
    if (e && e->is_string()) return one_line(e->get<std::string>());
    for (const char* key : {"message", "detail"})
      if (j.contains(key) && j[key].is_string()) return one_line(j[key].get<std::string>());
  }
  return one_line(body);
}

// Everything one turn touches, alive for the whole io_context run (the connect guard's
// handler may run after the coroutine is done).
struct Turn {
  Turn(const ChatTarget& t, const std::string& b, const ChatTextSink& sink, ChatTurnResult& r)
      : target(t), body(b), on_text(sink), result(r) {}

  const ChatTarget& target;
  const std::string& body;
  const ChatTextSink& on_text;
  ChatTurnResult& result;
  asio::io_context io;
  HttpConnection conn{io, target.tls};
  asio::steady_timer connect_guard{io};
  bool connected = false;
  bool connect_timed_out = false;
  RawRecord rec;
  size_t next_chunk = 0;  // first SSE message not yet handed on

  void fail(std::string message) {
    if (!result.error) result.error = std::move(message);
  }
};

// One JSON message (an SSE data payload or a whole non-streamed body).
void take_message(Turn& t, std::string& json, int64_t perf_ns) {
  ParsedResponse resp;
  OpenAiMessage m = read_openai_message(EndpointType::chat, json, resp);
  if (m.error) return t.fail(one_line(m.error->message));
  if (m.usage && m.usage->completion_tokens) t.result.completion_tokens = m.usage->completion_tokens;
  // TTFT as the profile counts it: the first message with any content, reasoning included.
  if (resp.text.empty() && resp.reasoning.empty()) return;
  if (!t.result.ttft_ns) t.result.ttft_ns = perf_ns - t.rec.start_ns;
  if (resp.text.empty()) return;
  t.result.text += resp.text;
  t.on_text(resp.text);
}

// Hands on the SSE messages the reader completed since the last call.
void take_new_messages(Turn& t) {
  if (!t.rec.event_stream || t.rec.http_status / 100 != 2) return;
  SseMessage msg;
  for (; t.next_chunk < t.rec.chunks.size() && !t.result.error; ++t.next_chunk) {
    const ResponseChunk& c = t.rec.chunks[t.next_chunk];
    SseReader reader(std::string_view(t.rec.body).substr(c.offset, c.length));
    while (reader.next(msg) && !t.result.error) {
      if (msg.error_event) {
        t.fail("error event in the stream: " + one_line(msg.has_comment ? msg.comment : msg.data));
      } else if (msg.has_data && trim(msg.data) != "[DONE]") {
        take_message(t, msg.data, c.perf_ns);
      }
    }
  }
}

// The complete response: an HTTP error, or a server that answered without streaming.
void finish_response(Turn& t) {
  RawRecord& r = t.rec;
  if (r.http_status / 100 != 2) {
    std::string what = "HTTP " + std::to_string(r.http_status) + (r.reason.empty() ? "" : " " + r.reason);
    std::string why = error_body_message(r.body);
    return t.fail(why.empty() ? what : what + ": " + why);
  }
  if (!r.event_stream) {
    std::string body = r.body;
    take_message(t, body, r.end_ns);
    return;
  }
  take_new_messages(t);
}

bool is_disconnect(const boost::system::error_code& ec) {
  return ec == asio::error::eof || ec == asio::error::connection_reset || ec == asio::ssl::error::stream_truncated;
}

asio::awaitable<void> exchange_turn(Turn& t, const std::vector<tcp::endpoint>& endpoints) {
  const std::string where = t.target.url.display();
  t.connect_guard.expires_after(kConnectTimeout);
  t.connect_guard.async_wait([&t](const boost::system::error_code& ec) {
    if (ec || t.connected) return;
    t.connect_timed_out = true;
    t.conn.close();
  });
  boost::system::error_code cec = co_await t.conn.connect(endpoints, t.target.url.host, true);
  t.connected = true;
  t.connect_guard.cancel();
  if (cec)
    co_return t.fail("cannot connect to " + where + ": " +
                     (t.connect_timed_out ? "timed out after " + std::to_string(kConnectTimeout.count()) + " s"
                                          : cec.message()));

  RequestHeadOptions options;
  options.api_key = t.target.api_key;
  options.streaming = true;
  RequestHead(t.target.url, options).format(t.conn.head, uuid4(), "", t.body.size());
  t.rec.start_ns = mono_ns();
  auto [wec, written] = co_await t.conn.write(t.conn.head, t.body, t.rec.trace.writes);
  if (wec) co_return t.fail("cannot send to " + where + ": " + wec.message());

  ResponseReader reader(t.rec);
  char* buf = t.conn.read_buffer();
  size_t have = 0;
  for (;;) {
    auto [ec, n] = co_await t.conn.read_some(buf + have, HttpConnection::kReadBufferSize - have);
    const int64_t read_ns = mono_ns();  // before parsing, as the profile's worker stamps it
    t.rec.end_ns = read_ns;
    if (n > 0) {
      have += n;
      boost::beast::error_code pec;
      const size_t used = feed_read(reader, std::string_view(buf, have), read_ns, pec);
      if (pec) co_return t.fail("invalid HTTP response from " + where + ": " + pec.message());
      take_new_messages(t);
      if (reader.done()) break;
      std::memmove(buf, buf + used, have - used);
      have -= used;
      if (have == HttpConnection::kReadBufferSize) co_return t.fail("HTTP response header too large from " + where);
    }
    if (!ec) continue;
    if (ec == asio::error::eof || ec == asio::ssl::error::stream_truncated) {
      boost::beast::error_code pec;
      reader.feed_eof(read_ns, pec);  // a body delimited by connection close
      if (!pec && reader.done()) break;
    }
    co_return t.fail(is_disconnect(ec) ? where + ": server disconnected before the response was complete"
                                       : "receiving from " + where + ": " + ec.message());
  }
  if (t.rec.error) co_return t.fail(one_line(t.rec.error->message));
  finish_response(t);
}

}  // namespace

ChatTurnResult run_chat_turn(const ChatTarget& target, const std::string& body, const ChatTextSink& on_text) {
  ChatTurnResult result;
  std::vector<tcp::endpoint> endpoints;
  try {
    endpoints = resolve_and_probe(target.url, double(kConnectTimeout.count()));
  } catch (const std::exception& e) {
    result.error = e.what();
    return result;
  }
  Turn t(target, body, on_text, result);
  asio::co_spawn(t.io, exchange_turn(t, endpoints), [&t](std::exception_ptr e) {
    if (!e) return;
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      t.fail(ex.what());
    }
  });
  t.io.run();
  t.conn.close();
  result.e2e_ns = t.rec.end_ns > t.rec.start_ns && t.rec.start_ns > 0 ? t.rec.end_ns - t.rec.start_ns : 0;
  return result;
}

}  // namespace aiperf
