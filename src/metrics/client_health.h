#pragma once
// The client's verdict on itself: did aiperf keep up with the load it was asked to make, or
// was it the bottleneck ("client_bound")? Judged per worker thread from its event-loop lag and
// CPU use over the profiling phase, from the sends it held back for the record backlog, and for open-loop runs from the send lag of the records.
// Thresholds and the reasons for a verdict go into profile_export_aiperf.json
// (docs/metrics.md, "Client health").
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aiperf {

struct ClientHealthThresholds {
  // A loop this late delays every timestamp taken on it by as much: TTFT and ITL are then the
  // client's numbers, not the server's.
  double event_loop_lag_p99_ms = 10.0;
  // Share of the window a worker thread was running or waiting for a CPU. At this level it had
  // practically no idle time left: it cannot have kept up with its sockets.
  double worker_busy_fraction = 0.9;
  // Open loop: requests leaving this much later than scheduled mean the offered load was not
  // the requested one.
  double send_lag_p99_ms = 10.0;
};

struct WorkerHealth {
  std::string worker_id;            // "worker_<n>"
  int64_t lag_samples = 0;          // event-loop ticks in the window
  double lag_p50_ms = 0, lag_p99_ms = 0, lag_max_ms = 0;
  double window_s = 0;              // wall time of the window
  double cpu_utilization = 0;       // thread CPU time / window
  double pacing_poll_fraction = 0;  // of which idle polling ahead of scheduled sends / window
  std::optional<double> runqueue_wait_fraction;  // runnable-but-waiting time / window, when known
  // Sends held back because the record processor had fallen behind (any is client-bound).
  uint64_t held_sends = 0;
  double record_hold_s = 0;
  // CPU that was work (not pacing polls) + run-queue wait (0 when unknown).
  double busy_fraction() const {
    return cpu_utilization - pacing_poll_fraction + runqueue_wait_fraction.value_or(0);
  }
};

struct ClientHealth {
  ClientHealthThresholds thresholds;
  std::vector<WorkerHealth> workers;
  std::optional<double> send_lag_p99_ms;  // open loop only
  bool client_bound = false;
  std::vector<std::string> reasons;       // one line per exceeded threshold; empty when not bound
};

// Fills client_bound and reasons from the measurements already in `health`.
void judge_client_health(ClientHealth& health);

}  // namespace aiperf
