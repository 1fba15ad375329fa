#pragma once
// One HTTP/1.1 connection (plain TCP or TLS) owned by one worker thread, with the buffers
// it reuses for every request it carries.
#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>

#include "records/raw_record.h"

namespace aiperf {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

class HttpConnection {
 public:
  static constexpr size_t kReadBufferSize = 16 * 1024;

  // `tls` null = plain TCP.
  HttpConnection(asio::io_context& io, asio::ssl::context* tls);

  asio::awaitable<boost::system::error_code> connect(const std::vector<tcp::endpoint>& endpoints,
                                                     const std::string& host, bool verify_host);
  // Writes head then body; `writes` counts the transport writes it took (the HTTP trace).
  asio::awaitable<std::tuple<boost::system::error_code, size_t>> write(const std::string& head,
                                                                        const std::string& body,
                                                                        uint32_t& writes);
  asio::awaitable<std::tuple<boost::system::error_code, size_t>> read_some(char* data, size_t size);

  // Aborts pending operations (they complete with an error) and releases the socket.
  void close();
  // An idle keep-alive connection that is readable must not carry the next request: at EOF
  // or reset the server has closed it (llama.cpp does this while advertising keep-alive);
  // bytes pending are nobody's reply (an unsolicited response, a late error page) and would
  // be read as the next request's. One non-blocking recv(MSG_PEEK), as curl does.
  bool unfit_for_reuse();
  // TLS: bytes already read from the socket that no read has consumed yet (a record past the
  // end of the response). Always false for plain TCP, whose leftovers are in our own buffer.
  bool tls_has_unread_input();

  char* read_buffer() { return read_buffer_.get(); }
  std::string head;  // request-head scratch, capacity reused

  // Bookkeeping of the worker that owns it while a request is in flight.
  size_t active_slot = SIZE_MAX;
  uint32_t url_index = 0;  // which --url it is connected to (its keep-alive pool, messages)
  BenchmarkPhase phase = BenchmarkPhase::profiling;
  int64_t deadline_ns = 0;
  int64_t start_ns = 0;
  bool cancelled = false;
  bool timed_out = false;
  // --request-cancellation-rate: one timer per connection, re-armed per request (no allocation).
  // A fired wait acts only if `cancel_seq` still names the request that armed it.
  asio::steady_timer cancel_timer;
  uint64_t cancel_seq = 0;
  bool cancel_armed = false;
  int64_t cancel_delay_ns = 0;
  bool cancel_fired = false;  // the request was cut off by its cancellation timer

 private:
  tcp::socket& socket();

  std::variant<tcp::socket, asio::ssl::stream<tcp::socket>> stream_;
  std::unique_ptr<char[]> read_buffer_;
};

}  // namespace aiperf
