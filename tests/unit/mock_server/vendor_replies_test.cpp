// The mock's Responses API and Anthropic Messages requests and replies.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "mock_server/mock_request.h"
#include "mock_server/mock_responses.h"
#include "reply_plans.h"
#include "reply_words.h"

namespace aiperf::mock {
namespace {

using nlohmann::json;

// The events of a streamed reply: {event name, data JSON}, unframed from HTTP chunks.
std::vector<std::pair<std::string, json>> stream_events(const ReplyPlan& p) {
  ReplyFormatter f;
  f.start(p);
  std::string wire;
  f.append_role_event(wire);
  for (int64_t c = 0; c < p.chunks(); ++c) f.append_content_event(wire, c);
  f.append_stream_tail(wire);
  std::vector<std::pair<std::string, json>> events;
  size_t pos = 0;
  for (;;) {
    size_t eol = wire.find("\r\n", pos);
    size_t size = std::stoul(wire.substr(pos, eol - pos), nullptr, 16);
    if (size == 0) break;
    std::string e = wire.substr(eol + 2, size);
    EXPECT_TRUE(e.starts_with("event: ") && e.ends_with("\n\n")) << e;
    size_t nl = e.find('\n');
    EXPECT_EQ(e.substr(nl + 1, 6), "data: ");
    events.emplace_back(e.substr(7, nl - 7), json::parse(e.substr(nl + 7)));
    pos = eol + 2 + size + 2;
  }
  return events;
}

TEST(VendorRequest, ResponsesCountsInstructionsAndInputItems) {
  CompletionRequest r;
  ASSERT_EQ(parse_completion_request(ApiKind::responses, R"({"model":"m","instructions":"be brief","input":[
      {"type":"message","role":"user","content":"one two"},{"type":"message","role":"assistant","content":"three"},
      {"type":"message","role":"user","content":[{"type":"input_text","text":"four"}]}],
      "stream":true,"max_output_tokens":5})", r), "");
  EXPECT_EQ(r.prompt_tokens, 6);
  EXPECT_EQ(r.messages, 3);
  EXPECT_EQ(r.assistant_messages, 1);
  EXPECT_TRUE(r.stream);
  EXPECT_EQ(r.max_tokens, 5);
  EXPECT_EQ(parse_completion_request(ApiKind::responses, R"({"model":"m"})", r), "'input' is required");
}

TEST(VendorRequest, AnthropicNeedsMaxTokensAndNoSystemRole) {
  CompletionRequest r;
  ASSERT_EQ(parse_completion_request(ApiKind::messages, R"({"model":"m","system":"be brief","max_tokens":3,
      "messages":[{"role":"user","content":[{"type":"text","text":"one two"}]}]})", r), "");
  EXPECT_EQ(r.prompt_tokens, 4);
  EXPECT_EQ(r.max_tokens, 3);
  EXPECT_EQ(parse_completion_request(ApiKind::messages, R"({"messages":[]})", r), "'max_tokens' is required");
  EXPECT_NE(parse_completion_request(ApiKind::messages,
                                     R"({"max_tokens":1,"messages":[{"role":"system","content":"x"}]})", r),
            "");
}

TEST(VendorReplies, ResponsesStreamEvents) {
  auto events = stream_events(test_plan(ApiKind::responses, 3));
  std::vector<std::string> names;
  for (auto& [name, data] : events) {
    names.push_back(name);
    EXPECT_EQ(data["type"], name);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"response.created", "response.output_text.delta",
                                             "response.output_text.delta", "response.output_text.delta",
                                             "response.output_text.done", "response.completed"}));
  std::string text;
  for (int i = 1; i <= 3; ++i) text += events[size_t(i)].second["delta"].get<std::string>();
  EXPECT_EQ(events[4].second["text"], text);
  const json& usage = events[5].second["response"]["usage"];
  EXPECT_EQ(usage["input_tokens"], 4);
  EXPECT_EQ(usage["output_tokens"], 3);
}

TEST(VendorReplies, AnthropicStreamEvents) {
  auto events = stream_events(test_plan(ApiKind::messages, 2));
  std::vector<std::string> names;
  for (auto& [name, data] : events) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"message_start", "content_block_start", "ping", "content_block_delta",
                                             "content_block_delta", "content_block_stop", "message_delta",
                                             "message_stop"}));
  EXPECT_EQ(events[0].second["message"]["usage"]["input_tokens"], 4);
  EXPECT_EQ(events[3].second["delta"]["type"], "text_delta");
  EXPECT_EQ(events[6].second["usage"]["output_tokens"], 2);
  EXPECT_EQ(events[6].second["delta"]["stop_reason"], "max_tokens");
}

TEST(VendorReplies, FullBodies) {
  for (ApiKind kind : {ApiKind::responses, ApiKind::messages}) {
    ReplyPlan p = test_plan(kind, 3);
    ReplyFormatter f;
    f.start(p);
    std::string wire;
    f.append_full_reply(wire);
    json body = json::parse(wire.substr(wire.find("\r\n\r\n") + 4));
    if (kind == ApiKind::responses) {
      EXPECT_EQ(body["object"], "response");
      EXPECT_EQ(count_words(body["output"][0]["content"][0]["text"].get<std::string>()), 3);
    } else {
      EXPECT_EQ(body["type"], "message");
      EXPECT_EQ(count_words(body["content"][0]["text"].get<std::string>()), 3);
    }
    EXPECT_EQ(body["usage"]["input_tokens"], 4);
    EXPECT_EQ(body["usage"]["output_tokens"], 3);
  }
}

}  // namespace
}  // namespace aiperf::mock
