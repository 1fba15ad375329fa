#include "tokenizer/hub_client.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <exception>
#include <stdexcept>
#include <vector>

namespace aiperf {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using asio::use_awaitable;

// Bodies kept in memory: big enough for the largest tokenizer.json files on the hub (Gemma's is
// ~33 MB); larger downloads stream through HubRequest::on_body.
constexpr uint64_t kMaxBodyBytes = uint64_t{1} << 30;

struct Exchange {
  unsigned status = 0;
  std::string location;
  std::string repo_commit;
  std::string body;
};

bool starts_with_ci(const std::string& s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  }
  return true;
}

http::request<http::empty_body> make_request(const HttpUrl& url, const std::string& token) {
  http::request<http::empty_body> req{http::verb::get, url.target, 11};
  bool default_port = url.port == (url.https ? "443" : "80");
  std::string host = url.host.find(':') != std::string::npos ? "[" + url.host + "]" : url.host;
  req.set(http::field::host, default_port ? host : host + ":" + url.port);
  req.set(http::field::user_agent, "aiperf-cpp/" AIPERF_VERSION);
  req.set(http::field::accept, "*/*");
  req.set(http::field::connection, "close");
  if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
  return req;
}

template <class Stream>
asio::awaitable<void> write_and_read(Stream& stream, beast::tcp_stream& tcp, const http::request<http::empty_body>& req,
                                     std::chrono::milliseconds timeout, const HubRequest::BodySink& sink,
                                     Exchange& out) {
  tcp.expires_after(timeout);
  co_await http::async_write(stream, req, use_awaitable);
  beast::flat_buffer buffer;
  http::response_parser<http::buffer_body> parser;
  parser.body_limit(boost::none);
  tcp.expires_after(timeout);
  co_await http::async_read_header(stream, buffer, parser, use_awaitable);
  auto& res = parser.get();
  out.status = res.result_int();
  if (auto it = res.find(http::field::location); it != res.end()) out.location = std::string(it->value());
  if (auto it = res.find("X-Repo-Commit"); it != res.end()) out.repo_commit = std::string(it->value());
  const bool streamed = sink && out.status == 200;
  std::vector<char> chunk(64 * 1024);
  // The timeout is an idle limit per read, so a slow but steady large download still finishes.
  while (!parser.is_done()) {
    res.body().data = chunk.data();
    res.body().size = chunk.size();
    tcp.expires_after(timeout);
    auto [ec, ignored] = co_await http::async_read(stream, buffer, parser, asio::as_tuple(use_awaitable));
    if (ec && ec != http::error::need_buffer) throw boost::system::system_error(ec);
    const std::string_view got(chunk.data(), chunk.size() - res.body().size);
    if (streamed) {
      sink(got);
    } else {
      if (out.body.size() + got.size() > kMaxBodyBytes) throw boost::system::system_error(http::error::body_limit);
      out.body.append(got);
    }
  }
}

asio::awaitable<void> exchange_once(const HttpUrl& url, const std::string& token, std::chrono::milliseconds timeout,
                                    const HubRequest::BodySink& sink, Exchange& out) {
  auto executor = co_await asio::this_coro::executor;
  asio::ip::tcp::resolver resolver(executor);
  auto endpoints = co_await resolver.async_resolve(url.host, url.port, use_awaitable);
  auto req = make_request(url, token);
  if (!url.https) {
    beast::tcp_stream stream(executor);
    stream.expires_after(timeout);
    co_await stream.async_connect(endpoints, use_awaitable);
    co_await write_and_read(stream, stream, req, timeout, sink, out);
    co_return;
  }
  ssl::context ctx(ssl::context::tls_client);
  ctx.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3);
  ctx.set_default_verify_paths();
  ctx.set_verify_mode(ssl::verify_peer);
  beast::ssl_stream<beast::tcp_stream> stream(executor, ctx);
  // SNI carries host names only (RFC 6066); an IP literal is still checked against the certificate.
  boost::system::error_code not_ip;
  asio::ip::make_address(url.host, not_ip);
  if (not_ip && !SSL_set_tlsext_host_name(stream.native_handle(), url.host.c_str())) {
    throw std::runtime_error("cannot set TLS server name " + url.host);
  }
  stream.set_verify_callback(ssl::host_name_verification(url.host));
  auto& tcp = beast::get_lowest_layer(stream);
  tcp.expires_after(timeout);
  co_await tcp.async_connect(endpoints, use_awaitable);
  tcp.expires_after(timeout);
  co_await stream.async_handshake(ssl::stream_base::client, use_awaitable);
  // No TLS shutdown: the request asked for Connection: close and the body is complete.
  co_await write_and_read(stream, tcp, req, timeout, sink, out);
}

