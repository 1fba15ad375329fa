#pragma once
// A tiny HTTP/1.1 server on 127.0.0.1 for the hub-download tests: one connection at a time,
// every reply closes the connection, replies come from a handler the test supplies. Given a TLS
// context it speaks HTTPS instead.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace aiperf::testing {

struct FakeReply {
  unsigned status = 200;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  std::chrono::milliseconds delay{0};  // to provoke client timeouts
};

struct FakeRequest {
  std::string target;
  std::string authorization;
};

class FakeHubServer {
 public:
  using Handler = std::function<FakeReply(const FakeRequest&)>;

  explicit FakeHubServer(Handler handler, boost::asio::ssl::context* tls = nullptr)
      : handler_(std::move(handler)),
        tls_(tls),
        acceptor_(ioc_, {boost::asio::ip::make_address("127.0.0.1"), 0}),
        port_(acceptor_.local_endpoint().port()),
        thread_([this] { serve(); }) {}

  ~FakeHubServer() { stop(); }

  std::string endpoint() const { return (tls_ ? "https" : "http") + std::string("://127.0.0.1:") + std::to_string(port_); }
  unsigned short port() const { return port_; }

  std::vector<FakeRequest> requests() {
    std::lock_guard lock(mu_);
    return requests_;
  }

  void stop() {
    if (stopping_.exchange(true)) return;
    // Wake the blocking accept with a connection of our own.
    boost::system::error_code ec;
    boost::asio::io_context wake_ioc;
    boost::asio::ip::tcp::socket wake(wake_ioc);
    wake.connect({boost::asio::ip::make_address("127.0.0.1"), port_}, ec);
    thread_.join();
  }

 private:
  void serve() {
    while (!stopping_) {
      boost::asio::ip::tcp::socket socket(ioc_);
      boost::system::error_code ec;
      acceptor_.accept(socket, ec);
      if (ec || stopping_) break;
      if (tls_ == nullptr) {
        serve_one(socket);
      } else {
        boost::asio::ssl::stream<boost::asio::ip::tcp::socket&> tls(socket, *tls_);
        tls.handshake(boost::asio::ssl::stream_base::server, ec);
        if (!ec) serve_one(tls);
      }
      socket.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    }
  }

  template <class Stream>
  void serve_one(Stream& stream) {
    namespace http = boost::beast::http;
    boost::system::error_code ec;
    boost::beast::flat_buffer buffer;
    http::request<http::string_body> req;
    http::read(stream, buffer, req, ec);
    if (ec) return;
    FakeRequest seen{std::string(req.target()), std::string(req[http::field::authorization])};
    {
      std::lock_guard lock(mu_);
      requests_.push_back(seen);
    }
    FakeReply reply = handler_(seen);
    if (reply.delay.count() > 0) std::this_thread::sleep_for(reply.delay);
    http::response<http::string_body> res{static_cast<http::status>(reply.status), 11};
    for (const auto& [name, value] : reply.headers) res.set(name, value);
    res.set(http::field::connection, "close");
    res.body() = reply.body;
    res.prepare_payload();
    http::write(stream, res, ec);
  }

  Handler handler_;
  boost::asio::ssl::context* tls_;
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  unsigned short port_;
  std::atomic<bool> stopping_{false};
  std::mutex mu_;
  std::vector<FakeRequest> requests_;
  std::thread thread_;  // last: starts after everything it uses exists
};

}  // namespace aiperf::testing
