#pragma once
// Scrapes the inference servers' Prometheus /metrics beside the run (metrics-and-outputs.md
// §9.1): a baseline before warm-up, one scrape every interval, a final one after profiling.
// One thread and one HTTP client per endpoint, so a hanging endpoint delays nobody; an endpoint
// that fails its first scrape (no /metrics, a JSON reply, refused) is dropped with one notice.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/clock.h"
#include "telemetry/metric_series.h"

namespace aiperf {

struct ScrapeEndpoint {
  std::string url;          // as configured, user-info included (never shown)
  std::string display_url;  // user-info redacted: what artifacts and notices carry
  bool fallback_allowed = false;  // derived from --url: TRT-LLM's /prometheus/metrics is tried too

  // Filled by the scrape thread; read after stop().
  bool reachable = false;
  std::string problem;  // why the endpoint was dropped, or the first mid-run failure
  MetricSeriesStore store;
  int64_t fetches = 0, failures = 0, parse_errors = 0;
  int64_t fetch_latency_ns_total = 0;
  int64_t first_fetch_ns = 0, last_fetch_ns = 0;  // monotonic
  std::vector<int64_t> update_ns;                 // monotonic: scrapes whose body changed
};

class ServerMetricsCollector {
 public:
  // `jsonl_path` empty: no raw file (§9.5).
  ServerMetricsCollector(std::vector<ScrapeEndpoint> endpoints, double interval_s, double timeout_s,
                         std::filesystem::path jsonl_path, ClockAnchor anchor);
  ~ServerMetricsCollector();
  ServerMetricsCollector(const ServerMetricsCollector&) = delete;
  ServerMetricsCollector& operator=(const ServerMetricsCollector&) = delete;

  // Returns after every endpoint's baseline scrape (or its failure), or after kBaselineWaitS:
  // a slow endpoint's baseline then lands during the run and its counters count from there.
  void start();
  static constexpr double kBaselineWaitS = 3.0;
  // stop() lets final scrapes this long to finish before it cuts them short.
  static constexpr double kFinalScrapeGraceS = 2.0;
  // A scrape of every endpoint now, returned from when all answered or after `wait_s`: at a
  // phase boundary, so counters' reference is the state after warm-up, not before it.
  void scrape_now(double wait_s);
  // One final scrape each, then the threads end. Idempotent.
  void stop();

  const std::vector<std::unique_ptr<ScrapeEndpoint>>& endpoints() const { return endpoints_; }
  // The monotonic time of the last final scrape (0 before stop()).
  int64_t final_scrape_ns() const { return final_scrape_ns_; }
  bool jsonl_ok() const { return jsonl_ok_; }

 private:
  void run(ScrapeEndpoint& e);
  bool scrape(ScrapeEndpoint& e, class HttpClient& http, std::string& last_body, bool baseline);
  void write_jsonl(const ScrapeEndpoint& e, const struct PromParseResult& parsed, int64_t sent_ns,
                   int64_t first_byte_ns, int64_t done_ns);

  std::vector<std::unique_ptr<ScrapeEndpoint>> endpoints_;
  double interval_s_, timeout_s_;
  ClockAnchor anchor_;
  std::vector<std::thread> threads_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  size_t baselines_done_ = 0;
  size_t finished_ = 0;  // threads that returned
  size_t scraping_ = 0;          // endpoints past their baseline
  uint64_t scrape_request_ = 0;  // scrape_now() calls so far
  size_t scrape_acks_ = 0;       // endpoints that served the latest call
  std::atomic<bool> abort_{false};
  std::atomic<int64_t> final_scrape_ns_{0};
  std::mutex jsonl_mu_;
  std::FILE* jsonl_ = nullptr;
  bool jsonl_ok_ = true;
  bool stopped_ = false;
};

// <url>/metrics for a --url (scheme added, trailing '/' removed).
std::string server_metrics_url_for(const std::string& endpoint_url);

}  // namespace aiperf
