// The mock's Hugging Face TGI and Solido RAG replies (workloads-and-endpoints.md §7.4, shapes in
// docs/mock-server.md), and the in-stream error event of --stream-error-rate for every API.
#include "mock_server/mock_responses.h"
#include "mock_server/mock_word_list.h"

namespace aiperf::mock {
namespace {

// TGI's finish reasons: "length" (max_new_tokens reached) or "eos_token".
void append_tgi_details(std::string& out, const ReplyPlan& p) {
  out += R"({"finish_reason":")";
  out += p.length_limited ? "length" : "eos_token";
  out += R"(","generated_tokens":)";
  append_uint(out, uint64_t(p.completion_tokens));
  out += R"(,"seed":null})";
}

// What a RAG service cites; fixed, as only its presence matters to a client.
constexpr std::string_view kSolidoSources =
    R"("sources":[{"title":"Solido Design Environment User Guide","family":"Solido","tool":"SDE","page":12}])";

}  // namespace

void ReplyFormatter::append_generate_full_reply(std::string& out) {
  const ReplyPlan& p = *plan_;
  if (p.kind == ApiKind::generate) {
    event_ = R"({"generated_text":")";
    append_text(event_, 0, p.completion_tokens);
    event_ += R"(","details":)";
    append_tgi_details(event_, p);
    event_ += '}';
  } else {
    event_ = R"({"content":")";
    append_text(event_, 0, p.completion_tokens);
    event_ += "\",";
    event_ += kSolidoSources;
    event_ += '}';
  }
  append_json_response(out, 200, event_, p.keep_alive);
}

// TGI: one event per chunk; the last one also carries the whole generated_text and details
// (clients must not count that text twice). Solido: {"content": piece} per chunk.
void ReplyFormatter::append_generate_content_event(std::string& out, int64_t chunk, int64_t first_token,
                                                   int64_t end_token) {
  const ReplyPlan& p = *plan_;
  if (p.kind == ApiKind::rag) {
    event_ = R"(data: {"content":")";
    append_text(event_, first_token, end_token);
    event_ += "\"}\n\n";
    frame_event(out);
    return;
  }
  const bool last = chunk + 1 == p.chunks() && !p.fail_in_stream;
  event_ = R"(data:{"index":)";
  append_uint(event_, uint64_t(chunk + 1));
  event_ += R"(,"token":{"id":)";
  append_uint(event_, (p.first_word + uint64_t(first_token)) % mock_words().size());
  event_ += R"(,"text":")";
  append_text(event_, first_token, end_token);
  event_ += R"(","logprob":-0.25,"special":false},"generated_text":)";
  if (last) {
    event_ += '"';
    append_text(event_, 0, p.completion_tokens);
    event_ += R"(","details":)";
    append_tgi_details(event_, p);
  } else {
    event_ += R"(null,"details":null)";
  }
  event_ += "}\n\n";
  frame_event(out);
}

// TGI's final event went out with the last token; Solido ends with its sources.
void ReplyFormatter::append_generate_tail(std::string& out) {
  if (plan_->kind == ApiKind::rag) {
    event_ = R"(data: {"content":"",)";
    event_ += kSolidoSources;
    event_ += "}\n\n";
    frame_event(out);
  }
  out += "0\r\n\r\n";
}

// A server that fails after streaming some tokens sends an error event and ends the stream.
void ReplyFormatter::append_stream_error(std::string& out) {
  constexpr std::string_view kMessage = "injected mid-stream failure (--stream-error-rate)";
  if (plan_->kind == ApiKind::generate) {
    event_ = R"(data:{"error":")";
    event_ += kMessage;
    event_ += R"(","error_type":"generation"})";
  } else {
    event_ = R"(data: {"error":{"message":")";
    event_ += kMessage;
    event_ += R"(","type":"server_error","code":500}})";
  }
  event_ += "\n\n";
  frame_event(out);
  out += "0\r\n\r\n";
}

}  // namespace aiperf::mock
