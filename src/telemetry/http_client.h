#pragma once
// Blocking HTTP for everything beside the benchmark: /metrics scrapes, DCGM exporters and the
// exporters (OTLP, MLflow, W&B). libcurl does the protocol, TLS, timeouts and keep-alive; one
// client per thread, never on a worker's path.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace aiperf {

struct HttpCall {
  std::string method = "GET";
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  std::string body;                  // sent when not empty (or when the method is POST/PUT)
  double timeout_s = 10;             // whole exchange, connection included
  size_t max_body_bytes = 64u << 20;  // a larger reply is an error, never read further
  bool verify_tls = true;
  const std::atomic<bool>* abort = nullptr;  // set: the exchange stops within ~0.1 s
};

struct HttpReply {
  long status = 0;            // 0 when no HTTP reply arrived
  std::string body;
  std::string content_type;
  std::string error;          // transport failure (connect, TLS, timeout, size); empty otherwise
  int64_t sent_ns = 0;        // monotonic: the request left
  int64_t first_byte_ns = 0;  // monotonic: the reply started (0 when none)
  int64_t done_ns = 0;        // monotonic: the exchange ended

  bool ok() const { return error.empty() && status >= 200 && status < 300; }
  // "HTTP 404", or the transport error: what a one-line notice says went wrong.
  std::string problem() const;
};

class HttpClient {
 public:
  HttpClient();
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  // Keeps the connection for the next call to the same host (scrapes every 0.33 s).
  HttpReply call(const HttpCall& call);

 private:
  void* curl_;  // CURL*
};


}  // namespace aiperf
