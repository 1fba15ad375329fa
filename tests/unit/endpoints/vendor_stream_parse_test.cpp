// Hand-written Responses API and Anthropic event streams and bodies through parse_record
// (workloads-and-endpoints.md §7.4).
#include <gtest/gtest.h>

#include <string>

#include "endpoints/response_parser.h"
#include "parsed_record_helpers.h"
#include "raw_record_builder.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

ProfileConfig config(EndpointType type) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.endpoint_type = type;
  c.streaming = true;
  return c;
}

// `event: <name>\ndata: <json>\n\n`, as both vendors frame their events.
std::string event(std::string_view name, std::string_view json) {
  return "event: " + std::string(name) + "\ndata: " + std::string(json) + "\n\n";
}

using testing::text_of;

std::string reasoning_of(const ParsedRecord& p) {
  std::string s;
  for (const ParsedResponse& r : p.responses) s += r.reasoning;
  return s;
}

TEST(ResponsesStream, TextReasoningToolDeltasAndUsage) {
  RawRecord r =
      RawRecordBuilder()
          .start(100)
          .sse(105, event("response.created", R"({"type":"response.created","response":{"id":"resp_1","usage":null}})"))
          .sse(110, event("response.reasoning_summary_text.delta",
                          R"({"type":"response.reasoning_summary_text.delta","delta":"think "})"))
          .sse(115, event("response.reasoning_text.delta", R"({"type":"response.reasoning_text.delta","delta":"more"})"))
          .sse(120, event("response.output_text.delta",
                          R"({"type":"response.output_text.delta","output_index":1,"content_index":0,"delta":"Hello"})"))
          .sse(130, event("response.output_text.delta", R"({"type":"response.output_text.delta","delta":" world"})"))
          .sse(135, event("response.function_call_arguments.delta",
                          R"({"type":"response.function_call_arguments.delta","delta":"{\"a\":1}"})"))
          .sse(140, event("response.output_text.done", R"({"type":"response.output_text.done","text":"Hello world"})"))
          .sse(150, event("response.completed",
                          R"({"type":"response.completed","response":{"status":"completed","usage":{"input_tokens":12,)"
                          R"("input_tokens_details":{"cached_tokens":8},"output_tokens":5,)"
                          R"("output_tokens_details":{"reasoning_tokens":2},"total_tokens":17}}})"))
          .end(160)
          .build();
  ParsedRecord p = parse_record(config(EndpointType::responses).endpoint_type, r);
  ASSERT_FALSE(p.error) << p.error->message;
  ASSERT_EQ(p.responses.size(), 5u);  // created, done and completed carry no content
  EXPECT_EQ(p.responses[0].perf_ns, 110);
  EXPECT_EQ(p.responses[2].perf_ns, 120);
  EXPECT_EQ(reasoning_of(p), "think more");
  EXPECT_EQ(text_of(p), "Hello world{\"a\":1}");  // the done event's repeat is not counted
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->prompt_tokens, 12);
  EXPECT_EQ(p.usage->completion_tokens, 5);
  EXPECT_EQ(p.usage->reasoning_tokens, 2);
  EXPECT_EQ(p.usage->prompt_cache_read_tokens, 8);
  EXPECT_EQ(p.usage->total_tokens, 17);
}

TEST(ResponsesStream, FailedResponseIsAnError) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .sse(110, event("response.output_text.delta", R"({"type":"response.output_text.delta","delta":"Hi"})"))
                    .sse(120, event("response.failed",
                                    R"({"type":"response.failed","response":{"status":"failed",)"
                                    R"("error":{"code":"server_error","message":"model crashed"}}})"))
                    .end(130)
                    .build();
  ParsedRecord p = parse_record(config(EndpointType::responses).endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 502);
  EXPECT_NE(p.error->message.find("model crashed"), std::string::npos) << p.error->message;
  EXPECT_TRUE(p.responses.empty());
}

TEST(ResponsesStream, ErrorEventCarriesCodeAndMessage) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .sse(110, event("error", R"({"type":"error","code":429,"message":"slow down","param":null})"))
                    .end(130)
                    .build();
  ParsedRecord p = parse_record(config(EndpointType::responses).endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 429);
  EXPECT_NE(p.error->message.find("slow down"), std::string::npos) << p.error->message;
}

TEST(ResponsesWholeBody, OutputItemsWithUsage) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .body(200, R"({"id":"resp_1","object":"response","status":"completed","output":[)"
                               R"({"type":"reasoning","summary":[{"type":"summary_text","text":"why"}]},)"
                               R"({"type":"message","role":"assistant","content":[{"type":"output_text","text":"Hi "},)"
                               R"({"type":"output_text","text":"there"}]}],)"
                               R"("usage":{"input_tokens":3,"output_tokens":4,"total_tokens":7}})")
                    .end(200)
                    .build();
  ParsedRecord p = parse_record(config(EndpointType::responses).endpoint_type, r);
  ASSERT_FALSE(p.error) << p.error->message;
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].text, "Hi there");
  EXPECT_EQ(p.responses[0].reasoning, "why");
  EXPECT_EQ(p.usage->prompt_tokens, 3);
  EXPECT_EQ(p.usage->completion_tokens, 4);
}

