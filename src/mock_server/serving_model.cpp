#include "mock_server/serving_model.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace aiperf::mock {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// numpy.percentile(x, q, method="linear") of an ascending, non-empty sample, as aiperf reports.
double percentile_linear(const std::vector<double>& sorted, double q) {
  const double pos = q / 100.0 * double(sorted.size() - 1);
  const size_t lo = size_t(std::floor(pos));
  if (lo + 1 >= sorted.size()) return sorted.back();
  return sorted[lo] + (pos - double(lo)) * (sorted[lo + 1] - sorted[lo]);
}

// Queue waits of the first `requests` requests of a closed loop: `clients` all send at time 0,
// each sends again the moment its reply ends, `slots` serve in FIFO (send) order, each request
// for `service_ms`. Ties in send time go to the earlier send, as the scheduler's queue does.
std::vector<double> closed_loop_waits(int64_t clients, int64_t slots, double service_ms, int64_t requests) {
  using Send = std::pair<double, int64_t>;  // (time, order of sending)
  std::priority_queue<Send, std::vector<Send>, std::greater<>> sends;
  std::priority_queue<double, std::vector<double>, std::greater<>> free_at;
  int64_t order = 0;
  for (int64_t i = 0; i < clients; ++i) sends.push({0.0, order++});
  for (int64_t i = 0; i < slots; ++i) free_at.push(0.0);
  std::vector<double> waits;
  waits.reserve(size_t(requests));
  while (int64_t(waits.size()) < requests) {
    const double sent = sends.top().first;
    sends.pop();
    const double start = std::max(sent, free_at.top());
    free_at.pop();
    waits.push_back(start - sent);
    free_at.push(start + service_ms);
    sends.push({start + service_ms, order++});
  }
  return waits;
}

// A bound met up to floating-point noise, so that a bound equal to a computed level counts as met.
bool meets(double value, double bound) { return value <= bound + 1e-9 * std::max(1.0, std::abs(bound)); }

bool meets_sla(const ServingModel& model, ClosedLoad load, int64_t concurrency, const KneeSla& sla) {
  load.concurrency = concurrency;
  load.requests = 0;
  const ClosedLoopPrediction p = predict_closed_loop(model, load);
  if (sla.ttft_ms && !meets(p.ttft_percentile_ms, *sla.ttft_ms)) return false;
  if (sla.itl_avg_ms && !meets(p.itl_ms, *sla.itl_avg_ms)) return false;
  return true;
}

nlohmann::ordered_json number_or_null(std::optional<double> v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

}  // namespace

int64_t ServingModel::slots(int64_t tokens_per_seq) const {
  int64_t by_kv = kUnlimited;
  if (kv_cache_tokens != kUnlimited) by_kv = tokens_per_seq > 0 ? kv_cache_tokens / tokens_per_seq : kUnlimited;
  return std::min(max_num_seqs, by_kv);
}

