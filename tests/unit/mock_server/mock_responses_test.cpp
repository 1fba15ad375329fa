#include "mock_server/mock_responses.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <vector>

#include "mock_server/mock_request.h"
#include "reply_plans.h"
#include "reply_words.h"

namespace aiperf::mock {
namespace {

using nlohmann::json;

// Splits a chunked body into its chunk payloads, checking the framing on the way.
std::vector<std::string> dechunk(const std::string& wire) {
  std::vector<std::string> chunks;
  size_t pos = 0;
  for (;;) {
    size_t eol = wire.find("\r\n", pos);
    EXPECT_NE(eol, std::string::npos);
    size_t size = std::stoul(wire.substr(pos, eol - pos), nullptr, 16);
    if (size == 0) {
      EXPECT_EQ(wire.substr(eol), "\r\n\r\n");
      return chunks;
    }
    chunks.push_back(wire.substr(eol + 2, size));
    EXPECT_EQ(wire.substr(eol + 2 + size, 2), "\r\n");
    pos = eol + 2 + size + 2;
  }
}

json event_json(const std::string& chunk) {
  EXPECT_TRUE(chunk.starts_with("data: "));
  EXPECT_TRUE(chunk.ends_with("\n\n"));
  return json::parse(chunk.substr(6));
}

TEST(JsonEscape, QuotesBackslashesAndControls) {
  std::string out;
  append_json_escaped(out, "a\"b\\c\n\x01");
  EXPECT_EQ(out, R"(a\"b\\c\u000a\u0001)");
}

TEST(ErrorResponse, OpenAiErrorShape) {
  std::string out;
  append_error_response(out, 400, "bad \"thing\"", true);
  ASSERT_TRUE(out.starts_with("HTTP/1.1 400 Bad Request\r\n"));
  json body = json::parse(out.substr(out.find("\r\n\r\n") + 4));
  EXPECT_EQ(body["error"]["message"], "bad \"thing\"");
  EXPECT_EQ(body["error"]["type"], "invalid_request_error");
  EXPECT_EQ(body["error"]["code"], 400);
}

TEST(ReplyFormatter, FullChatReply) {
  ReplyPlan p = test_plan(ApiKind::chat, 5);
  ReplyFormatter f;
  f.start(p);
  std::string out;
  f.append_full_reply(out);
  std::string head = out.substr(0, out.find("\r\n\r\n"));
  std::string body = out.substr(out.find("\r\n\r\n") + 4);
  EXPECT_NE(head.find("Content-Length: " + std::to_string(body.size())), std::string::npos);
  json j = json::parse(body);
  EXPECT_EQ(j["id"], "chatcmpl-ab");
  EXPECT_EQ(j["object"], "chat.completion");
  EXPECT_EQ(j["created"], 1700000000);
  EXPECT_EQ(j["model"], "m");
  EXPECT_EQ(j["choices"][0]["message"]["role"], "assistant");
  EXPECT_EQ(count_words(j["choices"][0]["message"]["content"].get<std::string>()), 5);
  EXPECT_EQ(j["choices"][0]["finish_reason"], "length");
  EXPECT_EQ(j["usage"], json::parse(R"({"prompt_tokens":4,"completion_tokens":5,"total_tokens":9})"));
}

TEST(ReplyFormatter, FullCompletionReplyWithStop) {
  ReplyPlan p = test_plan(ApiKind::completions, 3);
  p.length_limited = false;
  ReplyFormatter f;
  f.start(p);
  std::string out;
  f.append_full_reply(out);
  json j = json::parse(out.substr(out.find("\r\n\r\n") + 4));
  EXPECT_EQ(j["id"], "cmpl-ab");
  EXPECT_EQ(j["object"], "text_completion");
  EXPECT_EQ(count_words(j["choices"][0]["text"].get<std::string>()), 3);
  EXPECT_EQ(j["choices"][0]["finish_reason"], "stop");
  EXPECT_EQ(j["usage"]["total_tokens"], 7);
}

TEST(ReplyFormatter, StreamedChatInWireOrder) {
  ReplyPlan p = test_plan(ApiKind::chat, 7, 3);
  p.include_usage = true;
  ReplyFormatter f;
  f.start(p);
  std::string head;
  f.append_stream_head(head);
  EXPECT_NE(head.find("Content-Type: text/event-stream\r\n"), std::string::npos);
  EXPECT_NE(head.find("Transfer-Encoding: chunked\r\n"), std::string::npos);
  std::string wire;
  f.append_role_event(wire);
  for (int64_t c = 0; c < p.chunks(); ++c) f.append_content_event(wire, c);
  f.append_stream_tail(wire);
  std::vector<std::string> events = dechunk(wire);
  ASSERT_EQ(events.size(), 1u + 3u + 1u + 1u + 1u);
  EXPECT_EQ(event_json(events[0])["choices"][0]["delta"], json::parse(R"({"role":"assistant","content":""})"));
  std::string text;
  std::vector<int64_t> words;
  for (int i = 1; i <= 3; ++i) {
    json e = event_json(events[i]);
    EXPECT_EQ(e["object"], "chat.completion.chunk");
    EXPECT_TRUE(e["choices"][0]["finish_reason"].is_null());
    EXPECT_FALSE(e.contains("usage"));
    std::string piece = e["choices"][0]["delta"]["content"];
    words.push_back(count_words(piece));
    text += piece;
  }
  EXPECT_EQ(words, (std::vector<int64_t>{3, 3, 1}));
  EXPECT_EQ(count_words(text), 7);
  json finish = event_json(events[4]);
  EXPECT_EQ(finish["choices"][0]["delta"], json::object());
  EXPECT_EQ(finish["choices"][0]["finish_reason"], "length");
  json usage = event_json(events[5]);
  EXPECT_EQ(usage["choices"], json::array());
  EXPECT_EQ(usage["usage"]["completion_tokens"], 7);
  EXPECT_EQ(events[6], "data: [DONE]\n\n");
}

TEST(ReplyFormatter, ContinuousUsageCountsTokensSoFar) {
  ReplyPlan p = test_plan(ApiKind::completions, 4, 2);
  p.continuous_usage = true;
  ReplyFormatter f;
  f.start(p);
  std::string wire;
  f.append_content_event(wire, 0);
  f.append_content_event(wire, 1);
  f.append_stream_tail(wire);
  std::vector<std::string> events = dechunk(wire);
  ASSERT_EQ(events.size(), 4u);  // no usage-only event without include_usage
  EXPECT_EQ(event_json(events[0])["usage"]["completion_tokens"], 2);
  EXPECT_EQ(event_json(events[1])["usage"]["completion_tokens"], 4);
  json finish = event_json(events[2]);
  EXPECT_EQ(finish["object"], "text_completion");
  EXPECT_EQ(finish["choices"][0]["text"], "");
  EXPECT_EQ(finish["choices"][0]["finish_reason"], "length");
  EXPECT_EQ(finish["usage"]["total_tokens"], 8);
}

TEST(ReplyFormatter, ZeroTokens) {
  ReplyPlan p = test_plan(ApiKind::chat, 0);
  EXPECT_EQ(p.chunks(), 0);
  ReplyFormatter f;
  f.start(p);
  std::string out;
  f.append_full_reply(out);
  json j = json::parse(out.substr(out.find("\r\n\r\n") + 4));
  EXPECT_EQ(j["choices"][0]["message"]["content"], "");
  EXPECT_EQ(j["usage"]["completion_tokens"], 0);
}

}  // namespace
}  // namespace aiperf::mock
