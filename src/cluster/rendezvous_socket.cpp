#include "cluster/rendezvous_socket.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <utility>

namespace aiperf {

namespace {

using SteadyClock = std::chrono::steady_clock;

// Milliseconds left until the deadline, for poll(): never negative, rounded up so a wait
// does not end a hair early and spin.
int rv_poll_ms(RendezvousDeadline deadline) {
  const auto left = deadline - SteadyClock::now();
  if (left <= SteadyClock::duration::zero()) return 0;
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
  return int(std::min<int64_t>(ms, 1'000'000));
}

std::string rv_errno_text(int err) { return std::strerror(err); }

void rv_set_nodelay(int fd) {
  // Pings are tiny: Nagle would hold one back for the previous one's ACK and inflate the round trip.
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

std::string rv_address_text(const sockaddr* addr, socklen_t len) {
  // The dual-stack listener sees IPv4 peers as ::ffff:a.b.c.d; people know them as a.b.c.d.
  sockaddr_in v4{};
  if (addr->sa_family == AF_INET6) {
    const auto* a6 = reinterpret_cast<const sockaddr_in6*>(addr);
    if (IN6_IS_ADDR_V4MAPPED(&a6->sin6_addr)) {
      v4.sin_family = AF_INET;
      v4.sin_port = a6->sin6_port;
      std::memcpy(&v4.sin_addr, a6->sin6_addr.s6_addr + 12, 4);
      addr = reinterpret_cast<const sockaddr*>(&v4);
      len = sizeof v4;
    }
  }
  char host[NI_MAXHOST] = {};
  char serv[NI_MAXSERV] = {};
  if (getnameinfo(addr, len, host, sizeof host, serv, sizeof serv, NI_NUMERICHOST | NI_NUMERICSERV) != 0)
    return "?";
  const bool v6 = addr->sa_family == AF_INET6;
  return v6 ? "[" + std::string(host) + "]:" + serv : std::string(host) + ":" + serv;
}

// One non-blocking connect to one address, bounded by the deadline.
int rv_connect_one(const addrinfo* ai, RendezvousDeadline deadline, std::string* error) {
  const int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
  if (fd < 0) {
    *error = "socket: " + rv_errno_text(errno);
    return -1;
  }
  int err = 0;
  if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
    err = errno;
    if (err == EINPROGRESS) {
      pollfd p{fd, POLLOUT, 0};
      const int n = poll(&p, 1, rv_poll_ms(deadline));
      if (n == 0) {
        err = ETIMEDOUT;
      } else {
        socklen_t len = sizeof err;
        if (n < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0) err = errno;
      }
    }
  }
  if (err != 0) {
    *error = rv_address_text(ai->ai_addr, ai->ai_addrlen) + ": " + rv_errno_text(err);
    close(fd);
    return -1;
  }
  rv_set_nodelay(fd);
  return fd;
}

}  // namespace

std::string host_port_text(const std::string& host, uint16_t port) {
  const bool v6 = host.find(':') != std::string::npos;
  return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

LineSocket::LineSocket(int fd, std::string peer) : fd_(fd), peer_(std::move(peer)) {}

LineSocket::LineSocket(LineSocket&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), peer_(std::move(other.peer_)), buffer_(std::move(other.buffer_)) {}

LineSocket& LineSocket::operator=(LineSocket&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    peer_ = std::move(other.peer_);
    buffer_ = std::move(other.buffer_);
  }
  return *this;
}

LineSocket::~LineSocket() {
  if (fd_ >= 0) close(fd_);
}

bool LineSocket::send_line(std::string_view line, RendezvousDeadline deadline) {
  std::string out(line);
  out += '\n';
  size_t sent = 0;
  while (sent < out.size()) {
    const ssize_t n = send(fd_, out.data() + sent, out.size() - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += size_t(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd_, POLLOUT, 0};
      if (poll(&p, 1, rv_poll_ms(deadline)) <= 0) return false;
      continue;
    }
    return false;
  }
  return true;
}

LineSocket::ReadStatus LineSocket::read_available() {
  char chunk[2048];
  for (;;) {
    const ssize_t n = recv(fd_, chunk, sizeof chunk, 0);
    if (n > 0) {
      buffer_.append(chunk, size_t(n));
      if (buffer_.size() > kMaxLine && buffer_.find('\n') == std::string::npos) return ReadStatus::closed;
      return ReadStatus::data;
    }
    if (n == 0) return ReadStatus::closed;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return ReadStatus::nothing;
    return ReadStatus::closed;
  }
}

std::optional<std::string> LineSocket::next_line() {
  const size_t nl = buffer_.find('\n');
  if (nl == std::string::npos) return std::nullopt;
  std::string line = buffer_.substr(0, nl);
  buffer_.erase(0, nl + 1);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

std::optional<std::string> LineSocket::read_line(RendezvousDeadline deadline, const WallClock* clock,
                                                 int64_t* stamp_ns) {
  for (;;) {
    if (auto line = next_line()) return line;
    pollfd p{fd_, POLLIN, 0};
    const int n = poll(&p, 1, rv_poll_ms(deadline));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    const ReadStatus status = read_available();
    if (clock && stamp_ns) *stamp_ns = (*clock)();
    if (status == ReadStatus::closed) {
      // The peer's last line may have come with its FIN.
      return next_line();
    }
  }
}

void LineSocket::drain_and_close() {
  if (fd_ < 0) return;
  shutdown(fd_, SHUT_WR);
  char chunk[2048];
  while (recv(fd_, chunk, sizeof chunk, MSG_DONTWAIT) > 0) {
  }
  close(fd_);
  fd_ = -1;
}

RendezvousListener::RendezvousListener(uint16_t port) {
  const int one = 1;
  const int zero = 0;
  int bind_errno = 0;
  // [::] with IPV6_V6ONLY off takes IPv4 too; fall back to 0.0.0.0 where IPv6 is off.
  for (const int family : {AF_INET6, AF_INET}) {
    const int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) continue;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    int rc = 0;
    if (family == AF_INET6) {
      setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
      sockaddr_in6 a{};
      a.sin6_family = AF_INET6;
      a.sin6_addr = in6addr_any;
      a.sin6_port = htons(port);
      rc = bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a);
    } else {
      sockaddr_in a{};
      a.sin_family = AF_INET;
      a.sin_addr.s_addr = htonl(INADDR_ANY);
      a.sin_port = htons(port);
      rc = bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a);
    }
    if (rc == 0 && listen(fd, SOMAXCONN) == 0) {
      fd_ = fd;
      return;
    }
    bind_errno = errno;
    close(fd);
    if (bind_errno == EADDRINUSE || bind_errno == EACCES) break;  // IPv4 would say the same
  }
  if (bind_errno == EADDRINUSE)
    throw std::runtime_error("shard rendezvous: port " + std::to_string(port) +
                             " is already in use on this machine, so shard 0 cannot listen there "
                             "(another aiperf still running?); pick another with AIPERF_SHARD_PORT or "
                             "--shard-rendezvous HOST:PORT");
  throw std::runtime_error("shard rendezvous: shard 0 cannot listen on port " + std::to_string(port) + ": " +
                           rv_errno_text(bind_errno));
}

