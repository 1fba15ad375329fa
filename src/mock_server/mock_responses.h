#pragma once
// Bytes on the wire: HTTP/1.1 heads, OpenAI-compatible JSON bodies and SSE events
// (workloads-and-endpoints.md §7.4). Everything appends to a caller-owned string so a session
// can reuse its buffers and steady-state formatting allocates nothing.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "mock_server/mock_request.h"
#include "mock_server/spec_decode_counts.h"

namespace aiperf::mock {

// One reply, decided when its request has been read.
struct ReplyPlan {
  ApiKind kind = ApiKind::chat;
  uint64_t id = 0;               // rendered as "chatcmpl-<hex>", "cmpl-<hex>", "resp_<hex>", "msg_<hex>"
  int64_t created = 0;           // unix seconds
  std::string_view model_json;   // model name, already JSON-escaped
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  int64_t tokens_per_chunk = 1;
  uint64_t first_word = 0;       // token i is mock_words()[(first_word + i) % size]
  bool length_limited = true;    // finish_reason "length" (hit max tokens) rather than "stop"
  bool include_usage = false;
  bool continuous_usage = false;
  bool keep_alive = true;
  bool aws_event_stream = false;  // SageMaker response stream: each SSE event in a PayloadPart frame
  SpecDecodeCounts spec_decode;  // reported when draft_tokens_per_step > 0
  bool fail_in_stream = false;   // --stream-error-rate: the stream's tail is an in-stream error event
  // --accuracy-answer-key: the whole reply text (one token) instead of words; not owned.
  std::string_view fixed_text;

  int64_t chunks() const { return (completion_tokens + tokens_per_chunk - 1) / tokens_per_chunk; }
  // Tokens carried by chunks [first, end): the last chunk may be short.
  int64_t tokens_in_chunks(int64_t first, int64_t end) const {
    auto through = [this](int64_t chunk) { return std::min(chunk * tokens_per_chunk, completion_tokens); };
    return through(end) - through(first);
  }
};

void append_json_escaped(std::string& out, std::string_view s);

// `v` written in `base` (10: decimal, 16: lower-case hex), without allocating.
void append_uint(std::string& out, uint64_t v, int base = 10);

// A complete response with a JSON body and Content-Length.
void append_json_response(std::string& out, int status, std::string_view body, bool keep_alive);

// The same with a Prometheus text body (`text/plain; version=0.0.4`).
void append_text_response(std::string& out, int status, std::string_view body, bool keep_alive);

// The same with any Content-Type.
void append_response(std::string& out, int status, std::string_view content_type, std::string_view body,
                     bool keep_alive);

// `{"error":{"message":…,"type":…,"code":status}}` with its head.
void append_error_response(std::string& out, int status, std::string_view message, bool keep_alive);

// A 200 `text/event-stream` head with chunked transfer encoding; the events then go out one
// HTTP chunk each (append_http_chunk) and the body ends with "0\r\n\r\n".
void append_event_stream_head(std::string& out, bool keep_alive);
void append_http_chunk(std::string& out, std::string_view bytes);

// Builds the events of one reply. Owned by a session; `start` rebinds it to the next reply.
class ReplyFormatter {
 public:
  void start(const ReplyPlan& plan);

  // Non-streaming: head and the whole JSON body.
  void append_full_reply(std::string& out);

  // Streaming, in wire order: head; (chat, responses, messages) role / opening events; content events 0..chunks()-1;
  // tail = finish event, usage event if requested, [DONE], end of chunked body.
  void append_stream_head(std::string& out) const;
  void append_role_event(std::string& out);
  void append_content_event(std::string& out, int64_t chunk);
  void append_stream_tail(std::string& out);

 private:
  void append_text(std::string& out, int64_t first_token, int64_t end_token) const;
  void append_usage(std::string& out, int64_t completion_tokens) const;
  void append_spec_decode(std::string& out) const;
  void append_choice_close(std::string& out, bool finished) const;
  void append_event_end(std::string& out, int64_t usage_tokens);
  void frame_event(std::string& out);
  // Responses API and Anthropic replies (vendor_replies.cpp): same slots, their event shapes.
  bool vendor() const { return plan_->kind == ApiKind::responses || plan_->kind == ApiKind::messages; }
  // TGI and Solido RAG replies (generate_replies.cpp).
  bool generate_api() const { return plan_->kind == ApiKind::generate || plan_->kind == ApiKind::rag; }
  void append_generate_full_reply(std::string& out);
  void append_generate_content_event(std::string& out, int64_t chunk, int64_t first_token, int64_t end_token);
  void append_generate_tail(std::string& out);
  void append_stream_error(std::string& out);  // fail_in_stream: the vendor's error event, end of body
  void append_vendor_full_reply(std::string& out);
  void append_vendor_open_events(std::string& out);
  void append_vendor_content_event(std::string& out, int64_t first_token, int64_t end_token);
  void append_vendor_tail(std::string& out);
  void begin_vendor_event(std::string_view name);  // starts `event_`

  const ReplyPlan* plan_ = nullptr;
  std::string chunk_prefix_;  // `data: {"id":…,"choices":[` shared by every event of the reply
  std::string event_;         // scratch: one event before HTTP chunk framing
  std::string frame_;         // scratch: one event in its AWS event-stream frame
};

}  // namespace aiperf::mock