TEST(ResponsesWholeBody, ToolCallTextOnlyWithoutTextAndOutputTextFallback) {
  RawRecord tool = RawRecordBuilder()
                       .start(100)
                       .body(200, R"({"object":"response","output":[{"type":"function_call","name":"f",)"
                                  R"("arguments":"{\"x\":2}"}]})")
                       .end(200)
                       .build();
  EXPECT_EQ(text_of(parse_record(config(EndpointType::responses).endpoint_type, tool)), "f{\"x\":2}");
  RawRecord fallback =
      RawRecordBuilder().start(100).body(200, R"({"object":"response","output":[],"output_text":"plain"})").end(200).build();
  EXPECT_EQ(text_of(parse_record(config(EndpointType::responses).endpoint_type, fallback)), "plain");
}

TEST(AnthropicStream, TextThinkingToolDeltasAndMergedUsage) {
  RawRecord r =
      RawRecordBuilder()
          .start(100)
          .sse(105, event("message_start", R"({"type":"message_start","message":{"id":"msg_1","type":"message",)"
                                           R"("content":[],"usage":{"input_tokens":20,"cache_read_input_tokens":16,)"
                                           R"("output_tokens":1}}})"))
          .sse(106, event("content_block_start",
                          R"({"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}})"))
          .sse(107, event("ping", R"({"type":"ping"})"))
          .sse(110, event("content_block_delta",
                          R"({"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hmm"}})"))
          .sse(111, event("content_block_delta",
                          R"({"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"x"}})"))
          .sse(120, event("content_block_delta",
                          R"({"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Hello"}})"))
          .sse(125, event("content_block_delta", R"({"type":"content_block_delta","index":2,)"
                                                 R"("delta":{"type":"input_json_delta","partial_json":"{\"q\":"}})"))
          .sse(130, event("content_block_stop", R"({"type":"content_block_stop","index":2})"))
          .sse(140, event("message_delta", R"({"type":"message_delta","delta":{"stop_reason":"end_turn"},)"
                                           R"("usage":{"output_tokens":9}})"))
          .sse(150, event("message_stop", R"({"type":"message_stop"})"))
          .end(160)
          .build();
  ParsedRecord p = parse_record(config(EndpointType::messages).endpoint_type, r);
  ASSERT_FALSE(p.error) << p.error->message;
  ASSERT_EQ(p.responses.size(), 3u);
  EXPECT_EQ(p.responses[0].perf_ns, 110);
  EXPECT_EQ(p.responses[0].reasoning, "hmm");
  EXPECT_EQ(p.responses[1].text, "Hello");
  EXPECT_EQ(p.responses[2].text, "{\"q\":");
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->prompt_tokens, 20);  // from message_start, kept when message_delta omits it
  EXPECT_EQ(p.usage->completion_tokens, 9);
  EXPECT_EQ(p.usage->prompt_cache_read_tokens, 16);
}

TEST(AnthropicStream, InStreamErrorEvent) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .sse(110, event("content_block_delta",
                                    R"({"type":"content_block_delta","delta":{"type":"text_delta","text":"Hi"}})"))
                    .sse(120, event("error", R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})"))
                    .end(130)
                    .build();
  ParsedRecord p = parse_record(config(EndpointType::messages).endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 502);
  EXPECT_NE(p.error->message.find("Overloaded"), std::string::npos) << p.error->message;
  EXPECT_TRUE(p.responses.empty());
}

TEST(AnthropicWholeBody, ContentBlocksAndUsage) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .body(200, R"({"id":"msg_1","type":"message","role":"assistant","content":[)"
                               R"({"type":"thinking","thinking":"why","signature":"s"},{"type":"text","text":"Hi"}],)"
                               R"("usage":{"input_tokens":3,"output_tokens":4}})")
                    .end(200)
                    .build();
  ParsedRecord p = parse_record(config(EndpointType::messages).endpoint_type, r);
  ASSERT_FALSE(p.error) << p.error->message;
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].text, "Hi");
  EXPECT_EQ(p.responses[0].reasoning, "why");
  EXPECT_EQ(p.usage->prompt_tokens, 3);
  EXPECT_EQ(p.usage->completion_tokens, 4);
}

TEST(AnthropicWholeBody, ToolUseIsNamePlusInputJson) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .body(200, R"({"type":"message","content":[{"type":"tool_use","id":"t","name":"get",)"
                               R"("input":{"city": "Paris"}}]})")
                    .end(200)
                    .build();
  EXPECT_EQ(text_of(parse_record(config(EndpointType::messages).endpoint_type, r)), R"(get{"city":"Paris"})");
}

}  // namespace
}  // namespace aiperf
