// Golden request bodies for the Responses API and Anthropic Messages endpoints
// (workloads-and-endpoints.md §7.3).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "endpoints/request_builder.h"
#include "../support/endpoint_fixtures.h"

namespace aiperf {
namespace {

using testing::endpoint_config;

using testing::sonnet_entry;

DatasetEntry vendor_conversation() {
  DatasetEntry e = sonnet_entry(8);
  e.parts.edit().system_message = "Be brief.";
  DatasetTurn next;
  next.prompt = "thee to a";
  next.max_tokens = 4;
  e.later_turns.push_back(next);
  return e;
}

TEST(ResponsesBody, NonStreaming) {
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::responses, false), sonnet_entry(64)),
            R"({"input":[{"type":"message","role":"user","content":"Shall I compare"}],"model":"m",)"
            R"("stream":false,"max_output_tokens":64})");
}

TEST(ResponsesBody, StreamingSendsNoStreamOptionsUnlessServerTokenCount) {
  ProfileConfig c = endpoint_config(EndpointType::responses, true);
  EXPECT_EQ(build_request_body(c, sonnet_entry()),
            R"({"input":[{"type":"message","role":"user","content":"Shall I compare"}],"model":"m","stream":true})");
  c.use_server_token_count = true;
  EXPECT_EQ(build_request_body(c, sonnet_entry()),
            R"({"input":[{"type":"message","role":"user","content":"Shall I compare"}],"model":"m","stream":true,)"
            R"("stream_options":{"include_usage":true}})");
}

TEST(ResponsesBody, SystemPromptIsInstructionsAndUserContextAnItem) {
  DatasetEntry e = sonnet_entry(16);
  e.parts.edit().system_message = "Be brief.";
  e.parts.edit().user_context_message = "ctx";
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::responses, true), e),
            R"({"input":[{"type":"message","role":"user","content":"ctx"},)"
            R"({"type":"message","role":"user","content":"Shall I compare"}],"model":"m","stream":true,)"
            R"("instructions":"Be brief.","max_output_tokens":16})");
}

TEST(ResponsesBody, SeveralTextsAreInputTextParts) {
  DatasetEntry e = sonnet_entry();
  e.parts.edit().more_texts = {"second"};
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::responses, false), e),
            R"({"input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"Shall I compare"},)"
            R"({"type":"input_text","text":"second"}]}],"model":"m","stream":false})");
}

TEST(ResponsesBody, LaterTurnCarriesHistoryAsInputItems) {
  const std::vector<std::string> replies = {"a summer's day"};
  EXPECT_EQ(build_turn_body(endpoint_config(EndpointType::responses, true), vendor_conversation(), 1, replies),
            R"({"input":[{"type":"message","role":"user","content":"Shall I compare"},)"
            R"({"type":"message","role":"assistant","content":"a summer's day"},)"
            R"({"type":"message","role":"user","content":"thee to a"}],"model":"m","stream":true,)"
            R"("instructions":"Be brief.","max_output_tokens":4})");
}

TEST(ResponsesBody, ExtraInputsWin) {
  ProfileConfig c = endpoint_config(EndpointType::responses, false);
  c.extra_inputs = {{"max_output_tokens", 3}, {"store", false}};
  EXPECT_EQ(build_request_body(c, sonnet_entry(64)),
            R"({"input":[{"type":"message","role":"user","content":"Shall I compare"}],"model":"m",)"
            R"("stream":false,"max_output_tokens":3,"store":false})");
}

TEST(AnthropicBody, NonStreamingOmitsStreamAndDefaultsMaxTokens) {
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::messages, false), sonnet_entry()),
            R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","max_tokens":1024})");
}

TEST(AnthropicBody, StreamingWithSystemAndOsl) {
  DatasetEntry e = sonnet_entry(64);
  e.parts.edit().system_message = "Be brief.";
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::messages, true), e),
            R"({"messages":[{"role":"user","content":"Shall I compare"}],"model":"m","max_tokens":64,)"
            R"("stream":true,"system":"Be brief."})");
}

TEST(AnthropicBody, LaterTurnCarriesHistory) {
  const std::vector<std::string> replies = {"a summer's day"};
  ProfileConfig c = endpoint_config(EndpointType::messages, true);
  c.use_legacy_max_tokens = true;  // either spelling of the chat field becomes max_tokens
  EXPECT_EQ(build_turn_body(c, vendor_conversation(), 1, replies),
            R"({"messages":[{"role":"user","content":"Shall I compare"},)"
            R"({"role":"assistant","content":"a summer's day"},{"role":"user","content":"thee to a"}],)"
            R"("model":"m","max_tokens":4,"stream":true,"system":"Be brief."})");
}

TEST(AnthropicBody, FailedReplyAddsNothing) {
  const std::vector<std::string> replies = {""};
  EXPECT_EQ(build_turn_body(endpoint_config(EndpointType::messages, false), vendor_conversation(), 1, replies),
            R"({"messages":[{"role":"user","content":"Shall I compare"},{"role":"user","content":"thee to a"}],)"
            R"("model":"m","max_tokens":4,"system":"Be brief."})");
}

}  // namespace
}  // namespace aiperf
