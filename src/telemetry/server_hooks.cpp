#include "telemetry/server_hooks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <iostream>

#include <nlohmann/json.hpp>

#include "common/clock.h"
#include "common/log.h"
#include "config/enum_names.h"
#include "telemetry/http_client.h"

namespace aiperf {
namespace {

void sleep_seconds(double s) {
  if (!(s > 0)) return;
  timespec ts{time_t(s), long((s - std::floor(s)) * 1e9)};
  while (nanosleep(&ts, &ts) != 0) {
  }
}

double seconds_since(int64_t start_ns) { return double(mono_ns() - start_ns) / 1e9; }

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", s);
  return buf;
}

// "HTTP 503: Loading model", or the transport error: one line, the reply cut short.
std::string reply_problem(const HttpReply& r) {
  std::string text = r.problem();
  if (!r.error.empty() || r.body.empty()) return text;
  std::string body = r.body.substr(0, 200);
  std::replace_if(body.begin(), body.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return text + ": " + body;
}

HttpReply post(HttpClient& http, const ServerHookTargets& t, const std::string& url, double timeout_s) {
  HttpCall call;
  call.method = "POST";
  call.url = url;
  call.headers = t.hook_headers;
  call.timeout_s = timeout_s;
  call.verify_tls = t.verify_tls;
  return http.call(call);
}

// One readiness probe of `target`: "" when it is ready, else what was wrong.
std::string probe(HttpClient& http, const ServerHookTargets& t, const ServerHookTarget& target, WaitForModelMode mode,
                  double timeout_s) {
  HttpCall call;
  call.timeout_s = timeout_s;
  call.verify_tls = t.verify_tls;
  call.headers = t.probe_headers;
  if (mode != WaitForModelMode::inference) {
    call.url = hook_url(target.origin, "/v1/models");
    const HttpReply r = http.call(call);
    if (!r.ok()) return "GET /v1/models: " + reply_problem(r);
    if (std::string m = missing_model(r.body, t.models); !m.empty())
      return "GET /v1/models does not list model '" + m + "'";
    if (mode == WaitForModelMode::models) return {};
  }
  call.method = "POST";
  call.url = target.endpoint_url;
  call.body = t.probe_body;
  const HttpReply r = http.call(call);
  return r.ok() ? std::string() : "1-token request: " + reply_problem(r);
}

}  // namespace

bool reset_status_retryable(long status) { return status == 409 || status == 423 || status == 429 || status == 503; }

double reset_retry_delay(int retry) { return retry >= 4 ? 8.0 : double(1 << std::max(0, retry - 1)); }

std::optional<double> next_reset_retry(int retries_done, double elapsed_s, double budget_s) {
  const double delay = reset_retry_delay(retries_done + 1);
  if (elapsed_s + delay > budget_s) return std::nullopt;
  return delay;
}

std::string missing_model(std::string_view body, const std::vector<std::string>& models) {
  const nlohmann::json j = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("data") || !j["data"].is_array() || j["data"].empty()) return {};
  for (const std::string& m : models) {
    const bool listed = std::any_of(j["data"].begin(), j["data"].end(), [&m](const nlohmann::json& e) {
      return e.is_object() && e.contains("id") && e["id"].is_string() && e["id"].get<std::string>() == m;
    });
    if (!listed) return m;
  }
  return {};
}

std::string hook_url(const std::string& origin, const std::string& path) {
  return origin + (path.starts_with('/') ? "" : "/") + path;
}

void wait_for_model(const ServerHookSettings& s, const ServerHookTargets& t) {
  const int64_t start = mono_ns();
  const double timeout = s.wait_for_model_timeout_s;
  const std::string mode(name_of(s.wait_for_model_mode));
  HttpClient http;
  for (const ServerHookTarget& target : t.targets) {
    int probes = 0;
    while (true) {
      // A probe may use what is left of the wait (a first inference on a cold server is slow),
      // and at least a second, so that the last one after the deadline is a real try.
      const double left = timeout - seconds_since(start);
      const std::string problem = probe(http, t, target, s.wait_for_model_mode, std::max(1.0, left));
      ++probes;
      if (problem.empty()) break;
      log_debug("--wait-for-model: " + target.origin + " not ready (" + mode + "): " + problem);
      const double now_left = timeout - seconds_since(start);
      if (now_left <= 0)
        throw ServerHookError("--wait-for-model-timeout: " + target.endpoint_url + " was not ready (mode " + mode +
                              ") within " + seconds_text(timeout) + " (" + std::to_string(probes) +
                              " probe(s)); last: " + problem);
      sleep_seconds(std::min(s.wait_for_model_interval_s, now_left));
    }
    std::cout << "Server ready: " << target.origin << " (" << mode << ") after " << seconds_text(seconds_since(start))
              << ", " << probes << " probe(s)" << std::endl;
  }
}

void reset_kv_cache(const ServerHookSettings& s, const ServerHookTargets& t, const HookSleep& sleep) {
  HttpClient http;
  for (const ServerHookTarget& target : t.targets) {
    const std::string url = hook_url(target.origin, s.reset_kv_cache_path);
    const int64_t start = mono_ns();
    for (int retries = 0;; ++retries) {
      const HttpReply r = post(http, t, url, s.reset_kv_cache_timeout_s);
      if (r.ok()) break;
      const std::string problem = reply_problem(r);
      std::optional<double> delay;
      if (r.error.empty() && reset_status_retryable(r.status)) delay = next_reset_retry(retries, seconds_since(start));
      if (!delay)
        throw ServerHookError("--reset-kv-cache: POST " + url + " failed: " + problem +
                              (retries ? " (after " + std::to_string(retries) + " retries)" : std::string()));
      log_info("--reset-kv-cache: POST " + url + ": " + problem + "; retrying in " + seconds_text(*delay));
      if (sleep) sleep(*delay);
      else sleep_seconds(*delay);
    }
    std::cout << "KV cache reset: POST " << url << std::endl;
    log_info("--reset-kv-cache: POST " + url + " done");
  }
}

ServerProfiler::ServerProfiler(const ServerHookSettings& settings, const ServerHookTargets& targets)
    : settings_(settings), targets_(targets) {}

ServerProfiler::~ServerProfiler() {
  try {
    stop();
  } catch (...) {  // a warning that could not be written; nothing else can throw here
  }
}

void ServerProfiler::start() {
  if (!enabled()) return;
  HttpClient http;
  for (size_t i = 0; i < targets_.targets.size(); ++i) {
    const std::string url = hook_url(targets_.targets[i].origin, settings_.server_profiler_start_path);
    const HttpReply r = post(http, targets_, url, settings_.server_profiler_timeout_s);
    if (!r.ok()) {
      stop();  // roll back the origins already started
      throw ServerHookError("--server-profiler: POST " + url + " failed: " + reply_problem(r));
    }
    started_.push_back(i);
    log_info("--server-profiler: POST " + url + " done");
  }
}

void ServerProfiler::stop() {
  if (started_.empty()) return;
  HttpClient http;
  for (size_t i : started_) {
    const std::string url = hook_url(targets_.targets[i].origin, settings_.server_profiler_stop_path);
    const HttpReply r = post(http, targets_, url, settings_.server_profiler_timeout_s);
    if (r.ok()) log_info("--server-profiler: POST " + url + " done");
    else log_warning("--server-profiler: POST " + url + " failed: " + reply_problem(r) + " (the profile may be incomplete)");
  }
  started_.clear();
}

}  // namespace aiperf
