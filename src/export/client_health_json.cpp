#include "export/client_health_json.h"

namespace aiperf {

nlohmann::ordered_json client_health_json(const ClientHealth& h) {
  using ojson = nlohmann::ordered_json;
  ojson j = ojson::object();
  j["verdict"] = h.client_bound ? "client_bound" : "ok";
  j["reasons"] = h.reasons;
  j["thresholds"] = {{"event_loop_lag_p99_ms", h.thresholds.event_loop_lag_p99_ms},
                     {"worker_busy_fraction", h.thresholds.worker_busy_fraction},
                     {"send_lag_p99_ms", h.thresholds.send_lag_p99_ms}};
  if (h.send_lag_p99_ms) j["send_lag_p99_ms"] = *h.send_lag_p99_ms;
  ojson workers = ojson::array();
  for (const WorkerHealth& w : h.workers) {
    ojson o = ojson::object();
    o["worker_id"] = w.worker_id;
    o["event_loop_lag_ms"] = {{"p50", w.lag_p50_ms}, {"p99", w.lag_p99_ms}, {"max", w.lag_max_ms},
                              {"count", w.lag_samples}};
    o["window_sec"] = w.window_s;
    o["cpu_utilization"] = w.cpu_utilization;
    o["pacing_poll_fraction"] = w.pacing_poll_fraction;
    if (w.runqueue_wait_fraction) o["runqueue_wait_fraction"] = *w.runqueue_wait_fraction;
    o["busy_fraction"] = w.busy_fraction();
    o["held_sends"] = w.held_sends;
    o["record_hold_sec"] = w.record_hold_s;
    workers.push_back(o);
  }
  j["workers"] = workers;
  return j;
}

}  // namespace aiperf
