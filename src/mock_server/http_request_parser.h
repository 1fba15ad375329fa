#pragma once
// Parses one HTTP/1.1 request into a connection-owned HttpRequest. Beast's request_parser keeps
// every header field in its own heap node; the mock only needs method, target, Expect,
// the X-* headers and body,
// so this parser keeps those and reuses the strings' capacity across a connection's requests.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <boost/beast/http/basic_parser.hpp>

namespace aiperf::mock {

struct HttpRequest {
  boost::beast::http::verb method = boost::beast::http::verb::unknown;
  std::string target;
  std::string body;
  bool expect_continue = false;  // client waits for "100 Continue" before sending the body
  bool accepts_event_stream = false;  // Accept names text/event-stream: how Solido RAG asks to stream
  std::string correlation_id;    // X-Correlation-ID (one per conversation): --timing-log
  std::string session_headers;   // X-* headers but X-Request-ID, "name: value" lines: --timing-log
  std::string content_type;      // Content-Type (form uploads name their boundary there)
  std::string host;              // Host: the video job's absolute `url`
  bool authorization = false;    // an Authorization header came (video polls and downloads count them)
  // Every header, in order; kept only when the parser is asked to (SigV4 verification).
  std::vector<std::pair<std::string, std::string>> headers;
};

// One-shot, like every Beast parser: construct a fresh one per request.
class HttpRequestParser : public boost::beast::http::basic_parser<true> {
 public:
  static constexpr uint64_t kBodyLimit = 256ull << 20;  // long-context prompts are large

  explicit HttpRequestParser(HttpRequest& req, bool keep_all_headers = false);

 private:
  using error_code = boost::beast::error_code;
  using string_view = boost::beast::string_view;

  void on_request_impl(boost::beast::http::verb method, string_view method_str, string_view target,
                       int version, error_code& ec) override;
  void on_response_impl(int code, string_view reason, int version, error_code& ec) override;
  void on_field_impl(boost::beast::http::field name, string_view name_string, string_view value,
                     error_code& ec) override;
  void on_header_impl(error_code& ec) override;
  void on_body_init_impl(boost::optional<uint64_t> const& content_length, error_code& ec) override;
  size_t on_body_impl(string_view body, error_code& ec) override;
  void on_chunk_header_impl(uint64_t size, string_view extensions, error_code& ec) override;
  size_t on_chunk_body_impl(uint64_t remain, string_view body, error_code& ec) override;
  void on_finish_impl(error_code& ec) override;

  HttpRequest& req_;
  bool keep_all_headers_;
};

}  // namespace aiperf::mock