ClosedLoopPrediction predict_closed_loop(const ServingModel& model, const ClosedLoad& load) {
  ClosedLoopPrediction p;
  p.slots = model.slots(load.isl + load.osl);
  p.prefill_ms = model.prefill_ms(load.isl);
  if (p.slots == 0) {
    p.step_ms = p.service_ms = p.itl_ms = p.wait_avg_ms = kInf;
    p.ttft_avg_ms = p.ttft_percentile_ms = p.latency_avg_ms = kInf;
    return p;
  }
  const int64_t clients = load.concurrency;
  p.running = std::min(clients, p.slots);
  p.step_ms = model.step_ms(p.running);
  const int64_t osl = load.osl;
  const int64_t first_chunk_tokens = std::min(std::max<int64_t>(load.tokens_per_chunk, 1), osl);
  const double ttft_alone = osl > 0 ? p.prefill_ms + double(first_chunk_tokens - 1) * p.step_ms : p.prefill_ms;
  p.service_ms = osl > 0 ? p.prefill_ms + double(osl - 1) * p.step_ms : p.prefill_ms;
  p.itl_ms = osl >= 2 ? (p.service_ms - ttft_alone) / double(osl - 1) : 0.0;

  double wait_percentile = 0.0;
  if (clients > p.slots && load.requests > 0) {
    std::vector<double> waits = closed_loop_waits(clients, p.slots, p.service_ms, load.requests);
    double sum = 0.0;
    for (double w : waits) sum += w;
    p.wait_avg_ms = sum / double(waits.size());
    std::sort(waits.begin(), waits.end());
    wait_percentile = percentile_linear(waits, load.percentile);
  } else if (clients > p.slots) {
    // Steady state: per round of `slots` requests, r wait m + 1 services and the rest m.
    const int64_t queued = clients - p.slots;
    const int64_t m = queued / p.slots, r = queued % p.slots;
    p.wait_avg_ms = p.service_ms * double(queued) / double(p.slots);
    const bool top = r > 0 && double(r) * 100.0 > (100.0 - load.percentile) * double(p.slots);
    wait_percentile = p.service_ms * double(m + (top ? 1 : 0));
  }
  p.ttft_avg_ms = ttft_alone + p.wait_avg_ms;
  p.ttft_percentile_ms = ttft_alone + wait_percentile;
  p.latency_avg_ms = p.wait_avg_ms + p.service_ms;
  p.request_throughput = p.service_ms > 0 ? 1000.0 * double(p.running) / p.service_ms : kInf;
  return p;
}

std::optional<int64_t> predicted_knee(const ServingModel& model, ClosedLoad load, const KneeSla& sla) {
  // Every prediction is non-decreasing in C, so the concurrencies meeting the SLA are 1..knee.
  constexpr int64_t kFar = int64_t(1) << 40;
  if (!meets_sla(model, load, 1, sla)) return 0;
  if (meets_sla(model, load, kFar, sla)) return std::nullopt;
  int64_t ok = 1, bad = kFar;
  while (bad - ok > 1) {
    const int64_t mid = ok + (bad - ok) / 2;
    (meets_sla(model, load, mid, sla) ? ok : bad) = mid;
  }
  return ok;
}

std::string knee_report_json(const ServingModel& model, const KneeQuery& query) {
  using Json = nlohmann::ordered_json;
  const ClosedLoad& load = query.load;
  const int64_t slots = model.slots(load.isl + load.osl);
  Json out = {{"isl", load.isl},
              {"osl", load.osl},
              {"tokens_per_chunk", load.tokens_per_chunk},
              {"slots", slots == ServingModel::kUnlimited ? Json(nullptr) : Json(slots)},
              {"prefill_ms", model.prefill_ms(load.isl)}};
  if (query.sla.ttft_ms || query.sla.itl_avg_ms) {
    const std::optional<int64_t> knee = predicted_knee(model, load, query.sla);
    out["knee"] = {{"ttft_ms", number_or_null(query.sla.ttft_ms)},
                   {"percentile", load.percentile},
                   {"itl_avg_ms", number_or_null(query.sla.itl_avg_ms)},
                   {"concurrency", knee ? Json(*knee) : Json(nullptr)}};
  }
  if (query.at_concurrency) {
    const ClosedLoopPrediction p = predict_closed_loop(model, load);
    out["at"] = {{"concurrency", load.concurrency},
                 {"requests", load.requests},
                 {"running", p.running},
                 {"step_ms", p.step_ms},
                 {"service_ms", p.service_ms},
                 {"itl_ms", p.itl_ms},
                 {"wait_avg_ms", p.wait_avg_ms},
                 {"ttft_avg_ms", p.ttft_avg_ms},
                 {"ttft_percentile_ms", p.ttft_percentile_ms},
                 {"latency_avg_ms", p.latency_avg_ms},
                 {"request_throughput", p.request_throughput}};
  }
  return out.dump();
}

}  // namespace aiperf::mock
