#include "transport/http_connection.h"

#include <array>
#include <sys/socket.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>

#include "transport/asio_no_throw.h"

namespace aiperf {

namespace {
std::variant<tcp::socket, asio::ssl::stream<tcp::socket>> make_stream(asio::io_context& io,
                                                                      asio::ssl::context* tls) {
  if (tls) return std::variant<tcp::socket, asio::ssl::stream<tcp::socket>>(std::in_place_index<1>, io, *tls);
  return std::variant<tcp::socket, asio::ssl::stream<tcp::socket>>(std::in_place_index<0>, io);
}
}  // namespace

HttpConnection::HttpConnection(asio::io_context& io, asio::ssl::context* tls)
    : cancel_timer(io), stream_(make_stream(io, tls)), read_buffer_(new char[kReadBufferSize]) {}

tcp::socket& HttpConnection::socket() {
  if (auto* s = std::get_if<tcp::socket>(&stream_)) return *s;
  return std::get<1>(stream_).next_layer();
}

asio::awaitable<boost::system::error_code> HttpConnection::connect(
    const std::vector<tcp::endpoint>& endpoints, const std::string& host, bool verify_host) {
  auto [ec, endpoint] = co_await asio::async_connect(socket(), endpoints, kAwait);
  if (ec) co_return ec;
  socket().set_option(tcp::no_delay(true), ec);
  if (auto* tls = std::get_if<1>(&stream_)) {
    // SNI, and the certificate must name the host we asked for.
    SSL_set_tlsext_host_name(tls->native_handle(), host.c_str());
    if (verify_host) tls->set_verify_callback(asio::ssl::host_name_verification(host));
    auto [hec] = co_await tls->async_handshake(asio::ssl::stream_base::client, kAwait);
    if (hec) co_return hec;
  }
  co_return boost::system::error_code{};
}

// async_write's own loop, spelled out so each transport write can be counted.
asio::awaitable<std::tuple<boost::system::error_code, size_t>> HttpConnection::write(
    const std::string& head_bytes, const std::string& body, uint32_t& writes) {
  const size_t total = head_bytes.size() + body.size();
  size_t sent = 0;
  while (sent < total) {
    const size_t body_sent = sent > head_bytes.size() ? sent - head_bytes.size() : 0;
    // buffer + n clamps n to the buffer's size: a fully written head becomes empty.
    std::array<asio::const_buffer, 2> buffers{asio::buffer(head_bytes) + sent, asio::buffer(body) + body_sent};
    auto [ec, n] = std::get_if<tcp::socket>(&stream_)
                       ? co_await std::get<0>(stream_).async_write_some(buffers, kAwait)
                       : co_await std::get<1>(stream_).async_write_some(buffers, kAwait);
    sent += n;
    if (n > 0) ++writes;
    if (ec) co_return std::tuple{ec, sent};
  }
  co_return std::tuple{boost::system::error_code{}, sent};
}

asio::awaitable<std::tuple<boost::system::error_code, size_t>> HttpConnection::read_some(char* data,
                                                                                           size_t size) {
  if (auto* s = std::get_if<tcp::socket>(&stream_))
    co_return co_await s->async_read_some(asio::buffer(data, size), kAwait);
  co_return co_await std::get<1>(stream_).async_read_some(asio::buffer(data, size), kAwait);
}

void HttpConnection::close() {
  boost::system::error_code ignored;
  socket().shutdown(tcp::socket::shutdown_both, ignored);
  socket().close(ignored);
}

bool HttpConnection::tls_has_unread_input() {
  auto* tls = std::get_if<asio::ssl::stream<tcp::socket>>(&stream_);
  if (!tls) return false;
  SSL* ssl = tls->native_handle();
  // Decrypted or undecrypted bytes inside OpenSSL, or ciphertext in Asio's BIO pair.
  return SSL_has_pending(ssl) == 1 || BIO_ctrl_pending(SSL_get_rbio(ssl)) > 0;
}

bool HttpConnection::unfit_for_reuse() {
  if (!socket().is_open()) return true;
  if (tls_has_unread_input()) return true;
  char byte;
  ssize_t n = ::recv(socket().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n >= 0) return true;  // 0: orderly shutdown by the peer; > 0: bytes nobody asked for
  return errno != EAGAIN && errno != EWOULDBLOCK;  // reset or other error
}

}  // namespace aiperf
