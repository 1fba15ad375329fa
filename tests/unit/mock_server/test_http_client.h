#pragma once
// A deliberately simple blocking HTTP/1.1 client for the mock server tests: one TCP connection
// to 127.0.0.1, responses parsed by hand (Content-Length or chunked), and the arrival time of
// every chunk recorded so timing tests can check TTFT/ITL from the client's side.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf::mock::testing {

using Clock = std::chrono::steady_clock;

struct HttpResponse {
  int status = 0;
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;                            // de-chunked
  std::vector<std::string> chunks;             // chunked replies: each chunk's payload
  std::vector<Clock::time_point> chunk_times;  // when the read completing each chunk returned
};

inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

inline std::string post_request(std::string_view path, std::string_view body, std::string_view extra = "") {
  return "POST " + std::string(path) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
         std::string(extra) + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
}

inline std::string get_request(std::string_view path) {
  return "GET " + std::string(path) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
}

// SSE payloads ("data: " stripped) of a streamed body, in order.
inline std::vector<std::string> sse_data(const std::string& body) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < body.size()) {
    size_t end = body.find("\n\n", pos);
    if (end == std::string::npos) end = body.size();
    std::string_view event(body.data() + pos, end - pos);
    if (event.starts_with("data: ")) out.emplace_back(event.substr(6));
    pos = end + 2;
  }
  return out;
}

class TestConnection {
 public:
  explicit TestConnection(uint16_t port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd_ < 0 || ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
      throw std::runtime_error("cannot connect to 127.0.0.1:" + std::to_string(port));
    }
    int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  ~TestConnection() { ::close(fd_); }
  TestConnection(const TestConnection&) = delete;
  TestConnection& operator=(const TestConnection&) = delete;

  void send(std::string_view bytes) {
    while (!bytes.empty()) {
      ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n <= 0) throw std::runtime_error("send failed");
      bytes.remove_prefix(static_cast<size_t>(n));
    }
  }

  HttpResponse read_response() {
    HttpResponse r;
    size_t head_end;
    while ((head_end = buf_.find("\r\n\r\n")) == std::string::npos) fill();
    parse_head(std::string_view(buf_).substr(0, head_end), r);
    buf_.erase(0, head_end + 4);
    if (lower(r.headers["transfer-encoding"]) == "chunked") {
      read_chunked(r);
    } else {
      size_t len = std::stoul(r.headers.count("content-length") ? r.headers["content-length"] : "0");
      while (buf_.size() < len) fill();
      r.body = buf_.substr(0, len);
      buf_.erase(0, len);
    }
    return r;
  }

  HttpResponse roundtrip(std::string_view request) {
    send(request);
    return read_response();
  }

  // True when the server closes the connection within `timeout` (and sent nothing more).
  bool closed_by_peer(std::chrono::milliseconds timeout) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return false;
    char c;
    return ::recv(fd_, &c, 1, 0) == 0;
  }

 private:
  void fill() {
    char tmp[65536];
    ssize_t n = ::recv(fd_, tmp, sizeof tmp, 0);
    if (n <= 0) throw std::runtime_error("connection closed while reading a response");
    last_read_ = Clock::now();
    buf_.append(tmp, static_cast<size_t>(n));
  }

  static void parse_head(std::string_view head, HttpResponse& r) {
    size_t line_end = head.find("\r\n");
    std::string_view status_line = head.substr(0, line_end);
    r.status = std::stoi(std::string(status_line.substr(9, 3)));
    while (line_end != std::string_view::npos) {
      size_t start = line_end + 2;
      line_end = head.find("\r\n", start);
      std::string_view line = head.substr(start, line_end == std::string_view::npos ? head.npos : line_end - start);
      size_t colon = line.find(':');
      if (colon == std::string_view::npos) continue;
      std::string_view value = line.substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
      r.headers[lower(std::string(line.substr(0, colon)))] = std::string(value);
    }
  }

  void read_chunked(HttpResponse& r) {
    for (;;) {
      size_t eol;
      while ((eol = buf_.find("\r\n")) == std::string::npos) fill();
      size_t size = std::stoul(buf_.substr(0, eol), nullptr, 16);
      while (buf_.size() < eol + 2 + size + 2) fill();
      if (size == 0) {
        buf_.erase(0, eol + 4);
        return;
      }
      r.chunks.push_back(buf_.substr(eol + 2, size));
      r.chunk_times.push_back(last_read_);
      r.body += r.chunks.back();
      buf_.erase(0, eol + 2 + size + 2);
    }
  }

  int fd_ = -1;
  std::string buf_;
  Clock::time_point last_read_;
};

}  // namespace aiperf::mock::testing
