#include "telemetry/server_metrics_collector.h"

#include <nlohmann/json.hpp>

#include <chrono>

#include "common/log.h"
#include "common/url_credentials.h"
#include "telemetry/http_client.h"
#include "telemetry/prometheus_text.h"

namespace aiperf {

namespace {

bool json_reply(const HttpReply& r) { return r.content_type.find("json") != std::string::npos; }

std::string fallback_url(const std::string& url) {
  const std::string suffix = "/metrics";
  if (url.size() < suffix.size() || url.compare(url.size() - suffix.size(), suffix.size(), suffix) != 0) return {};
  return url.substr(0, url.size() - suffix.size()) + "/prometheus/metrics";
}

}  // namespace

std::string server_metrics_url_for(const std::string& endpoint_url) {
  std::string url = endpoint_url.find("://") == std::string::npos ? "http://" + endpoint_url : endpoint_url;
  while (url.size() > 1 && url.back() == '/') url.pop_back();
  return url + "/metrics";
}

ServerMetricsCollector::ServerMetricsCollector(std::vector<ScrapeEndpoint> endpoints, double interval_s,
                                               double timeout_s, std::filesystem::path jsonl_path, ClockAnchor anchor)
    : interval_s_(interval_s), timeout_s_(timeout_s), anchor_(anchor) {
  for (ScrapeEndpoint& e : endpoints) endpoints_.push_back(std::make_unique<ScrapeEndpoint>(std::move(e)));
  if (!jsonl_path.empty()) {
    jsonl_ = std::fopen(jsonl_path.c_str(), "w");
    if (!jsonl_) {
      jsonl_ok_ = false;
      log_warning("server metrics: cannot create " + jsonl_path.string() + "; the raw scrapes are not written");
    }
  }
}

ServerMetricsCollector::~ServerMetricsCollector() {
  abort_.store(true);
  stop();
}

void ServerMetricsCollector::start() {
  for (auto& e : endpoints_) threads_.emplace_back([this, ep = e.get()] { run(*ep); });
  std::unique_lock lock(mu_);
  wake_.wait_for(lock, std::chrono::duration<double>(kBaselineWaitS),
                 [&] { return baselines_done_ == endpoints_.size(); });
}

void ServerMetricsCollector::scrape_now(double wait_s) {
  std::unique_lock lock(mu_);
  if (stopping_ || scraping_ == 0) return;
  ++scrape_request_;
  scrape_acks_ = 0;
  wake_.notify_all();
  wake_.wait_for(lock, std::chrono::duration<double>(wait_s), [&] { return scrape_acks_ >= scraping_; });
}

void ServerMetricsCollector::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopped_) return;
    stopped_ = true;
    stopping_ = true;
  }
  wake_.notify_all();
  {
    std::unique_lock lock(mu_);
    if (!wake_.wait_for(lock, std::chrono::duration<double>(kFinalScrapeGraceS),
                        [&] { return finished_ == threads_.size(); }))
      abort_.store(true);  // a hanging endpoint must not hold the run's end
  }
  for (std::thread& t : threads_) t.join();
  threads_.clear();
  if (jsonl_) {
    jsonl_ok_ = jsonl_ok_ && std::fflush(jsonl_) == 0;
    jsonl_ok_ = std::fclose(jsonl_) == 0 && jsonl_ok_;
    jsonl_ = nullptr;
  }
}

void ServerMetricsCollector::run(ScrapeEndpoint& e) {
  struct Finished {
    ServerMetricsCollector* self;
    ~Finished() {
      {
        std::lock_guard lock(self->mu_);
        ++self->finished_;
      }
      self->wake_.notify_all();
    }
  } finished{this};
  HttpClient http;
  std::string last_body;
  const bool ok = scrape(e, http, last_body, true);
  uint64_t served = 0;
  {
    std::lock_guard lock(mu_);
    ++baselines_done_;
    if (ok) ++scraping_;
    served = scrape_request_;
  }
  wake_.notify_all();
  if (!ok) return;
  const auto interval = std::chrono::nanoseconds(int64_t(interval_s_ * 1e9));
  for (;;) {
    bool last, requested;
    {
      std::unique_lock lock(mu_);
      wake_.wait_for(lock, interval, [&] { return stopping_ || scrape_request_ != served; });
      last = stopping_;
      requested = scrape_request_ != served;
      served = scrape_request_;
    }
    scrape(e, http, last_body, false);
    if (requested) {
      {
        std::lock_guard lock(mu_);
        ++scrape_acks_;
      }
      wake_.notify_all();
    }
    if (last) {
      int64_t t = e.last_fetch_ns;
      int64_t prev = final_scrape_ns_.load();
      while (t > prev && !final_scrape_ns_.compare_exchange_weak(prev, t)) {
      }
      return;
    }
  }
}

