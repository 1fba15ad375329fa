#pragma once
// What the mock actually did for each reply, on the same CLOCK_MONOTONIC time base as aiperf's
// raw export (`--timing-log`). Comparing a client's stamps with these separates the server's own
// lateness from the client's measurement error.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf::mock {

struct ReplyTiming {
  uint64_t id = 0;             // as in the reply's "id" field (hex after "chatcmpl-"/"cmpl-")
  int64_t read_ns = 0;         // request fully read: the schedule's t0
  int64_t first_due_ns = 0;    // when the first content chunk (or a full reply) was due
  int64_t first_write_ns = 0;  // when it was handed to the socket
  int64_t last_write_ns = 0;
  int64_t chunks = 0;          // content chunks sent
  int64_t max_late_ns = 0;     // over all content chunks: write time minus due time
  int64_t sum_late_ns = 0;
  bool stream = false;
  // What was asked (a test can follow a conversation's history growing turn by turn).
  int64_t messages = 0;            // chat: entries of `messages`
  int64_t assistant_messages = 0;  // chat: replies resent as history
  int64_t prompt_tokens = 0;       // words of all input text
  std::string correlation_id;      // X-Correlation-ID header ("" = none)
  // How it was asked (a test can check connection reuse, affinity headers, replayed bodies).
  uint64_t connection = 0;         // server-wide id of the TCP connection that carried it
  std::string session_headers;     // every X-* header but X-Request-ID, "name: value" joined by "\n"
  uint64_t body_fnv1a = 0;         // 64-bit FNV-1a of the request body bytes
  // Multimodal chat content parts received (the media bytes themselves are ignored).
  int64_t image_parts = 0;         // "image_url" parts
  int64_t audio_parts = 0;         // "input_audio" parts
};

uint64_t fnv1a64(std::string_view bytes);

// One JSON object per line, ordered by read time. Returns "" or a one-line error.
std::string write_timing_log(const std::string& path, const std::vector<const std::vector<ReplyTiming>*>& logs);

}  // namespace aiperf::mock
