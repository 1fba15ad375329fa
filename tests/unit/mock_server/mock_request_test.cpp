#include "mock_server/mock_request.h"

#include <gtest/gtest.h>

namespace aiperf::mock {
namespace {

TEST(ParseCompletionRequest, ChatCountsEveryMessageAndTextPart) {
  CompletionRequest r;
  ASSERT_EQ(parse_completion_request(ApiKind::chat, R"({"model":"m","messages":[
      {"role":"system","content":"be brief"},
      {"role":"user","content":[{"type":"text","text":"one two three"},{"type":"image_url","image_url":{"url":"x y"}}]},
      {"role":"assistant","content":null}]})", r), "");
  EXPECT_EQ(r.kind, ApiKind::chat);
  EXPECT_EQ(r.model, "m");
  EXPECT_EQ(r.prompt_tokens, 5);
  EXPECT_EQ(r.messages, 3);            // a conversation's history, as the timing log shows it
  EXPECT_EQ(r.assistant_messages, 1);
  EXPECT_FALSE(r.stream);
  EXPECT_FALSE(r.max_tokens.has_value());
}

TEST(ParseCompletionRequest, CompletionsPromptStringOrList) {
  CompletionRequest r;
  ASSERT_EQ(parse_completion_request(ApiKind::completions, R"({"prompt":"a b c"})", r), "");
  EXPECT_EQ(r.prompt_tokens, 3);
  EXPECT_EQ(r.model, "");
  ASSERT_EQ(parse_completion_request(ApiKind::completions, R"({"prompt":["a b","c d e"]})", r), "");
  EXPECT_EQ(r.prompt_tokens, 5);
  ASSERT_EQ(parse_completion_request(ApiKind::completions, R"({"prompt":[1,2,3,4]})", r), "");
  EXPECT_EQ(r.prompt_tokens, 4);
}

TEST(ParseCompletionRequest, MaxCompletionTokensWinsOverMaxTokens) {
  CompletionRequest r;
  ASSERT_EQ(parse_completion_request(ApiKind::chat,
                                     R"({"messages":[],"max_tokens":5,"max_completion_tokens":7})", r), "");
  EXPECT_EQ(r.max_tokens, 7);
  ASSERT_EQ(parse_completion_request(ApiKind::chat, R"({"messages":[],"max_tokens":0})", r), "");
  EXPECT_EQ(r.max_tokens, 0);
  ASSERT_EQ(parse_completion_request(ApiKind::chat, R"({"messages":[],"max_completion_tokens":null,"max_tokens":3})", r), "");
  EXPECT_EQ(r.max_tokens, 3);
}

TEST(ParseCompletionRequest, StreamOptions) {
  CompletionRequest r;
  ASSERT_EQ(parse_completion_request(ApiKind::chat, R"({"messages":[],"stream":true,
      "stream_options":{"include_usage":true,"continuous_usage_stats":true}})", r), "");
  EXPECT_TRUE(r.stream);
  EXPECT_TRUE(r.include_usage);
  EXPECT_TRUE(r.continuous_usage);
  ASSERT_EQ(parse_completion_request(ApiKind::chat, R"({"messages":[],"stream":true,"stream_options":null})", r), "");
  EXPECT_FALSE(r.include_usage);
}

TEST(ParseCompletionRequest, RejectsBadBodiesWithOneLine) {
  CompletionRequest r;
  EXPECT_TRUE(parse_completion_request(ApiKind::chat, "{", r).starts_with("invalid JSON body: "));
  EXPECT_EQ(parse_completion_request(ApiKind::chat, "[1]", r), "request body must be a JSON object");
  EXPECT_EQ(parse_completion_request(ApiKind::chat, "{}", r), "'messages' must be a list");
  EXPECT_EQ(parse_completion_request(ApiKind::completions, "{}", r), "'prompt' is required");
  EXPECT_EQ(parse_completion_request(ApiKind::completions, R"({"prompt":[{}]})", r),
            "'prompt' list entries must be strings or token ids");
  EXPECT_EQ(parse_completion_request(ApiKind::chat, R"({"messages":[],"max_tokens":-1})", r),
            "'max_tokens' must be a non-negative integer");
  EXPECT_EQ(parse_completion_request(ApiKind::chat, R"({"messages":[],"max_tokens":1.5})", r),
            "'max_tokens' must be a non-negative integer");
  EXPECT_EQ(parse_completion_request(ApiKind::chat, R"({"messages":[],"stream":"yes"})", r),
            "'stream' must be a boolean");
  EXPECT_EQ(parse_completion_request(ApiKind::chat, R"({"messages":[],"model":3})", r), "'model' must be a string");
  EXPECT_EQ(parse_completion_request(ApiKind::chat, R"({"messages":[],"stream_options":1})", r),
            "'stream_options' must be an object");
}

}  // namespace
}  // namespace aiperf::mock
