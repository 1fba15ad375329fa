#pragma once
// --network-latency-automatic (docs/telemetry.md, "Network latency"): a thread of its own
// times TCP handshakes to each endpoint, one fresh connection per probe, closed at once. The
// handshake is one network round trip with no server work, so its time isolates the network
// leg from server load. Every probe becomes a line of profile_export_network_latency.jsonl;
// the mean of the successful ones is the RTT the network_adjusted_* metrics subtract
// (metrics/network_adjusted.h). Nothing here touches a worker or the issuer.
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "common/clock.h"
#include "common/error_details.h"
#include "config/telemetry_settings.h"

namespace aiperf {

// One line per probe; written only with --network-latency-automatic.
inline constexpr const char* kNetworkLatencyFile = "profile_export_network_latency.jsonl";

struct NetworkProbeTarget {
  std::string url;  // as given with --url; written without credentials
  std::string host;
  uint16_t port = 0;
};

// One probe: when it started (monotonic ns) and the handshake's time, or why there is none.
struct NetworkProbeSample {
  int64_t started_ns = 0;
  std::optional<int64_t> rtt_ns;  // set when the handshake completed
  ErrorDetails error;             // type and message when it did not
};

class NetworkProbe {
 public:
  // Probes time out after this long (a refused port answers at once).
  static constexpr double kConnectTimeoutS = 5.0;

  // `anchor` turns probe times into the JSONL's wall-clock timestamp_ns.
  NetworkProbe(const NetworkLatencySettings& settings, std::vector<NetworkProbeTarget> targets,
               std::filesystem::path jsonl_path, ClockAnchor anchor);
  ~NetworkProbe();  // stop()
  NetworkProbe(const NetworkProbe&) = delete;
  NetworkProbe& operator=(const NetworkProbe&) = delete;

  // With --network-latency-automatic: opens the JSONL (throws std::runtime_error naming it when it
  // cannot), probes every target once before returning (so a run has a sample before its first
  // request), then every ping_interval_s on the thread. With a fixed mean: nothing.
  void start();
  // Stops and joins the thread (a probe in progress is cut short and not recorded). Idempotent.
  void stop();

  // The RTT to subtract: --network-latency-mean when given, else the mean of the successful
  // probes so far; nullopt when calibration is off or no probe succeeded.
  std::optional<double> mean_rtt_ms() const;
  // Probes made and those that succeeded (for the run's log line and tests).
  int64_t probes() const;
  int64_t successes() const;

  // One handshake to host:port (resolved on each call), bounded by `timeout_s`; `wake_fd` (an
  // eventfd, or -1) readable cuts it short with error type "Cancelled".
  static NetworkProbeSample probe_once(const std::string& host, uint16_t port, double timeout_s, int wake_fd = -1);

 private:
  void run();
  void probe_all();
  void write(const NetworkProbeTarget& target, const NetworkProbeSample& sample);

  const NetworkLatencySettings settings_;
  const std::vector<NetworkProbeTarget> targets_;
  const std::filesystem::path path_;
  const ClockAnchor anchor_;
  std::ofstream out_;  // the probe thread's once started
  std::string line_;
  int wake_fd_ = -1;   // eventfd: stop() interrupts a handshake in progress

  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;       // under mu_
  int64_t probes_ = 0;          // under mu_
  int64_t successes_ = 0;       // under mu_
  double success_sum_ns_ = 0;   // under mu_
  std::thread thread_;
};

}  // namespace aiperf
