#include "mock_server/mock_responses.h"

#include <algorithm>
#include <charconv>

#include "common/aws_event_stream.h"
#include "mock_server/mock_word_list.h"

namespace aiperf::mock {
namespace {

void append_int(std::string& out, int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void append_hex(std::string& out, uint64_t v) {
  char buf[20];
  auto r = std::to_chars(buf, buf + sizeof buf, v, 16);
  out.append(buf, r.ptr);
}

std::string_view reason_phrase(int status) {
  switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 413: return "Payload Too Large";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    default: return "Unknown";
  }
}

// content_length < 0 selects chunked transfer encoding.
void append_head(std::string& out, int status, std::string_view content_type, int64_t content_length,
                 bool keep_alive) {
  out += "HTTP/1.1 ";
  append_int(out, status);
  out += ' ';
  out += reason_phrase(status);
  out += "\r\nContent-Type: ";
  out += content_type;
  if (content_length >= 0) {
    out += "\r\nContent-Length: ";
    append_int(out, content_length);
  } else {
    out += "\r\nCache-Control: no-cache\r\nTransfer-Encoding: chunked";
  }
  out += keep_alive ? "\r\nConnection: keep-alive\r\n\r\n" : "\r\nConnection: close\r\n\r\n";
}

// `{"id":…,"object":…,"created":…,"model":…,"choices":[`
void append_object_start(std::string& out, const ReplyPlan& p, std::string_view object) {
  out += p.kind == ApiKind::chat ? R"({"id":"chatcmpl-)" : R"({"id":"cmpl-)";
  append_hex(out, p.id);
  out += R"(","object":")";
  out += object;
  out += R"(","created":)";
  append_int(out, p.created);
  out += R"(,"model":")";
  out += p.model_json;
  out += R"(","choices":[)";
}

std::string_view finish_reason(const ReplyPlan& p) { return p.length_limited ? "length" : "stop"; }

}  // namespace

void append_uint(std::string& out, uint64_t v, int base) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v, base);
  out.append(buf, r.ptr);
}

void append_json_escaped(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      out += "\\u00";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
}

void append_json_response(std::string& out, int status, std::string_view body, bool keep_alive) {
  append_head(out, status, "application/json", static_cast<int64_t>(body.size()), keep_alive);
  out += body;
}

void append_text_response(std::string& out, int status, std::string_view body, bool keep_alive) {
  append_head(out, status, "text/plain; version=0.0.4", static_cast<int64_t>(body.size()), keep_alive);
  out += body;
}

void append_response(std::string& out, int status, std::string_view content_type, std::string_view body,
                     bool keep_alive) {
  append_head(out, status, content_type, static_cast<int64_t>(body.size()), keep_alive);
  out += body;
}

void append_error_response(std::string& out, int status, std::string_view message, bool keep_alive) {
  std::string body = R"({"error":{"message":")";
  append_json_escaped(body, message);
  body += R"(","type":")";
  body += status >= 500 ? "server_error" : "invalid_request_error";
  body += R"(","code":)";
  append_int(body, status);
  body += "}}";
  append_json_response(out, status, body, keep_alive);
}

void ReplyFormatter::start(const ReplyPlan& plan) {
  plan_ = &plan;
  chunk_prefix_.assign("data: ");
  append_object_start(chunk_prefix_, plan,
                      plan.kind == ApiKind::chat ? "chat.completion.chunk" : "text_completion");
}

void ReplyFormatter::append_text(std::string& out, int64_t first_token, int64_t end_token) const {
  if (!plan_->fixed_text.empty()) {
    if (first_token == 0 && end_token > 0) append_json_escaped(out, plan_->fixed_text);
    return;
  }
  auto words = mock_words();
  uint64_t w = (plan_->first_word + static_cast<uint64_t>(first_token)) % words.size();
  for (int64_t i = first_token; i < end_token; ++i) {
    out += words[w];
    w = w + 1 == words.size() ? 0 : w + 1;
  }
}

void ReplyFormatter::append_usage(std::string& out, int64_t completion_tokens) const {
  out += R"("usage":{"prompt_tokens":)";
  append_int(out, plan_->prompt_tokens);
  out += R"(,"completion_tokens":)";
  append_int(out, completion_tokens);
  out += R"(,"total_tokens":)";
  append_int(out, plan_->prompt_tokens + completion_tokens);
  out += '}';
}

// `,"metrics":{"speculative_decoding":{…}}` after the usage object, vLLM's field names.
void ReplyFormatter::append_spec_decode(std::string& out) const {
  const SpecDecodeCounts& c = plan_->spec_decode;
  if (c.draft_tokens_per_step <= 0) return;
  auto ratio = [&out](double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
  };
  out += R"(,"metrics":{"speculative_decoding":{"mean_acceptance_length":)";
  ratio(c.steps > 0 ? 1.0 + double(c.accepted) / double(c.steps) : 0.0);
  out += R"(,"draft_acceptance_rate":)";
  ratio(c.drafts > 0 ? double(c.accepted) / double(c.drafts) : 0.0);
  out += R"(,"acceptance_histogram":[)";
  for (int64_t j = 0; j <= c.draft_tokens_per_step; ++j) {
    if (j > 0) out += ',';
    append_int(out, c.histogram(j));
  }
  out += R"(],"num_spec_steps":)";
  append_int(out, c.steps);
  out += R"(,"num_accepted_draft_tokens":)";
  append_int(out, c.accepted);
  out += R"(,"num_draft_tokens":)";
  append_int(out, c.drafts);
  out += R"(,"num_spec_tokens":)";
  append_int(out, c.draft_tokens_per_step);
  out += "}}";
}

