#include "endpoints/request_builder.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

ProfileConfig base_config(EndpointType type) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.endpoint_type = type;
  return c;
}

DatasetEntry builder_entry(std::optional<int64_t> max_tokens = std::nullopt) {
  DatasetEntry e;
  e.conversation_id = "session_000000";
  e.model = "m";
  e.prompt = "Shall I compare";
  e.intended_input_tokens = 3;
  e.max_tokens = max_tokens;
  return e;
}

TEST(RequestBuilder, ChatMinimal) {
  EXPECT_EQ(
      build_request_body(base_config(EndpointType::chat), builder_entry()),
      R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","stream":false})");
}

TEST(RequestBuilder, ChatStreamingWithOsl) {
  ProfileConfig c = base_config(EndpointType::chat);
  c.streaming = true;
  EXPECT_EQ(
      build_request_body(c, builder_entry(64)),
      R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","stream":true,)"
      R"("max_completion_tokens":64,"stream_options":{"include_usage":true}})");
}

TEST(RequestBuilder, ChatLegacyMaxTokens) {
  ProfileConfig c = base_config(EndpointType::chat);
  c.use_legacy_max_tokens = true;
  EXPECT_EQ(
      build_request_body(c, builder_entry(8)),
      R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","stream":false,)"
      R"("max_tokens":8})");
}

TEST(RequestBuilder, ExtraInputsMergeOverBuiltFields) {
  ProfileConfig c = base_config(EndpointType::chat);
  c.extra_inputs = {{"ignore_eos", true}, {"model", "override"}, {"temperature", 0.7}};
  EXPECT_EQ(build_request_body(c, builder_entry()),
            R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"override",)"
            R"("stream":false,"ignore_eos":true,"temperature":0.7})");
}

TEST(RequestBuilder, StreamFromExtrasAddsStreamOptionsKeepingUserKeys) {
  ProfileConfig c = base_config(EndpointType::chat);
  c.extra_inputs = {{"stream", true}, {"stream_options", {{"continuous_usage_stats", true}}}};
  EXPECT_EQ(
      build_request_body(c, builder_entry()),
      R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","stream":true,)"
      R"("stream_options":{"continuous_usage_stats":true,"include_usage":true}})");
}

TEST(RequestBuilder, StreamDisabledByExtrasDropsStreamOptions) {
  ProfileConfig c = base_config(EndpointType::chat);
  c.streaming = true;
  c.extra_inputs = {{"stream", false}};
  EXPECT_EQ(
      build_request_body(c, builder_entry()),
      R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","stream":false})");
}

TEST(RequestBuilder, NullStreamOptionsCountsAsAbsentNonObjectLeftAlone) {
  ProfileConfig c = base_config(EndpointType::completions);
  c.streaming = true;
  c.extra_inputs = {{"stream_options", nullptr}};
  EXPECT_EQ(
      build_request_body(c, builder_entry()),
      R"({"prompt":"Shall I compare","model":"m","stream":true,"stream_options":{"include_usage":true}})");
  c.extra_inputs = {{"stream_options", "raw"}};
  EXPECT_EQ(build_request_body(c, builder_entry()),
            R"({"prompt":"Shall I compare","model":"m","stream":true,"stream_options":"raw"})");
}

TEST(RequestBuilder, Completions) {
  ProfileConfig c = base_config(EndpointType::completions);
  EXPECT_EQ(build_request_body(c, builder_entry(16)),
            R"({"prompt":"Shall I compare","model":"m","stream":false,"max_tokens":16})");
  EXPECT_EQ(build_request_body(c, builder_entry(0)),
            R"({"prompt":"Shall I compare","model":"m","stream":false})");
}

