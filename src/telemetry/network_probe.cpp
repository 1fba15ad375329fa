#include "telemetry/network_probe.h"

#include <netdb.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "common/url_credentials.h"
#include "metrics/json_text.h"

namespace aiperf {
namespace {

// Python's exception names, as upstream's samples carry them.
ErrorDetails connect_error(int err, const std::string& host, uint16_t port) {
  const char* type = err == ECONNREFUSED ? "ConnectionRefusedError" : err == ETIMEDOUT ? "TimeoutError" : "OSError";
  return {std::nullopt, type, "connect to " + host + ":" + std::to_string(port) + ": " + std::strerror(err)};
}

// Waits for a non-blocking connect to finish: 0 or its errno; ETIMEDOUT after `timeout_s`;
// ECANCELED when `wake_fd` became readable.
int await_connect(int fd, double timeout_s, int wake_fd) {
  const int64_t deadline = mono_ns() + int64_t(timeout_s * 1e9);
  for (;;) {
    const int64_t left_ns = deadline - mono_ns();
    if (left_ns <= 0) return ETIMEDOUT;
    pollfd p[2] = {{fd, POLLOUT, 0}, {wake_fd, POLLIN, 0}};
    const int n = ::poll(p, wake_fd >= 0 ? 2 : 1, int((left_ns + 999'999) / 1'000'000));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    if (n == 0) continue;  // the deadline check above decides
    if (wake_fd >= 0 && (p[1].revents & POLLIN)) return ECANCELED;
    int err = 0;
    socklen_t len = sizeof err;
    if (::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0) return errno;
    return err;
  }
}

}  // namespace

NetworkProbe::NetworkProbe(const NetworkLatencySettings& settings, std::vector<NetworkProbeTarget> targets,
                           std::filesystem::path jsonl_path, ClockAnchor anchor)
    : settings_(settings), targets_(std::move(targets)), path_(std::move(jsonl_path)), anchor_(anchor) {}

NetworkProbe::~NetworkProbe() { stop(); }

NetworkProbeSample NetworkProbe::probe_once(const std::string& host, uint16_t port, double timeout_s, int wake_fd) {
  NetworkProbeSample s;
  s.started_ns = mono_ns();
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found); rc != 0) {
    s.error = {std::nullopt, "gaierror", host + ": " + ::gai_strerror(rc)};
    return s;
  }
  std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> owned(found, ::freeaddrinfo);
  const int fd = ::socket(found->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    s.error = {std::nullopt, "OSError", std::string("socket: ") + std::strerror(errno)};
    return s;
  }
  // Timed from connect() to the handshake's end: name resolution is not the network leg.
  s.started_ns = mono_ns();
  int err = ::connect(fd, found->ai_addr, found->ai_addrlen) == 0 ? 0 : errno;
  if (err == EINPROGRESS) err = await_connect(fd, timeout_s, wake_fd);
  const int64_t done_ns = mono_ns();
  ::close(fd);
  if (err == 0) s.rtt_ns = done_ns - s.started_ns;
  else if (err == ECANCELED) s.error = {std::nullopt, "Cancelled", "the run ended during the probe"};
  else s.error = connect_error(err, host, port);
  return s;
}

void NetworkProbe::start() {
  if (!settings_.automatic || settings_.mean_ms || thread_.joinable()) return;
  out_.open(path_, std::ios::binary | std::ios::trunc);
  if (!out_) throw std::runtime_error("cannot write " + path_.string());
  wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  probe_all();
  thread_ = std::thread([this] { run(); });
}

void NetworkProbe::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (wake_fd_ >= 0) {
    const uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wake_fd_, &one, sizeof one);
  }
  if (thread_.joinable()) thread_.join();
  if (wake_fd_ >= 0) ::close(wake_fd_);
  wake_fd_ = -1;
  if (out_.is_open()) out_.close();
}

// Deadlines are absolute (start + k·interval); a probe that overran one skips it rather than
// probing twice in a row.
void NetworkProbe::run() {
  const int64_t interval_ns = std::max<int64_t>(std::llround(settings_.ping_interval_s * 1e9), 1'000'000);
  int64_t next = mono_ns() + interval_ns;
  std::unique_lock lock(mu_);
  for (;;) {
    const auto wait = std::chrono::nanoseconds(std::max<int64_t>(next - mono_ns(), 0));
    if (cv_.wait_for(lock, wait, [this] { return stopping_; })) return;
    lock.unlock();
    probe_all();
    lock.lock();
    const int64_t now = mono_ns();
    while (next <= now) next += interval_ns;
  }
}

void NetworkProbe::probe_all() {
  for (const NetworkProbeTarget& target : targets_) {
    const NetworkProbeSample s = probe_once(target.host, target.port, kConnectTimeoutS, wake_fd_);
    if (s.error.type == "Cancelled") return;
    write(target, s);
    std::lock_guard lock(mu_);
    ++probes_;
    if (s.rtt_ns) {
      ++successes_;
      success_sum_ns_ += double(*s.rtt_ns);
    }
  }
}

// {"timestamp_ns","target_url","target_host","target_port","probe_type":"tcp_connect",
//  "rtt_ns" (null on failure),"success","error" (null, or {"type","message"})}: upstream's names.
void NetworkProbe::write(const NetworkProbeTarget& target, const NetworkProbeSample& s) {
  line_ = "{\"timestamp_ns\":";
  append_json_int(line_, anchor_.to_wall(s.started_ns));
  line_ += ",\"target_url\":";
  append_json_string(line_, strip_url_credentials(target.url));
  line_ += ",\"target_host\":";
  append_json_string(line_, target.host);
  line_ += ",\"target_port\":";
  append_json_int(line_, target.port);
  line_ += ",\"probe_type\":\"tcp_connect\",\"rtt_ns\":";
  if (s.rtt_ns) append_json_int(line_, *s.rtt_ns);
  else line_ += "null";
  line_ += s.rtt_ns ? ",\"success\":true,\"error\":null}\n" : ",\"success\":false,\"error\":{\"type\":";
  if (!s.rtt_ns) {
    append_json_string(line_, s.error.type);
    line_ += ",\"message\":";
    append_json_string(line_, s.error.message);
    line_ += "}}\n";
  }
  // Flushed per line: a run cut short still leaves every probe made.
  out_.write(line_.data(), std::streamsize(line_.size()));
  out_.flush();
}

std::optional<double> NetworkProbe::mean_rtt_ms() const {
  if (settings_.mean_ms) return *settings_.mean_ms;
  if (!settings_.automatic) return std::nullopt;
  std::lock_guard lock(mu_);
  if (successes_ == 0) return std::nullopt;
  return success_sum_ns_ / double(successes_) / 1e6;
}

int64_t NetworkProbe::probes() const {
  std::lock_guard lock(mu_);
  return probes_;
}

int64_t NetworkProbe::successes() const {
  std::lock_guard lock(mu_);
  return successes_;
}

}  // namespace aiperf
