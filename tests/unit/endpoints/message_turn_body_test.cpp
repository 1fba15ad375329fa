// Bodies of agentic / DAG message turns (workloads-and-endpoints.md §5.1, §5.2): history
// spliced before the turn's messages, per-turn model/max_tokens/tools, `extra` merged last.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "endpoints/request_builder.h"

namespace aiperf {
namespace {

DatasetEntry two_turns() {
  DatasetEntry e;
  e.model = "m";
  MessageTurn t0;
  t0.messages = R"({"role":"system","content":"s"},{"role":"user","content":"a"})";
  t0.max_tokens = 8;
  MessageTurn t1;
  t1.messages = R"({"role":"user","content":"b"})";
  t1.model = "other";
  t1.tools = R"([{"type":"function","function":{"name":"f"}}])";
  t1.extra = R"({"temperature":0,"stream":false})";
  e.agentic.edit().turns = {t0, t1};
  return e;
}

ProfileConfig turn_config() {
  ProfileConfig c;
  c.model_names = {"m"};
  c.streaming = true;
  c.extra_inputs = {{"temperature", 1}, {"top_p", 0.5}};
  return c;
}

TEST(MessageTurnBody, HistoryThenTurnWithItsFieldsAndExtraLast) {
  DatasetEntry e = two_turns();
  std::string history;
  append_message_turn_history(history, e, 0, "r0");
  EXPECT_EQ(history, R"({"role":"system","content":"s"},{"role":"user","content":"a"},{"role":"assistant","content":"r0"})");
  const std::string text = build_message_turn_body(turn_config(), e, 1, history);
  auto body = nlohmann::ordered_json::parse(text);
  EXPECT_EQ(body["messages"].size(), 4u);
  EXPECT_EQ(body["messages"][3]["content"], "b");
  EXPECT_EQ(body["model"], "other");
  EXPECT_EQ(body["tools"][0]["function"]["name"], "f");
  EXPECT_EQ(body["temperature"], 0);  // the turn's extra wins over --extra-inputs
  EXPECT_EQ(body["top_p"], 0.5);
  EXPECT_EQ(body["stream"], false);
  EXPECT_FALSE(body.contains("stream_options"));  // not streamed after all
  EXPECT_FALSE(body.contains("max_completion_tokens"));
  EXPECT_EQ(text.rfind(R"({"messages":[)", 0), 0u);
}

TEST(MessageTurnBody, FirstTurnAndPreviewsAreDeterministicWithoutReplies) {
  DatasetEntry e = two_turns();
  auto t0 = nlohmann::json::parse(build_turn_body(turn_config(), e, 0, {}));
  EXPECT_EQ(t0["messages"].size(), 2u);
  EXPECT_EQ(t0["max_completion_tokens"], 8);
  EXPECT_EQ(t0["model"], "m");
  EXPECT_EQ(t0["stream_options"]["include_usage"], true);
  std::vector<std::string> previews = preview_later_turn_bodies(turn_config(), e);
  ASSERT_EQ(previews.size(), 1u);
  EXPECT_EQ(nlohmann::json::parse(previews[0])["messages"].size(), 3u);  // turn 0's two, then b
  EXPECT_EQ(previews, preview_later_turn_bodies(turn_config(), e));
}

TEST(MessageTurnBody, MessageArrayTurnsAndUncapturedRepliesStayOutOfTheHistory) {
  DatasetEntry e = two_turns();
  e.resend_history = false;
  e.agentic.edit().capture_replies = false;
  std::string history;
  append_message_turn_history(history, e, 0, "r0");
  append_message_turn_history(history, e, 1, "r1");
  EXPECT_EQ(history, R"({"role":"user","content":"b"})");  // each turn replaces the list
  auto body = nlohmann::json::parse(build_message_turn_body(turn_config(), e, 1, "{\"role\":\"user\",\"content\":\"x\"}"));
  EXPECT_EQ(body["messages"].size(), 1u);
}

}  // namespace
}  // namespace aiperf