// baseten_trace rows: their own fields go last and win over --extra-inputs; each turn its own.
TEST(RequestBuilder, TurnExtraBodiesWinOverExtraInputs) {
  ProfileConfig c = base_config(EndpointType::completions);
  c.extra_inputs = {{"min_tokens", 999}, {"top_k", 5}};
  DatasetEntry e = builder_entry(12);
  e.resend_history = false;
  e.later_turns.push_back({});
  e.later_turns[0].prompt = "again";
  e.later_turns[0].max_tokens = 20;
  e.parts.edit().turn_extra_bodies = {R"({"min_tokens":12,"hash_ids":[11,12],"block_size":64})", ""};
  EXPECT_EQ(build_request_body(c, e),
            R"({"prompt":"Shall I compare","model":"m","stream":false,"max_tokens":12,"min_tokens":12,"top_k":5,)"
            R"("hash_ids":[11,12],"block_size":64})");
  EXPECT_EQ(build_turn_body(c, e, 1, {}),
            R"({"prompt":"again","model":"m","stream":false,"max_tokens":20,"min_tokens":999,"top_k":5})");
}

TEST(RequestBuilder, EscapesPromptText) {
  DatasetEntry e = builder_entry();
  e.prompt = "say \"hi\"\n\u00e9";
  EXPECT_EQ(build_request_body(base_config(EndpointType::completions), e),
            "{\"prompt\":\"say \\\"hi\\\"\\n\u00e9\",\"model\":\"m\",\"stream\":false}");
}

TEST(RequestBuilder, PrepareRequestsKeepsOrderAndIds) {
  Dataset d;
  d.entries = {builder_entry(), builder_entry()};
  d.entries[1].conversation_id = "session_000001";
  d.entries[1].model = "";
  std::vector<PreparedRequest> reqs = prepare_requests(base_config(EndpointType::chat), d);
  ASSERT_EQ(reqs.size(), 2u);
  EXPECT_EQ(reqs[0].conversation_id, "session_000000");
  EXPECT_EQ(reqs[1].conversation_id, "session_000001");
  EXPECT_NE(reqs[1].body.find(R"("model":"m")"), std::string::npos);  // falls back to --model
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

DatasetEntry builder_conversation() {
  DatasetEntry e;
  e.model = "m";
  e.prompt = "one";
  e.max_tokens = 1;
  e.parts.edit().system_message = "sys";
  e.later_turns.push_back({"two", 1, 2, 0, {}, "user"});
  e.later_turns.push_back({"three", 1, 3, 0, {}, "user"});
  return e;
}

TEST(RequestBuilderHistory, LaterTurnsCarryEarlierTurnsAndTheirReplies) {
  ProfileConfig c = base_config(EndpointType::chat);
  std::vector<std::string> replies{"r1", "r2"};
  EXPECT_EQ(build_turn_body(c, builder_conversation(), 2, replies),
            R"({"messages":[{"role":"system","content":"sys"},{"role":"user","content":"one"},)"
            R"({"role":"assistant","content":"r1"},{"role":"user","content":"two"},)"
            R"({"role":"assistant","content":"r2"},{"role":"user","content":"three"}],)"
            R"("model":"m","stream":false,"max_completion_tokens":3})");
  // A failed or empty reply adds nothing; turn 0 is the prepared body.
  std::vector<std::string> failed{""};
  EXPECT_EQ(build_turn_body(c, builder_conversation(), 1, failed),
            R"({"messages":[{"role":"system","content":"sys"},{"role":"user","content":"one"},)"
            R"({"role":"user","content":"two"}],"model":"m","stream":false,"max_completion_tokens":2})");
  EXPECT_EQ(build_turn_body(c, builder_conversation(), 0, {}), build_request_body(c, builder_conversation()));
}

TEST(RequestBuilderHistory, PreviewsForInputsJsonAndCompletionsRefusal) {
  ProfileConfig c = base_config(EndpointType::chat);
  auto previews = preview_later_turn_bodies(c, builder_conversation());
  ASSERT_EQ(previews.size(), 2u);
  EXPECT_EQ(previews[1], build_turn_body(c, builder_conversation(), 2, {}));
  EXPECT_EQ(prepare_requests(c, Dataset{{builder_conversation()}}).at(0).later_turn_previews, previews);
  DatasetEntry e = builder_conversation();
  e.parts.edit().system_message.reset();
  EXPECT_THROW(build_turn_body(base_config(EndpointType::completions), e, 1, {}), std::invalid_argument);
}

}  // namespace
}  // namespace aiperf