Exchange exchange(const HttpUrl& url, const std::string& token, std::chrono::milliseconds timeout,
                  const HubRequest::BodySink& sink) {
  asio::io_context ioc;
  Exchange out;
  std::exception_ptr failure;
  asio::co_spawn(ioc, exchange_once(url, token, timeout, sink, out), [&](std::exception_ptr e) { failure = e; });
  ioc.run();
  if (failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const boost::system::system_error& e) {
      std::string what = e.code() == beast::error::timeout ? "timed out after " + std::to_string(timeout.count()) + " ms"
                                                           : e.code().message();
      throw std::runtime_error("GET " + url.origin() + url.target + " failed: " + what);
    }
  }
  return out;
}

bool is_redirect(unsigned status) {
  return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

}  // namespace

HttpUrl HttpUrl::parse(const std::string& url) {
  HttpUrl u;
  size_t rest;
  if (starts_with_ci(url, "https://")) {
    rest = 8;
  } else if (starts_with_ci(url, "http://")) {
    u.https = false;
    rest = 7;
  } else {
    throw std::runtime_error("URL '" + url + "' must start with https:// or http://");
  }
  size_t path = url.find_first_of("/?#", rest);
  std::string authority = url.substr(rest, path == std::string::npos ? std::string::npos : path - rest);
  if (authority.find('@') != std::string::npos) throw std::runtime_error("URL '" + url + "' must not carry credentials");
  std::string port;
  if (!authority.empty() && authority[0] == '[') {
    size_t close = authority.find(']');
    if (close == std::string::npos) throw std::runtime_error("URL '" + url + "' has an unterminated IPv6 address");
    u.host = authority.substr(1, close - 1);
    if (close + 1 < authority.size()) {
      if (authority[close + 1] != ':') throw std::runtime_error("URL '" + url + "' has a malformed host");
      port = authority.substr(close + 2);
    }
  } else {
    size_t colon = authority.rfind(':');
    u.host = authority.substr(0, colon);
    if (colon != std::string::npos) port = authority.substr(colon + 1);
  }
  if (u.host.empty()) throw std::runtime_error("URL '" + url + "' has no host");
  if (!port.empty() && (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos)) {
    throw std::runtime_error("URL '" + url + "' has a bad port '" + port + "'");
  }
  u.port = port.empty() ? (u.https ? "443" : "80") : port;
  if (path != std::string::npos) {
    u.target = url.substr(path);
    if (u.target[0] != '/') u.target.insert(0, "/");
    if (size_t hash = u.target.find('#'); hash != std::string::npos) u.target.resize(hash);
  }
  return u;
}

std::string HttpUrl::origin() const {
  std::string h = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  bool default_port = port == (https ? "443" : "80");
  return (https ? "https://" : "http://") + h + (default_port ? "" : ":" + port);
}

bool HttpUrl::is_loopback() const {
  return host == "127.0.0.1" || host == "::1" || host == "localhost";
}

std::string resolve_redirect(const HttpUrl& base, const std::string& location) {
  if (starts_with_ci(location, "https://") || starts_with_ci(location, "http://")) return location;
  if (location.rfind("//", 0) == 0) return (base.https ? "https:" : "http:") + location;
  if (!location.empty() && location[0] == '/') return base.origin() + location;
  std::string dir = base.target.substr(0, base.target.find('?'));
  dir.resize(dir.rfind('/') + 1);
  return base.origin() + dir + location;
}

HubResponse hub_get(const HubRequest& request) {
  HubResponse result;
  std::string url = request.url;
  std::string token_host;
  for (int hop = 0;; ++hop) {
    HttpUrl parsed = HttpUrl::parse(url);
    if (!parsed.https && !parsed.is_loopback()) {
      throw std::runtime_error("refusing plain http:// to " + parsed.host + " (" + url +
                               "): only 127.0.0.1, ::1 and localhost may be reached without TLS");
    }
    if (hop == 0) token_host = parsed.host;
    // A bearer token is for the hub only; CDN redirects carry their own signed URLs.
    std::string token = parsed.host == token_host ? request.bearer_token : std::string();
    Exchange ex = exchange(parsed, token, request.timeout, request.on_body);
    if (result.repo_commit.empty()) result.repo_commit = ex.repo_commit;
    if (is_redirect(ex.status) && !ex.location.empty()) {
      if (hop >= request.max_redirects) {
        throw std::runtime_error("GET " + request.url + " failed: more than " +
                                 std::to_string(request.max_redirects) + " redirects");
      }
      url = resolve_redirect(parsed, ex.location);
      continue;
    }
    result.status = ex.status;
    result.body = std::move(ex.body);
    result.final_url = url;
    return result;
  }
}

}  // namespace aiperf
