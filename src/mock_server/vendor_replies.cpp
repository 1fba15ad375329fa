// The mock's OpenAI Responses API and Anthropic Messages API replies
// (workloads-and-endpoints.md §7.4): the same token schedule as chat, in those vendors' event
// shapes. Usage is always reported, as both APIs do.
#include "mock_server/mock_responses.h"

namespace aiperf::mock {
namespace {

void append_id(std::string& out, const ReplyPlan& p) {
  out += p.kind == ApiKind::responses ? "resp_" : "msg_";
  append_uint(out, p.id, 16);
}

void append_responses_usage(std::string& out, const ReplyPlan& p) {
  out += R"("usage":{"input_tokens":)";
  append_uint(out, uint64_t(p.prompt_tokens));
  out += R"(,"input_tokens_details":{"cached_tokens":0},"output_tokens":)";
  append_uint(out, uint64_t(p.completion_tokens));
  out += R"(,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":)";
  append_uint(out, uint64_t(p.prompt_tokens + p.completion_tokens));
  out += '}';
}

// `{"id":"resp_…","object":"response","created_at":…,"status":…,"model":"…",`
void append_response_start(std::string& out, const ReplyPlan& p, std::string_view status) {
  out += R"({"id":")";
  append_id(out, p);
  out += R"(","object":"response","created_at":)";
  append_uint(out, uint64_t(p.created));
  out += R"(,"status":")";
  out += status;
  out += R"(","model":")";
  out += p.model_json;
  out += "\",";
}

std::string_view anthropic_stop_reason(const ReplyPlan& p) { return p.length_limited ? "max_tokens" : "end_turn"; }

}  // namespace

// `event: <name>` then the data line; the caller appends the JSON and the blank line.
void ReplyFormatter::begin_vendor_event(std::string_view name) {
  event_ = "event: ";
  event_ += name;
  event_ += "\ndata: ";
}

void ReplyFormatter::append_vendor_full_reply(std::string& out) {
  const ReplyPlan& p = *plan_;
  event_.clear();
  if (p.kind == ApiKind::responses) {
    append_response_start(event_, p, "completed");
    event_ += R"("output":[{"type":"message","id":"msg_)";
    append_uint(event_, p.id, 16);
    event_ += R"(","status":"completed","role":"assistant","content":[{"type":"output_text","text":")";
    append_text(event_, 0, p.completion_tokens);
    event_ += R"(","annotations":[]}]}],)";
    append_responses_usage(event_, p);
    event_ += '}';
  } else {
    event_ += R"({"id":")";
    append_id(event_, p);
    event_ += R"(","type":"message","role":"assistant","model":")";
    event_ += p.model_json;
    event_ += R"(","content":[{"type":"text","text":")";
    append_text(event_, 0, p.completion_tokens);
    event_ += R"("}],"stop_reason":")";
    event_ += anthropic_stop_reason(p);
    event_ += R"(","stop_sequence":null,"usage":{"input_tokens":)";
    append_uint(event_, uint64_t(p.prompt_tokens));
    event_ += R"(,"output_tokens":)";
    append_uint(event_, uint64_t(p.completion_tokens));
    event_ += "}}";
  }
  append_json_response(out, 200, event_, p.keep_alive);
}

void ReplyFormatter::append_vendor_open_events(std::string& out) {
  const ReplyPlan& p = *plan_;
  if (p.kind == ApiKind::responses) {
    begin_vendor_event("response.created");
    event_ += R"({"type":"response.created","response":)";
    append_response_start(event_, p, "in_progress");
    event_ += R"("output":[],"usage":null}})" "\n\n";
    frame_event(out);
    return;
  }
  begin_vendor_event("message_start");
  event_ += R"({"type":"message_start","message":{"id":")";
  append_id(event_, p);
  event_ += R"(","type":"message","role":"assistant","model":")";
  event_ += p.model_json;
  event_ += R"(","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":)";
  append_uint(event_, uint64_t(p.prompt_tokens));
  event_ += R"(,"output_tokens":1}}})" "\n\n";
  frame_event(out);
  event_ = "event: content_block_start\ndata: "
           R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})" "\n\n";
  frame_event(out);
  event_ = "event: ping\ndata: {\"type\":\"ping\"}\n\n";
  frame_event(out);
}

void ReplyFormatter::append_vendor_content_event(std::string& out, int64_t first_token, int64_t end_token) {
  if (plan_->kind == ApiKind::responses) {
    begin_vendor_event("response.output_text.delta");
    event_ += R"({"type":"response.output_text.delta","item_id":"msg_)";
    append_uint(event_, plan_->id, 16);
    event_ += R"(","output_index":0,"content_index":0,"delta":")";
  } else {
    begin_vendor_event("content_block_delta");
    event_ += R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":")";
  }
  append_text(event_, first_token, end_token);
  event_ += plan_->kind == ApiKind::responses ? "\"}\n\n" : "\"}}\n\n";
  frame_event(out);
}

void ReplyFormatter::append_vendor_tail(std::string& out) {
  const ReplyPlan& p = *plan_;
  if (p.kind == ApiKind::responses) {
    // The done event repeats the whole text, as OpenAI sends it; clients must not count it twice.
    begin_vendor_event("response.output_text.done");
    event_ += R"({"type":"response.output_text.done","output_index":0,"content_index":0,"text":")";
    append_text(event_, 0, p.completion_tokens);
    event_ += "\"}\n\n";
    frame_event(out);
    begin_vendor_event("response.completed");
    event_ += R"({"type":"response.completed","response":)";
    append_response_start(event_, p, "completed");
    event_ += R"("output":[],)";
    append_responses_usage(event_, p);
    event_ += "}}\n\n";
    frame_event(out);
  } else {
    event_ = "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n";
    frame_event(out);
    begin_vendor_event("message_delta");
    event_ += R"({"type":"message_delta","delta":{"stop_reason":")";
    event_ += anthropic_stop_reason(p);
    event_ += R"(","stop_sequence":null},"usage":{"output_tokens":)";
    append_uint(event_, uint64_t(p.completion_tokens));
    event_ += "}}\n\n";
    frame_event(out);
    event_ = "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    frame_event(out);
  }
  out += "0\r\n\r\n";
}

}  // namespace aiperf::mock
