#pragma once
// One video job as the server describes it (OpenAI's /v1/videos object, workloads-and-endpoints.md
// §6.5): the submit reply, every poll reply and the completed job share this shape. Read by the
// transport (to decide whether to poll on) and by the response parser (for the video metrics).
#include <optional>
#include <string>
#include <string_view>

#include "endpoints/response_parser.h"

namespace aiperf {

enum class VideoJobState { queued, in_progress, completed, failed, unknown };

struct VideoJob {
  std::string id;
  std::string object;
  std::string status;  // as sent
  VideoJobState state = VideoJobState::unknown;
  std::optional<double> progress;
  std::string url;  // where the finished video can be fetched; "" = not given
  std::string size, seconds, quality, model;  // numbers the server sent are kept as their JSON text
  std::optional<double> created_at, completed_at, expires_at;
  std::optional<double> inference_time_s;  // video_inference_time
  std::optional<double> peak_memory_mb;    // video_peak_memory
  std::string error;                       // the failed job's message ("" = none)
  std::optional<TokenUsage> usage;
};

// Not a JSON object: nullopt. Unknown members are ignored; a member of the wrong type is absent.
// `error` may be a string or an object with a `message` (and `code`), as servers differ.
std::optional<VideoJob> parse_video_job(std::string_view json);

}  // namespace aiperf

namespace aiperf {

// The record of a video_generation request carries the completed job's JSON (the transport
// polled until then): one content response stamped `perf_ns`, the server's usage and the
// video figures. A body that is not a completed job leaves `out` without content (an error
// record, as any HTTP-success body without content).
void parse_video_record(std::string_view body, int64_t perf_ns, ParsedRecord& out);

}  // namespace aiperf
