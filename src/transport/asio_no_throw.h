#pragma once
// Awaiting Asio operations without exceptions, and what their errors mean: shared by the
// connection (http_connection.cpp) and the video job follower (worker_video.cpp).
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/system/error_code.hpp>

namespace aiperf {

// co_await op(..., kAwait) yields (error_code, results...) instead of throwing.
inline constexpr auto kAwait = boost::asio::as_tuple(boost::asio::use_awaitable);

// The server closed the connection: EOF, reset, broken pipe, or a TLS stream cut short. On a
// reused keep-alive connection that nothing was read from yet, a stale connection to retry.
inline bool is_peer_disconnect(const boost::system::error_code& ec) {
  namespace asio = boost::asio;
  return ec == asio::error::eof || ec == asio::error::connection_reset || ec == asio::error::broken_pipe ||
         ec == asio::ssl::error::stream_truncated;
}

}  // namespace aiperf
