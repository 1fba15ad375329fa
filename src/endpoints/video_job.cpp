#include "endpoints/video_job.h"

#include <nlohmann/json.hpp>

namespace aiperf {
namespace {

using nlohmann::json;

VideoJobState state_of(std::string_view status) {
  if (status == "queued" || status == "pending") return VideoJobState::queued;
  if (status == "in_progress" || status == "processing" || status == "running") return VideoJobState::in_progress;
  if (status == "completed" || status == "succeeded") return VideoJobState::completed;
  if (status == "failed" || status == "error" || status == "cancelled") return VideoJobState::failed;
  return VideoJobState::unknown;
}

// Strings as they are; numbers (a `seconds` of 4, a `size` of 1280) as their JSON text.
std::string text_of(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return {};
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number() || it->is_boolean()) return it->dump();
  return {};
}

std::optional<double> number_of(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

std::optional<int64_t> count_of(const json& j, const char* a, const char* b) {
  for (const char* key : {a, b}) {
    auto it = j.find(key);
    if (it != j.end() && it->is_number_integer()) return it->get<int64_t>();
  }
  return std::nullopt;
}

std::string error_text(const json& j) {
  auto it = j.find("error");
  if (it == j.end() || it->is_null()) return {};
  if (it->is_string()) return it->get<std::string>();
  if (it->is_object()) {
    if (std::string m = text_of(*it, "message"); !m.empty()) return m;
    return it->dump();
  }
  return it->dump();
}

}  // namespace

std::optional<VideoJob> parse_video_job(std::string_view text) {
  json j = json::parse(text, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  VideoJob job;
  job.id = text_of(j, "id");
  job.object = text_of(j, "object");
  job.status = text_of(j, "status");
  job.state = state_of(job.status);
  job.progress = number_of(j, "progress");
  job.url = text_of(j, "url");
  job.size = text_of(j, "size");
  job.seconds = text_of(j, "seconds");
  job.quality = text_of(j, "quality");
  job.model = text_of(j, "model");
  job.created_at = number_of(j, "created_at");
  job.completed_at = number_of(j, "completed_at");
  job.expires_at = number_of(j, "expires_at");
  job.inference_time_s = number_of(j, "inference_time_s");
  job.peak_memory_mb = number_of(j, "peak_memory_mb");
  job.error = error_text(j);
  if (auto u = j.find("usage"); u != j.end() && u->is_object() && !u->empty()) {
    TokenUsage usage;
    usage.prompt_tokens = count_of(*u, "prompt_tokens", "input_tokens");
    usage.completion_tokens = count_of(*u, "completion_tokens", "output_tokens");
    usage.total_tokens = count_of(*u, "total_tokens", "total_tokens");
    job.usage = usage;
  }
  return job;
}

}  // namespace aiperf

namespace aiperf {

void parse_video_record(std::string_view body, int64_t perf_ns, ParsedRecord& out) {
  std::optional<VideoJob> job = parse_video_job(body);
  if (!job || job->state != VideoJobState::completed) return;
  ParsedResponse resp;
  resp.perf_ns = perf_ns;
  resp.videos = 1;
  out.responses.push_back(std::move(resp));
  out.usage = job->usage;
  out.video_inference_time_s = job->inference_time_s;
  out.video_peak_memory_mb = job->peak_memory_mb;
}

}  // namespace aiperf
