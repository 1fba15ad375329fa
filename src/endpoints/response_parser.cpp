#include "endpoints/response_parser.h"

#include <algorithm>
#include <string_view>

#include "endpoints/image_response.h"
#include "endpoints/padded_json.h"
#include "endpoints/openai_message.h"
#include "endpoints/sse_message.h"
#include "endpoints/transcription_response.h"
#include "endpoints/vector_response.h"
#include "endpoints/video_job.h"

namespace aiperf {
namespace {

// HTTP/2 and some HTTP/1.1 servers send no reason phrase; upstream's type is then the
// standard phrase for the status.
std::string reason_or_standard(int status, const std::string& reason) {
  if (!reason.empty()) return reason;
  switch (status) {
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 303: return "See Other";
    case 307: return "Temporary Redirect";
    case 308: return "Permanent Redirect";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Payload Too Large";
    case 422: return "Unprocessable Entity";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    default: return "HTTP " + std::to_string(status);
  }
}

std::string_view chunk_bytes(const RawRecord& r, const ResponseChunk& c) {
  size_t off = std::min<size_t>(c.offset, r.body.size());
  size_t len = std::min<size_t>(c.length, r.body.size() - off);
  return std::string_view(r.body).substr(off, len);
}

std::string_view trim(std::string_view s) {
  constexpr std::string_view ws = " \t\r\n";
  size_t b = s.find_first_not_of(ws);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

bool has_content(const ParsedResponse& r) {
  return !r.text.empty() || !r.reasoning.empty() || r.vector_items > 0 || r.images > 0 || r.videos > 0;
}

// Anthropic streams spread usage over two messages (input tokens in message_start, output tokens
// in message_delta); upstream merges them, a later count replacing an earlier one. Other
// endpoints keep the last usage object whole (docs/metrics.md).
void merge_usage(std::optional<TokenUsage>& into, const TokenUsage& u) {
  if (!into) {
    into = u;
    return;
  }
  auto take = [](std::optional<int64_t>& a, const std::optional<int64_t>& b) {
    if (b) a = b;
  };
  take(into->prompt_tokens, u.prompt_tokens);
  take(into->completion_tokens, u.completion_tokens);
  take(into->reasoning_tokens, u.reasoning_tokens);
  take(into->total_tokens, u.total_tokens);
  take(into->prompt_cache_read_tokens, u.prompt_cache_read_tokens);
}

// Reads one JSON payload; keeps it when it carried content. Returns a payload error.
std::optional<ErrorDetails> take_json(EndpointType type, PaddedJson json, int64_t perf_ns,
                                      ParsedRecord& out) {
  ParsedResponse resp;
  resp.perf_ns = perf_ns;
  OpenAiMessage m = read_openai_message(type, json, resp);
  if (m.not_json && out.streamed && !trim(json.text()).empty()) ++out.invalid_sse_messages;
  if (m.error) return m.error;
  if (is_embeddings(type) || is_rankings(type)) {
    VectorResult v = read_vector_response(type, json);
    // The parser's own rejection is the record's error even in a whole body, unlike a JSON
    // `error` member there (see parse_whole_body).
    if (v.error) {
      out.error = std::move(v.error);
      return std::nullopt;
    }
    resp.vector_items = v.items;
  }
  if (returns_images(type)) add_image_response(type, json, resp);
  if (has_content(resp) && m.usage && m.usage->completion_tokens && !out.first_content_chunk_tokens)
    out.first_content_chunk_tokens = m.usage->completion_tokens;
  if (m.usage && type == EndpointType::messages) merge_usage(out.usage, *m.usage);
  else if (m.usage) out.usage = std::move(m.usage);
  if (m.spec_decode) out.spec_decode = m.spec_decode;
  if (has_content(resp)) out.responses.push_back(std::move(resp));
  return std::nullopt;
}

ErrorDetails sse_event_error(const SseMessage& msg, EndpointType type) {
  // Upstream: an `event: error` message's first comment is the error text; without one, a
  // structured JSON error in its data; else an "unknown error".
  if (msg.has_comment)
    return ErrorDetails{502, "SSEResponseError", "Error occurred in SSE response: " + msg.comment};
  if (msg.has_data) {
    std::string data = msg.data;
    ParsedResponse ignored;
    OpenAiMessage m = read_openai_message(type, data, ignored);
    if (m.error) return *m.error;
  }
  return ErrorDetails{502, "SSEResponseError",
                      "Error occurred in SSE response: Unknown error in SSE response: " +
                          std::string(msg.raw)};
}

void parse_event_stream(EndpointType endpoint_type, const RawRecord& r, ParsedRecord& out) {
  out.responses.reserve(r.chunks.size());  // about one message per chunk: no regrowth
  SseMessage msg;
  for (const ResponseChunk& chunk : r.chunks) {
    SseReader reader(chunk_bytes(r, chunk));
    while (reader.next(msg)) {
      if (msg.error_event) {
        out.error = sse_event_error(msg, endpoint_type);
        return;
      }
      if (!msg.has_data || trim(msg.data) == "[DONE]") continue;
      if (auto err = take_json(endpoint_type, msg.data, chunk.perf_ns, out)) {
        out.error = std::move(err);
        return;
      }
    }
  }
}

void parse_whole_body(EndpointType endpoint_type, const RawRecord& r, ParsedRecord& out) {
  // The transport stamps the non-streaming body once, when it finished arriving.
  int64_t perf_ns = r.chunks.empty() ? r.end_ns : r.chunks.back().perf_ns;
  if (endpoint_type == EndpointType::audio_transcription) return parse_transcription_body(r.body, perf_ns, out);
  if (endpoint_type == EndpointType::video_generation) return parse_video_record(r.body, perf_ns, out);
  // A JSON `error` in a 200 body is not an SSE error; upstream reports such a record as
  // having no content, which the validity check below does.
  // Parsed in the record's buffer (the transport keeps the padding after a body of known
  // length); copied only when there is no room for it.
  if (std::optional<PaddedJson> in_place = PaddedJson::in_place(r.body)) {
    take_json(endpoint_type, *in_place, perf_ns, out);
    return;
  }
  std::string json = r.body;
  take_json(endpoint_type, json, perf_ns, out);
}

// Upstream's validity rule (metrics-and-outputs.md §0): content, sane timestamps.
std::optional<ErrorDetails> validity_error(const RawRecord& r, const ParsedRecord& p) {
  std::string notes;
  auto note = [&notes](const std::string& n) {
    if (!notes.empty()) notes += "; ";
    notes += n;
  };
  if (p.responses.empty()) note(kNoContentMessage);
  if (r.start_ns <= 0) note("Start perf ns timestamp is invalid: " + std::to_string(r.start_ns));
  if (r.end_ns <= r.start_ns)
    note("End perf ns timestamp " + std::to_string(r.end_ns) + " is not after start " +
         std::to_string(r.start_ns));
  for (size_t i = 0; i < p.responses.size(); ++i)
    if (p.responses[i].perf_ns <= 0)
      note("Response " + std::to_string(i) + " perf ns timestamp is invalid: " +
           std::to_string(p.responses[i].perf_ns));
  if (notes.empty()) return std::nullopt;
  return ErrorDetails{std::nullopt, "InvalidInferenceResultError", notes};
}

}  // namespace

ParsedRecord parse_record(EndpointType endpoint_type, const RawRecord& r) {
  ParsedRecord out;
  out.streamed = r.event_stream;
  if (r.error) {
    out.error = r.error;
    return out;
  }
  if (r.was_cancelled) {
    // The transport should have described the cancellation; never count it as a success.
    // No measured time in the message: the error summary groups by message.
    out.error = ErrorDetails{499, "RequestCancellationError", "Request was cancelled"};
    return out;
  }
  if (r.http_status < 200 || r.http_status > 299) {
    out.error = ErrorDetails{r.http_status, reason_or_standard(r.http_status, r.reason), r.body};
    return out;
  }
  if (r.event_stream) parse_event_stream(endpoint_type, r, out);
  else parse_whole_body(endpoint_type, r, out);
  if (!out.error) out.error = validity_error(r, out);
  if (out.error) out.responses.clear();
  return out;
}

}  // namespace aiperf
