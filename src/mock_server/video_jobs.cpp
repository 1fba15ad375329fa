#include "mock_server/video_jobs.h"

#include <cmath>
#include <ctime>
#include <optional>

#include <nlohmann/json.hpp>

#include "common/multipart_parser.h"

namespace aiperf::mock {
namespace {

using ojson = nlohmann::ordered_json;

std::string field_or(const std::map<std::string, std::string>& fields, const char* key, const char* fallback) {
  auto it = fields.find(key);
  return it == fields.end() ? fallback : it->second;
}

}  // namespace

std::string read_json_video_fields(std::string_view body, std::map<std::string, std::string>& fields) {
  ojson j = ojson::parse(body, nullptr, false);
  if (!j.is_object()) return "request body is not a JSON object";
  for (const auto& [key, value] : j.items()) fields[key] = value.is_string() ? value.get<std::string>() : value.dump();
  if (!fields.contains("prompt")) return "missing 'prompt'";
  return {};
}

std::string read_form_video_fields(std::string_view body, std::string_view content_type,
                                   std::map<std::string, std::string>& fields) {
  std::optional<std::string> boundary = multipart_boundary_of(content_type);
  if (!boundary) return "Content-Type '" + std::string(content_type) + "' names no multipart boundary";
  std::string error;
  auto parts = parse_multipart_form(body, *boundary, &error);
  if (!parts) return "malformed multipart/form-data body: " + error;
  for (const ParsedFormPart& part : *parts)
    if (!part.has_filename) fields[part.name] = std::string(part.value);
  if (!fields.contains("prompt")) return "missing 'prompt'";
  return {};
}

std::string VideoJobStore::submit(const std::map<std::string, std::string>& fields, std::string_view request_body,
                                  std::string_view content_type, int64_t now_ns) {
  std::lock_guard lock(mu_);
  const uint64_t n = submitted_++;
  Job job;
  job.id = "video_" + std::to_string(n + 1);
  job.model = field_or(fields, "model", config_.model.c_str());
  job.size = field_or(fields, "size", "1280x720");
  job.seconds = field_or(fields, "seconds", "4");
  job.request_body = request_body;
  job.content_type = content_type;
  job.created_ns = now_ns;
  job.created_s = int64_t(std::time(nullptr));
  // Job n fails when the count of failures due so far steps up: exactly the fraction, evenly.
  const double r = config_.video_fail_rate;
  job.fails = std::floor(double(n + 1) * r) > std::floor(double(n) * r);
  std::string json = job_json(job, now_ns, {});
  std::string id = job.id;
  jobs_.emplace(std::move(id), std::move(job));
  return json;
}

bool VideoJobStore::finished(const Job& job, int64_t now_ns) const {
  return double(now_ns - job.created_ns) >= config_.video_job_ms * 1e6;
}

std::string VideoJobStore::job_json(const Job& job, int64_t now_ns, std::string_view host) const {
  ojson j{{"id", job.id}, {"object", "video"}, {"model", job.model}, {"created_at", job.created_s},
          {"size", job.size}, {"seconds", job.seconds}};
  const double elapsed_ms = double(now_ns - job.created_ns) / 1e6;
  if (!finished(job, now_ns)) {
    const bool queued = job.polls == 0 || elapsed_ms < config_.video_job_ms * 0.1;
    j["status"] = queued ? "queued" : "in_progress";
    j["progress"] = queued ? 0 : int(std::floor(elapsed_ms / config_.video_job_ms * 100));
    return j.dump();
  }
  if (job.fails) {
    j["status"] = "failed";
    j["progress"] = 100;
    j["error"] = {{"code", "mock_failure"}, {"message", "injected video failure (--video-fail-rate) for " + job.id}};
    return j.dump();
  }
  j["status"] = "completed";
  j["progress"] = 100;
  j["completed_at"] = job.created_s + int64_t(std::ceil(config_.video_job_ms / 1000));
  j["expires_at"] = job.created_s + 3600;
  j["quality"] = "standard";
  j["inference_time_s"] = config_.video_job_ms / 1000;
  j["peak_memory_mb"] = config_.video_peak_memory_mb;
  if (config_.video_url_in_job && !host.empty()) {
    const std::string origin = config_.video_url_host.empty() ? std::string(host) : config_.video_url_host;
    j["url"] = std::string(config_.tls() ? "https://" : "http://") + origin + "/v1/videos/" + job.id + "/content";
  }
  return j.dump();
}

bool VideoJobStore::poll(std::string_view id, int64_t now_ns, std::string_view host, bool authorized,
                         std::string& json) {
  std::lock_guard lock(mu_);
  auto it = jobs_.find(id);
  if (it == jobs_.end()) return false;
  json = job_json(it->second, now_ns, host);
  ++it->second.polls;
  if (authorized) ++it->second.authorized_polls;
  return true;
}

bool VideoJobStore::download(std::string_view id, int64_t now_ns, bool redirect_hop, bool authorized) {
  std::lock_guard lock(mu_);
  auto it = jobs_.find(id);
  if (it == jobs_.end() || !finished(it->second, now_ns) || it->second.fails) return false;
  ++(redirect_hop ? it->second.redirects : it->second.downloads);
  if (authorized) ++it->second.authorized_downloads;
  return true;
}

std::string VideoJobStore::list() const {
  std::lock_guard lock(mu_);
  ojson jobs = ojson::array();
  for (const auto& [id, job] : jobs_)
    jobs.push_back({{"id", id}, {"polls", job.polls}, {"downloads", job.downloads},
                    {"redirects", job.redirects}, {"fails", job.fails},
                    {"authorized_polls", job.authorized_polls}, {"authorized_downloads", job.authorized_downloads},
                    {"content_type", job.content_type}, {"request_body", job.request_body}});
  return ojson{{"jobs", std::move(jobs)}}.dump();
}

}  // namespace aiperf::mock
