// The TCP-handshake RTT probe against a listening and a refused 127.0.0.1 port.
#include "telemetry/network_probe.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <thread>

#include "../support/temp_dir.h"

namespace aiperf {
namespace {

// A socket bound to 127.0.0.1 on a free port; listening (the kernel completes handshakes
// without accept()) or merely bound, so that a connect is refused.
class NpSocket {
 public:
  explicit NpSocket(bool listen) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) throw std::runtime_error("bind");
    if (listen && ::listen(fd_, 64) != 0) throw std::runtime_error("listen");
    socklen_t len = sizeof addr;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
  }
  ~NpSocket() { ::close(fd_); }
  uint16_t port() const { return port_; }

 private:
  int fd_ = -1;
  uint16_t port_ = 0;
};

std::vector<nlohmann::json> np_lines(const std::filesystem::path& path) {
  std::vector<nlohmann::json> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
  return out;
}

TEST(NetworkProbe, HandshakeToAListeningPortHasAnRtt) {
  NpSocket server(true);
  const NetworkProbeSample s = NetworkProbe::probe_once("127.0.0.1", server.port(), 2.0);
  ASSERT_TRUE(s.rtt_ns.has_value()) << s.error.message;
  EXPECT_GT(*s.rtt_ns, 0);
  EXPECT_LT(*s.rtt_ns, 1'000'000'000);
  EXPECT_TRUE(s.error.type.empty());
}

TEST(NetworkProbe, RefusedPortIsAnErrorNotAnRtt) {
  NpSocket bound(false);
  const NetworkProbeSample s = NetworkProbe::probe_once("127.0.0.1", bound.port(), 2.0);
  EXPECT_FALSE(s.rtt_ns.has_value());
  EXPECT_EQ(s.error.type, "ConnectionRefusedError");
  EXPECT_NE(s.error.message.find("127.0.0.1:" + std::to_string(bound.port())), std::string::npos);
}

TEST(NetworkProbe, ProbesBeforeTheRunAndOnTheIntervalThenAveragesTheSuccesses) {
  testing::TempDir dir;
  NpSocket server(true);
  NpSocket refused(false);
  NetworkLatencySettings settings;
  settings.automatic = true;
  settings.ping_interval_s = 0.05;
  const ClockAnchor anchor = ClockAnchor::now();
  const std::string with_credentials = "http://user:secret@127.0.0.1:" + std::to_string(server.port()) + "/v1";
  NetworkProbe probe(settings,
                     {{with_credentials, "127.0.0.1", server.port()},
                      {"http://127.0.0.1:" + std::to_string(refused.port()), "127.0.0.1", refused.port()}},
                     dir.path / kNetworkLatencyFile, anchor);
  probe.start();
  EXPECT_EQ(probe.probes(), 2);  // one per target before start() returns
  EXPECT_EQ(probe.successes(), 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(180));
  probe.stop();
  probe.stop();  // idempotent
  const int64_t probes = probe.probes();
  EXPECT_GE(probes, 4);
  EXPECT_EQ(probe.successes() * 2, probes);

  const std::vector<nlohmann::json> lines = np_lines(dir.path / kNetworkLatencyFile);
  ASSERT_EQ(int64_t(lines.size()), probes);
  double sum_ns = 0;
  int64_t ok = 0;
  for (const nlohmann::json& l : lines) {
    EXPECT_EQ(l["probe_type"], "tcp_connect");
    EXPECT_EQ(l["target_host"], "127.0.0.1");
    EXPECT_GE(l["timestamp_ns"].get<int64_t>(), anchor.wall);
    if (l["target_port"] == server.port()) {
      EXPECT_EQ(l["target_url"], "http://127.0.0.1:" + std::to_string(server.port()) + "/v1");  // no credentials
      EXPECT_TRUE(l["success"].get<bool>());
      EXPECT_TRUE(l["error"].is_null());
      sum_ns += l["rtt_ns"].get<double>();
      ++ok;
    } else {
      EXPECT_FALSE(l["success"].get<bool>());
      EXPECT_TRUE(l["rtt_ns"].is_null());
      EXPECT_EQ(l["error"]["type"], "ConnectionRefusedError");
    }
  }
  ASSERT_GT(ok, 0);
  ASSERT_TRUE(probe.mean_rtt_ms());
  EXPECT_NEAR(*probe.mean_rtt_ms(), sum_ns / double(ok) / 1e6, 1e-9);
}

TEST(NetworkProbe, FixedMeanProbesNothing) {
  testing::TempDir dir;
  NetworkLatencySettings settings;
  settings.mean_ms = 4.5;
  NetworkProbe probe(settings, {{"http://127.0.0.1:1", "127.0.0.1", 1}}, dir.path / kNetworkLatencyFile,
                     ClockAnchor::now());
  probe.start();
  probe.stop();
  EXPECT_EQ(probe.probes(), 0);
  EXPECT_FALSE(std::filesystem::exists(dir.path / kNetworkLatencyFile));
  EXPECT_EQ(probe.mean_rtt_ms(), 4.5);
}

TEST(NetworkProbe, NoSuccessfulProbeMeansNoRtt) {
  testing::TempDir dir;
  NpSocket refused(false);
  NetworkLatencySettings settings;
  settings.automatic = true;
  settings.ping_interval_s = 10;
  NetworkProbe probe(settings, {{"http://127.0.0.1", "127.0.0.1", refused.port()}}, dir.path / kNetworkLatencyFile,
                     ClockAnchor::now());
  probe.start();
  probe.stop();  // does not wait for the 10 s interval
  EXPECT_EQ(probe.probes(), 1);
  EXPECT_FALSE(probe.mean_rtt_ms().has_value());
}

}  // namespace
}  // namespace aiperf