void ReplyFormatter::append_choice_close(std::string& out, bool finished) const {
  out += R"(,"logprobs":null,"finish_reason":)";
  if (finished) {
    out += '"';
    out += finish_reason(*plan_);
    out += "\"}";
  } else {
    out += "null}";
  }
}

// Only continuous_usage_stats puts usage on every event; usage_tokens < 0 never does.
// Closes the event in `event_` and frames it onto `out`.
void ReplyFormatter::append_event_end(std::string& out, int64_t usage_tokens) {
  event_ += ']';
  if (plan_->continuous_usage && usage_tokens >= 0) {
    event_ += ',';
    append_usage(event_, usage_tokens);
  }
  event_ += "}\n\n";
  frame_event(out);
}

// Each SSE event travels as one HTTP chunk, as vLLM and SGLang send them.
void ReplyFormatter::frame_event(std::string& out) {
  std::string_view bytes = event_;
  if (plan_->aws_event_stream) {
    frame_.clear();
    append_aws_payload_part(frame_, event_);
    bytes = frame_;
  }
  append_hex(out, bytes.size());
  out += "\r\n";
  out += bytes;
  out += "\r\n";
}

void ReplyFormatter::append_full_reply(std::string& out) {
  if (vendor()) return append_vendor_full_reply(out);
  if (generate_api()) return append_generate_full_reply(out);
  const ReplyPlan& p = *plan_;
  event_.clear();
  if (p.kind == ApiKind::chat) {
    append_object_start(event_, p, "chat.completion");
    event_ += R"({"index":0,"message":{"role":"assistant","content":")";
    append_text(event_, 0, p.completion_tokens);
    event_ += "\"}";
  } else {
    append_object_start(event_, p, "text_completion");
    event_ += R"({"index":0,"text":")";
    append_text(event_, 0, p.completion_tokens);
    event_ += '"';
  }
  append_choice_close(event_, true);
  event_ += "],";
  append_usage(event_, p.completion_tokens);
  append_spec_decode(event_);
  event_ += '}';
  append_json_response(out, 200, event_, p.keep_alive);
}

void ReplyFormatter::append_stream_head(std::string& out) const {
  append_head(out, 200, plan_->aws_event_stream ? "application/vnd.amazon.eventstream" : "text/event-stream", -1,
              plan_->keep_alive);
}

void ReplyFormatter::append_role_event(std::string& out) {
  if (vendor()) return append_vendor_open_events(out);
  if (generate_api()) return;  // neither API sends an opening event
  event_ = chunk_prefix_;
  event_ += R"({"index":0,"delta":{"role":"assistant","content":""})";
  append_choice_close(event_, false);
  append_event_end(out, 0);
}

void ReplyFormatter::append_content_event(std::string& out, int64_t chunk) {
  const ReplyPlan& p = *plan_;
  int64_t first = chunk * p.tokens_per_chunk;
  int64_t end = std::min(first + p.tokens_per_chunk, p.completion_tokens);
  if (vendor()) return append_vendor_content_event(out, first, end);
  if (generate_api()) return append_generate_content_event(out, chunk, first, end);
  event_ = chunk_prefix_;
  event_ += p.kind == ApiKind::chat ? R"({"index":0,"delta":{"content":")" : R"({"index":0,"text":")";
  append_text(event_, first, end);
  event_ += p.kind == ApiKind::chat ? "\"}" : "\"";
  append_choice_close(event_, false);
  append_event_end(out, end);
}

void ReplyFormatter::append_stream_tail(std::string& out) {
  if (plan_->fail_in_stream) return append_stream_error(out);
  if (vendor()) return append_vendor_tail(out);
  if (generate_api()) return append_generate_tail(out);
  const ReplyPlan& p = *plan_;
  event_ = chunk_prefix_;
  event_ += p.kind == ApiKind::chat ? R"({"index":0,"delta":{})" : R"({"index":0,"text":"")";
  append_choice_close(event_, true);
  append_event_end(out, p.completion_tokens);
  if (p.include_usage) {
    event_ = chunk_prefix_;
    event_ += "],";
    append_usage(event_, p.completion_tokens);
    append_spec_decode(event_);  // vLLM: once, in the final usage-only chunk
    event_ += "}\n\n";
    frame_event(out);
  }
  event_ = "data: [DONE]\n\n";
  frame_event(out);
  out += "0\r\n\r\n";
}

void append_event_stream_head(std::string& out, bool keep_alive) {
  append_head(out, 200, "text/event-stream", -1, keep_alive);
}

void append_http_chunk(std::string& out, std::string_view bytes) {
  append_hex(out, bytes.size());
  out += "\r\n";
  out += bytes;
  out += "\r\n";
}

}  // namespace aiperf::mock