bool ServerMetricsCollector::scrape(ScrapeEndpoint& e, HttpClient& http, std::string& last_body, bool baseline) {
  HttpCall call;
  call.url = e.url;
  call.timeout_s = timeout_s_;
  call.abort = &abort_;
  call.headers = {"Accept: text/plain;version=0.0.4;q=0.9, application/openmetrics-text;version=1.0.0;q=0.5, */*;q=0.1"};
  HttpReply reply = http.call(call);
  if (baseline && !reply.ok() && e.fallback_allowed && reply.error.empty()) {
    // TensorRT-LLM serves its metrics under /prometheus/metrics.
    HttpCall retry = call;
    retry.url = fallback_url(e.url);
    if (!retry.url.empty()) {
      HttpReply second = http.call(retry);
      if (second.ok() && !json_reply(second)) {
        e.url = retry.url;
        e.display_url = redact_url_credentials(retry.url);
        reply = std::move(second);
      }
    }
  }
  ++e.fetches;
  if (e.first_fetch_ns == 0) e.first_fetch_ns = reply.sent_ns;
  e.last_fetch_ns = reply.done_ns;
  e.fetch_latency_ns_total += reply.done_ns - reply.sent_ns;
  std::string problem;
  if (!reply.ok()) problem = reply.problem();
  else if (json_reply(reply)) problem = "it answered JSON (" + reply.content_type + "), not Prometheus text";
  if (!problem.empty()) {
    ++e.failures;
    if (baseline) {
      e.problem = problem;
      log_warning("server metrics: " + e.display_url + " is not scraped: " + problem);
      return false;
    }
    if (e.failures == 1 && reply.error != "cancelled") {
      e.problem = problem;
      log_warning("server metrics: a scrape of " + e.display_url + " failed (" + problem +
                  "); the run goes on and later scrapes are kept");
    }
    return true;
  }
  e.reachable = true;
  if (reply.body == last_body) return true;  // unchanged: neither parsed nor stored again (§8.1)
  last_body = std::move(reply.body);
  const PromParseResult parsed = parse_prometheus_text(last_body);
  if (parsed.error_count > 0 && e.parse_errors++ == 0)
    log_warning("server metrics: " + e.display_url + " published " + std::to_string(parsed.error_count) +
                " malformed line(s), skipped; first: " + parsed.errors.front());
  e.store.add_scrape(parsed, reply.done_ns);
  e.update_ns.push_back(reply.done_ns);
  write_jsonl(e, parsed, reply.sent_ns, reply.first_byte_ns, reply.done_ns);
  return true;
}

void ServerMetricsCollector::write_jsonl(const ScrapeEndpoint& e, const PromParseResult& parsed, int64_t sent_ns,
                                         int64_t first_byte_ns, int64_t done_ns) {
  if (!jsonl_) return;
  using ojson = nlohmann::ordered_json;
  ojson metrics = ojson::object();
  auto labels_json = [](const PromLabels& labels) {
    ojson o = ojson::object();
    for (const auto& [k, v] : labels)
      if (k != "le") o[k] = v;
    return o;
  };
  for (const PromFamily& f : parsed.families) {
    if (f.type == PromType::summary || f.type == PromType::gaugehistogram) continue;
    if (f.type == PromType::histogram) {
      std::map<std::string, ojson> groups;  // by label text
      for (const PromSample& s : f.samples) {
        const ojson l = labels_json(s.labels);
        ojson& g = groups[l.dump()];
        if (g.is_null()) g = ojson{{"labels", l}, {"buckets", ojson::object()}, {"sum", nullptr}, {"count", nullptr}};
        if (s.suffix == "_bucket") {
          if (const std::string* le = find_label(s.labels, "le")) g["buckets"][*le] = s.value;
        } else if (s.suffix == "_sum") {
          g["sum"] = s.value;
        } else if (s.suffix == "_count") {
          g["count"] = s.value;
        }
      }
      ojson& rows = metrics[f.name];
      rows = ojson::array();
      for (auto& [k, g] : groups) rows.push_back(std::move(g));
      continue;
    }
    for (const PromSample& s : f.samples) {
      if (s.suffix == "_created") continue;
      ojson& rows = metrics[f.name + s.suffix];
      if (rows.is_null()) rows = ojson::array();
      rows.push_back(ojson{{"labels", labels_json(s.labels)}, {"value", s.value}});
    }
  }
  ojson line = {{"endpoint_url", e.display_url},
                {"timestamp_ns", anchor_.to_wall(done_ns)},
                {"endpoint_latency_ns", done_ns - sent_ns},
                {"request_sent_ns", anchor_.to_wall(sent_ns)},
                {"first_byte_ns", first_byte_ns ? ojson(anchor_.to_wall(first_byte_ns)) : ojson(nullptr)},
                {"metrics", std::move(metrics)}};
  const std::string text = line.dump(-1, ' ', false, ojson::error_handler_t::replace) + "\n";
  std::lock_guard lock(jsonl_mu_);
  if (std::fwrite(text.data(), 1, text.size(), jsonl_) != text.size()) jsonl_ok_ = false;
}

}  // namespace aiperf
