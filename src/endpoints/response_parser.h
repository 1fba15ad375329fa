#pragma once
// Turns one RawRecord's bytes into content responses, token usage and an error verdict
// (workloads-and-endpoints.md §7.4, metrics-and-outputs.md §0). Runs on the record
// processor thread, once per record; nothing here touches a clock.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/error_details.h"
#include "config/profile_config.h"
#include "records/raw_record.h"

namespace aiperf {

// Server-reported token counts, normalised across vendor spellings. Absent = not reported
// (never 0 by default).
struct TokenUsage {
  std::optional<int64_t> prompt_tokens;      // prompt_tokens | input_tokens
  std::optional<int64_t> completion_tokens;  // completion_tokens | output_tokens
  std::optional<int64_t> reasoning_tokens;   // completion_tokens_details.reasoning_tokens
  std::optional<int64_t> total_tokens;
  std::optional<int64_t> prompt_cache_read_tokens;  // prompt_tokens_details.cached_tokens |
                                                    // cache_read_input_tokens
};

// vLLM's per-request speculative-decoding counts (root `metrics.speculative_decoding`, sent with
// --per-request-spec-decode-metrics; metrics-and-outputs.md §1.8). A field the server left out
// or sent as a non-integer or negative number is absent.
struct SpecDecodeStats {
  std::optional<int64_t> num_spec_steps;             // verification steps
  std::optional<int64_t> num_accepted_draft_tokens;  // draft tokens the target model accepted
  std::optional<int64_t> num_draft_tokens;           // draft tokens proposed
};

// One response message that carried content. Role-only deltas, empty strings, usage-only
// chunks, [DONE] and unparsable JSON never become a ParsedResponse.
struct ParsedResponse {
  int64_t perf_ns = 0;    // monotonic arrival time of the message
  std::string text;       // output text: content, then tool-call name + arguments
  std::string reasoning;  // reasoning_content (or `reasoning`)
  int64_t vector_items = 0;  // embeddings / rankings / image_retrieval: vectors, scores or results (no text)
  int64_t images = 0;        // image_generation / image_edit: images received (no text)
  bool partial_image = false;  // those images are streamed previews (partial_images), not results
  int64_t videos = 0;        // video_generation: completed video jobs (the job's JSON, no text)
};

struct ParsedRecord {
  std::vector<ParsedResponse> responses;  // content responses only, in arrival order
  std::optional<TokenUsage> usage;        // from the last message with a non-empty usage
  std::optional<SpecDecodeStats> spec_decode;  // from the last message that carried one
  std::optional<ErrorDetails> error;      // set => error record; `responses` is then empty
  bool streamed = false;                  // the body really was text/event-stream
  // SSE messages whose data is not JSON at all: skipped, but counted (metadata
  // invalid_sse_messages in profile_export.jsonl, one warning per run).
  uint32_t invalid_sse_messages = 0;
  // Cumulative usage.completion_tokens on the first content message that carries usage (with
  // --per-chunk-usage the server sends usage on every chunk): the tokens of that first chunk.
  std::optional<int64_t> first_content_chunk_tokens;
  // video_generation: the completed job's own figures (video_inference_time, video_peak_memory).
  std::optional<double> video_inference_time_s;
  std::optional<double> video_peak_memory_mb;
};

// Upstream's message for an HTTP-success record that produced no content.
inline constexpr const char* kNoContentMessage =
    "No responses with actual content were received from the server (only usage/metadata, "
    "null/empty data, or [DONE] markers)";

ParsedRecord parse_record(EndpointType endpoint_type, const RawRecord& record);

}  // namespace aiperf
