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

DatasetEntry entry(std::optional<int64_t> max_tokens = std::nullopt) {
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
      build_request_body(base_config(EndpointType::chat), entry()),
      R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","stream":false})");
}

TEST(RequestBuilder, ChatStreamingWithOsl) {
  ProfileConfig c = base_config(EndpointType::chat);
  c.streaming = true;
  EXPECT_EQ(
      build_request_body(c, entry(64)),
      R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","stream":true,)"
      R"("max_completion_tokens":64,"stream_options":{"include_usage":true}})");
}

TEST(RequestBuilder, ChatLegacyMaxTokens) {
  ProfileConfig c = base_config(EndpointType::chat);
  c.use_legacy_max_tokens = true;
  EXPECT_EQ(
      build_request_body(c, entry(8)),
      R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","stream":false,)"
      R"("max_tokens":8})");
}

TEST(RequestBuilder, ExtraInputsMergeOverBuiltFields) {
  ProfileConfig c = base_config(EndpointType::chat);
  c.extra_inputs = {{"ignore_eos", true}, {"model", "override"}, {"temperature", 0.7}};
  EXPECT_EQ(build_request_body(c, entry()),
            R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"override",)"
            R"("stream":false,"ignore_eos":true,"temperature":0.7})");
}

TEST(RequestBuilder, StreamFromExtrasAddsStreamOptionsKeepingUserKeys) {
  ProfileConfig c = base_config(EndpointType::chat);
  c.extra_inputs = {{"stream", true}, {"stream_options", {{"continuous_usage_stats", true}}}};
  EXPECT_EQ(
      build_request_body(c, entry()),
      R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","stream":true,)"
      R"("stream_options":{"continuous_usage_stats":true,"include_usage":true}})");
}

TEST(RequestBuilder, StreamDisabledByExtrasDropsStreamOptions) {
  ProfileConfig c = base_config(EndpointType::chat);
  c.streaming = true;
  c.extra_inputs = {{"stream", false}};
  EXPECT_EQ(
      build_request_body(c, entry()),
      R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","stream":false})");
}

TEST(RequestBuilder, NullStreamOptionsCountsAsAbsentNonObjectLeftAlone) {
  ProfileConfig c = base_config(EndpointType::completions);
  c.streaming = true;
  c.extra_inputs = {{"stream_options", nullptr}};
  EXPECT_EQ(
      build_request_body(c, entry()),
      R"({"prompt":"Shall I compare","model":"m","stream":true,"stream_options":{"include_usage":true}})");
  c.extra_inputs = {{"stream_options", "raw"}};
  EXPECT_EQ(build_request_body(c, entry()),
            R"({"prompt":"Shall I compare","model":"m","stream":true,"stream_options":"raw"})");
}

TEST(RequestBuilder, Completions) {
  ProfileConfig c = base_config(EndpointType::completions);
  EXPECT_EQ(build_request_body(c, entry(16)),
            R"({"prompt":"Shall I compare","model":"m","stream":false,"max_tokens":16})");
  EXPECT_EQ(build_request_body(c, entry(0)),
            R"({"prompt":"Shall I compare","model":"m","stream":false})");
}

TEST(RequestBuilder, EscapesPromptText) {
  DatasetEntry e = entry();
  e.prompt = "say \"hi\"\n\u00e9";
  EXPECT_EQ(build_request_body(base_config(EndpointType::completions), e),
            "{\"prompt\":\"say \\\"hi\\\"\\n\u00e9\",\"model\":\"m\",\"stream\":false}");
}

TEST(RequestBuilder, PrepareRequestsKeepsOrderAndIds) {
  Dataset d;
  d.entries = {entry(), entry()};
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
