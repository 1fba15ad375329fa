#pragma once
// The rendezvous' TCP plumbing (cluster/rendezvous.cpp): newline-framed messages over
// non-blocking POSIX sockets, every wait bounded by a steady-clock deadline. Plain sockets
// rather than Asio: the rendezvous is a few dozen short messages, and stamping a ping right
// after recv() returns is easiest when the recv is ours.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cluster/clock_offset.h"

namespace aiperf {

using RendezvousDeadline = std::chrono::steady_clock::time_point;

// One connected socket and the bytes read from it but not yet framed. Owns the descriptor.
class LineSocket {
 public:
  LineSocket() = default;
  LineSocket(int fd, std::string peer);
  LineSocket(LineSocket&& other) noexcept;
  LineSocket& operator=(LineSocket&& other) noexcept;
  LineSocket(const LineSocket&) = delete;
  LineSocket& operator=(const LineSocket&) = delete;
  ~LineSocket();

  int fd() const { return fd_; }
  const std::string& peer() const { return peer_; }  // "10.0.0.5:40112"

  // Appends '\n'; false when the peer is gone or the deadline passed first.
  bool send_line(std::string_view line, RendezvousDeadline deadline);

  enum class ReadStatus { data, nothing, closed };
  // One non-blocking recv into the buffer. A line longer than kMaxLine reads as closed:
  // whatever sent it is no shard.
  ReadStatus read_available();
  // The next complete line in the buffer, without its '\n'.
  std::optional<std::string> next_line();
  // Waits for a complete line. When clock is given, *stamp_ns is its reading taken right
  // after the recv that completed the line. nullopt when the peer closed or the deadline passed.
  std::optional<std::string> read_line(RendezvousDeadline deadline, const WallClock* clock = nullptr,
                                       int64_t* stamp_ns = nullptr);
  // Reads what is pending, so that close() sends FIN rather than RST and the peer still
  // gets the last message it was sent.
  void drain_and_close();

  static constexpr size_t kMaxLine = 4096;

 private:
  int fd_ = -1;
  std::string peer_;
  std::string buffer_;
};

// Shard 0's listening socket on every interface: [::] accepting IPv4 too where the host has
// IPv6, else 0.0.0.0. SO_REUSEADDR, so back-to-back runs reuse the port. Throws
// std::runtime_error naming the port when it is taken.
class RendezvousListener {
 public:
  explicit RendezvousListener(uint16_t port);
  RendezvousListener(const RendezvousListener&) = delete;
  RendezvousListener& operator=(const RendezvousListener&) = delete;
  ~RendezvousListener();

  int fd() const { return fd_; }
  // A pending connection (non-blocking, TCP_NODELAY), if any.
  std::optional<LineSocket> accept_one();

 private:
  int fd_ = -1;
};

// Connects to host:port (getaddrinfo each try: a Kubernetes service name may resolve only
// once shard 0's pod is up), retrying until the deadline since shard 0 may start later.
// nullopt at the deadline, with the last failure in *last_error.
std::optional<LineSocket> connect_until(const std::string& host, uint16_t port, RendezvousDeadline deadline,
                                        std::string* last_error);

// "host:port", "[v6]:port".
std::string host_port_text(const std::string& host, uint16_t port);

}  // namespace aiperf
