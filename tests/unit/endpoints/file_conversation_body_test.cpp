// Bodies of conversations read from files: per-turn roles in the history, turns sent without
// history (bailian_trace), several texts in one request (random_pool directories).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "endpoints/request_builder.h"

namespace aiperf {
namespace {

ProfileConfig model_only_config() {
  ProfileConfig c;
  c.model_names = {"m"};
  return c;
}

DatasetEntry three_turns() {
  DatasetEntry e;
  e.prompt = "a";
  e.later_turns.push_back({.prompt = "b", .intended_input_tokens = 0, .max_tokens = 4, .delay_ms = 0, .timestamp_ms = {}, .role = "assistant"});
  e.later_turns.push_back({.prompt = "c", .intended_input_tokens = 0, .max_tokens = 5, .delay_ms = 0, .timestamp_ms = {}, .role = "user"});
  return e;
}

TEST(FileConversationBody, HistoryKeepsEachTurnsRoleAndTheLiveReplies) {
  const std::string replies[] = {"r0", "r1"};
  auto body = nlohmann::json::parse(build_turn_body(model_only_config(), three_turns(), 2, replies));
  EXPECT_EQ(body["messages"].dump(),
            R"([{"content":"a","role":"user"},{"content":"r0","role":"assistant"},)"
            R"({"content":"b","role":"assistant"},{"content":"r1","role":"assistant"},{"content":"c","role":"user"}])");
  EXPECT_EQ(body["max_completion_tokens"], 5);
}

TEST(FileConversationBody, CompleteTurnsSendOnlyThemselves) {
  DatasetEntry e = three_turns();
  e.resend_history = false;
  const std::string replies[] = {"r0", "r1"};
  auto body = nlohmann::json::parse(build_turn_body(model_only_config(), e, 1, replies));
  EXPECT_EQ(body["messages"].dump(), R"([{"content":"b","role":"assistant"}])");
  ProfileConfig completions = model_only_config();
  completions.endpoint_type = EndpointType::completions;
  body = nlohmann::json::parse(build_turn_body(completions, e, 2, replies));
  EXPECT_EQ(body["prompt"], "c");
  EXPECT_EQ(body["max_tokens"], 5);
}

TEST(FileConversationBody, SeveralTextsBecomeContentPartsOrAPromptList) {
  DatasetEntry e;
  e.prompt = "ctx";
  e.parts.edit().more_texts = {"q"};
  auto chat = nlohmann::json::parse(build_request_body(model_only_config(), e));
  EXPECT_EQ(chat["messages"][0]["content"].dump(), R"([{"text":"ctx","type":"text"},{"text":"q","type":"text"}])");
  ProfileConfig completions = model_only_config();
  completions.endpoint_type = EndpointType::completions;
  EXPECT_EQ(nlohmann::json::parse(build_request_body(completions, e))["prompt"].dump(), R"(["ctx","q"])");
}

// multi_turn files: a later turn's several texts, and its row's `extra` over --extra-inputs.
TEST(FileConversationBody, LaterTurnTextsAndRowExtraBelongToThatTurn) {
  DatasetEntry e = three_turns();
  e.later_turns[1].more_texts = {"c2"};
  e.parts.edit().turn_extra_bodies = {"", "", R"({"seed":3})"};
  ProfileConfig c = model_only_config();
  c.extra_inputs = nlohmann::ordered_json{{"seed", 1}, {"top_k", 2}};
  const std::string replies[] = {"r0", "r1"};
  auto last = nlohmann::json::parse(build_turn_body(c, e, 2, replies));
  EXPECT_EQ(last["messages"].back()["content"].dump(), R"([{"text":"c","type":"text"},{"text":"c2","type":"text"}])");
  EXPECT_EQ(last["seed"], 3);
  EXPECT_EQ(last["top_k"], 2);
  auto second = nlohmann::json::parse(build_turn_body(c, e, 1, replies));
  EXPECT_EQ(second["messages"].back()["content"], "b");  // turn 1's own single text
  EXPECT_EQ(second["seed"], 1);
}

}  // namespace
}  // namespace aiperf
