#pragma once
// The mock's video job API (OpenAI /v1/videos shape): POST creates a job that runs for
// --video-job-ms, GET reports it (queued, in_progress with progress, then completed or failed),
// GET .../content returns its bytes. Shared by every worker thread behind one mutex: the mock
// is not the system under test, and jobs are few. Every poll and download is counted so a test
// can check what a client did (GET /mock/video_jobs).
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "mock_server/mock_config.h"

namespace aiperf::mock {

class VideoJobStore {
 public:
  explicit VideoJobStore(const MockConfig& config) : config_(config) {}

  // A submit with its fields already read (JSON or form): `fields` as name -> value text.
  // Returns the new job's JSON (status queued).
  std::string submit(const std::map<std::string, std::string>& fields, std::string_view request_body,
                     std::string_view content_type, int64_t now_ns);
  // GET /v1/videos/<id>: the job as it stands at `now_ns`, counted as one poll. False: no such job.
  // `host` (--video-url-host, else the request's Host header) makes the completed job's `url`.
  // `authorized`: the request carried an Authorization header (counted: credentials must not
  // follow a download to another origin).
  bool poll(std::string_view id, int64_t now_ns, std::string_view host, bool authorized, std::string& json);
  // GET /v1/videos/<id>/content (`redirect_hop`: answered with a redirect, counted apart): false
  // when there is no such job or it has not completed.
  bool download(std::string_view id, int64_t now_ns, bool redirect_hop, bool authorized);
  // GET /mock/video_jobs: every job with its submit body and counts.
  std::string list() const;

 private:
  struct Job {
    std::string id, model, size, seconds, request_body, content_type;
    int64_t created_ns = 0;
    int64_t created_s = 0;
    bool fails = false;
    uint64_t polls = 0, downloads = 0, redirects = 0;
    uint64_t authorized_polls = 0, authorized_downloads = 0;  // carried an Authorization header
  };
  std::string job_json(const Job& job, int64_t now_ns, std::string_view host) const;
  bool finished(const Job& job, int64_t now_ns) const;

  const MockConfig& config_;
  mutable std::mutex mu_;
  std::map<std::string, Job, std::less<>> jobs_;
  uint64_t submitted_ = 0;
};

// Reads a JSON submit body's top-level members as text (strings as they are, other values as
// JSON). Returns "" or what is wrong with the body.
std::string read_json_video_fields(std::string_view body, std::map<std::string, std::string>& fields);
// The same for a multipart/form-data submit (`content_type` names the boundary): each plain
// field's text; a repeated name keeps its last value.
std::string read_form_video_fields(std::string_view body, std::string_view content_type,
                                   std::map<std::string, std::string>& fields);

}  // namespace aiperf::mock