RendezvousListener::~RendezvousListener() {
  if (fd_ >= 0) close(fd_);
}

std::optional<LineSocket> RendezvousListener::accept_one() {
  for (;;) {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    const int fd = accept4(fd_, reinterpret_cast<sockaddr*>(&addr), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {
      rv_set_nodelay(fd);
      return LineSocket(fd, rv_address_text(reinterpret_cast<const sockaddr*>(&addr), len));
    }
    // A connection reset before accept is the peer's problem, not the listener's.
    if (errno == EINTR || errno == ECONNABORTED) continue;
    return std::nullopt;
  }
}

std::optional<LineSocket> connect_until(const std::string& host, uint16_t port, RendezvousDeadline deadline,
                                        std::string* last_error) {
  const std::string service = std::to_string(port);
  for (;;) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* list = nullptr;
    const int gai = getaddrinfo(host.c_str(), service.c_str(), &hints, &list);
    if (gai != 0) {
      *last_error = "cannot resolve " + host + ": " + gai_strerror(gai);
    } else {
      for (const addrinfo* ai = list; ai; ai = ai->ai_next) {
        // One address must not eat the whole budget while another would answer.
        const auto per_try = std::min(deadline, SteadyClock::now() + std::chrono::seconds(3));
        const int fd = rv_connect_one(ai, per_try, last_error);
        if (fd >= 0) {
          const std::string peer = rv_address_text(ai->ai_addr, ai->ai_addrlen);
          freeaddrinfo(list);
          return LineSocket(fd, peer);
        }
      }
      freeaddrinfo(list);
    }
    const auto now = SteadyClock::now();
    if (now >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::min<SteadyClock::duration>(std::chrono::milliseconds(100), deadline - now));
  }
}

}  // namespace aiperf
