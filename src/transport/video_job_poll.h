#pragma once
// What the transport does between a video_generation submit and its record's end
// (workloads-and-endpoints.md §6.5): which URL to poll, when to stop, where the video is
// downloaded from and how a redirect is followed. Pure decisions, no I/O: the worker's
// coroutine (worker_video.cpp) performs them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "endpoints/video_job.h"
#include "transport/endpoint_url.h"

namespace aiperf {

// Run-wide settings of the video job follow-up.
struct VideoPolling {
  int64_t interval_ns = 100'000'000;  // AIPERF_HTTP_VIDEO_POLL_INTERVAL (seconds, default 0.1)
  bool download = false;              // --download-video-content
};

// Reads AIPERF_HTTP_VIDEO_POLL_INTERVAL: seconds > 0 (and at most a day); unset or empty =
// 0.1 s. Throws ConfigError naming the variable.
int64_t video_poll_interval_ns_from_env();

// What a poll reply (or the submit reply) says to do next.
enum class VideoStep { poll_again, completed, failed };

struct VideoDecision {
  VideoStep step = VideoStep::poll_again;
  std::string message;  // failed: the error record's message
};

// A body that is not a job object fails (the server broke the protocol); a job without an
// id fails too (it cannot be polled). `failed` carries the server's error text.
VideoDecision decide_video_step(const std::optional<VideoJob>& job);

// GET <submit path>/<job id>, the submit URL's query string kept at the end.
std::string video_poll_target(std::string_view submit_target, std::string_view job_id);

// An absolute or origin-relative reference, resolved against `base` (the URL it came from).
struct HttpLocation {
  EndpointUrl url;
  bool foreign = false;  // another scheme, host or port than the run's --url: no credentials
};

// --download-video-content: the job's `url` when it gave one, else <poll target>/content.
// Throws std::invalid_argument for a reference that is not http(s) or a path.
HttpLocation video_download_location(const EndpointUrl& origin, std::string_view poll_target,
                                     const VideoJob& job);

// A redirect reply's Location, resolved against the URL that answered, `foreign` judged
// against the run's own `origin`. Throws std::invalid_argument for a missing or unusable one.
HttpLocation redirect_location(const EndpointUrl& origin, const EndpointUrl& from, std::string_view location);

// Same scheme, host (any case) and port.
bool same_origin(const EndpointUrl& a, const EndpointUrl& b);

// 301, 302, 303, 307 and 308 are followed (all as GET: the download has no body).
bool is_redirect(int status);
inline constexpr int kMaxVideoRedirects = 10;

// The GET head for `target` on `url`, built from the run's POST head (`post_head`, its fixed
// part): the request line replaced, Content-Type dropped (no body), and on a foreign origin the
// Host replaced and every credential header (Authorization, Proxy-Authorization, Cookie,
// X-API-Key, api-key) left out. X-Request-ID is the record's own.
std::string video_get_head(std::string_view post_head, const EndpointUrl& url, std::string_view target,
                           bool foreign, std::string_view request_id);

}  // namespace aiperf
