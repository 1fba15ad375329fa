#include "endpoints/response_parser.h"

#include <gtest/gtest.h>

#include "raw_record_builder.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

ProfileConfig streaming_chat_config() {
  ProfileConfig c;
  c.model_names = {"m"};
  c.endpoint_type = EndpointType::chat;
  c.streaming = true;
  return c;
}

ProfileConfig completions_config() {
  ProfileConfig c = streaming_chat_config();
  c.endpoint_type = EndpointType::completions;
  return c;
}

TEST(ParseRecord, StreamingChatContentKeepsEachMessageArrivalTime) {
  RawRecord r = RawRecordBuilder().start(100).chat_delta(120, "a b c").chat_delta(200, " d e f")
                    .done(210).end(220).build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_FALSE(p.error);
  EXPECT_TRUE(p.streamed);
  ASSERT_EQ(p.responses.size(), 2u);
  EXPECT_EQ(p.responses[0].perf_ns, 120);
  EXPECT_EQ(p.responses[0].text, "a b c");
  EXPECT_EQ(p.responses[1].perf_ns, 200);
  EXPECT_EQ(p.responses[1].text, " d e f");
}

TEST(ParseRecord, RoleOnlyUsageOnlyDoneAndUnparsableMessagesAreNotContent) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .data(110, R"({"choices":[{"index":0,"delta":{"role":"assistant"}}]})")
                    .data(115, R"({"choices":[{"index":0,"delta":{"content":""}}]})")
                    .data(117, "not json {")
                    .chat_delta(120, "hello")
                    .data(130, R"({"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":1}})")
                    .done(140)
                    .end(150)
                    .build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_FALSE(p.error);
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].perf_ns, 120);
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->prompt_tokens, 5);
  EXPECT_EQ(p.usage->completion_tokens, 1);
}

// Invalid-JSON SSE messages are skipped but counted, never silently dropped: a bare line, two
// objects in one message (a server that forgot the blank line between events). Blank data and
// [DONE] are not invalid.
TEST(ParseRecord, InvalidJsonSseMessagesAreCounted) {
  const std::string delta_c = R"({"choices":[{"index":0,"delta":{"content":"c"}}]})";
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .chat_delta(110, "a")
                    .data(115, "not json {")
                    .sse(117, "data: " + delta_c + "\ndata: " + delta_c + "\n\n")
                    .sse(118, "data:\n\n")
                    .chat_delta(120, "b")
                    .done(140)
                    .end(150)
                    .build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_FALSE(p.error);
  ASSERT_EQ(p.responses.size(), 2u);
  EXPECT_EQ(p.invalid_sse_messages, 2u);
}

TEST(ParseRecord, InvalidJsonWholeBodyIsNotAnSseCount) {
  RawRecord r = RawRecordBuilder().start(100).body(120, "not json {").end(130).build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  EXPECT_TRUE(p.error);  // no content: InvalidInferenceResultError, as before
  EXPECT_EQ(p.invalid_sse_messages, 0u);
}

TEST(ParseRecord, LeadingWhitespaceChunkIsContent) {
  RawRecord r = RawRecordBuilder().start(1).chat_delta(5, " ").end(9).build();
  EXPECT_EQ(parse_record(streaming_chat_config().endpoint_type, r).responses.size(), 1u);
}

TEST(ParseRecord, ReasoningContentFallsBackToReasoning) {
  RawRecord r =
      RawRecordBuilder()
          .start(1)
          .data(5, R"({"choices":[{"delta":{"reasoning_content":"think"}}]})")
          .data(6, R"({"choices":[{"delta":{"reasoning_content":"","reasoning":" more"}}]})")
          .data(7, R"({"choices":[{"delta":{"content":"answer","reasoning_content":null}}]})")
          .end(9)
          .build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_EQ(p.responses.size(), 3u);
  EXPECT_EQ(p.responses[0].reasoning, "think");
  EXPECT_EQ(p.responses[1].reasoning, " more");
  EXPECT_EQ(p.responses[2].text, "answer");
  EXPECT_EQ(p.responses[2].reasoning, "");
}

TEST(ParseRecord, ToolCallsContributeNameAndArguments) {
  RawRecord r = RawRecordBuilder()
                    .start(1)
                    .data(5, R"({"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":"get_weather","arguments":"{\"city\":"}}]}}]})")
                    .data(6, R"({"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"Paris\"}"}}]}}]})")
                    .end(9)
                    .build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_EQ(p.responses.size(), 2u);
  EXPECT_EQ(p.responses[0].text, "get_weather{\"city\":");
  EXPECT_EQ(p.responses[1].text, "\"Paris\"}");
}

TEST(ParseRecord, StreamingCompletionsUseChoiceText) {
  RawRecord r = RawRecordBuilder()
                    .start(1)
                    .data(5, R"({"object":"text_completion","choices":[{"index":0,"text":"Once"}]})")
                    .data(6, R"({"object":"text_completion","choices":[{"index":0,"text":""}]})")
                    .end(9)
                    .build();
  ParsedRecord p = parse_record(completions_config().endpoint_type, r);
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].text, "Once");
}

TEST(ParseRecord, NonStreamingChatIsOneResponseAtBodyTime) {
  RawRecord r =
      RawRecordBuilder()
          .start(100)
          .body(500, R"({"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"hi there","reasoning_content":"hmm"}}],"usage":{"prompt_tokens":3,"completion_tokens":4,"completion_tokens_details":{"reasoning_tokens":1}}})")
          .end(510)
          .build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_FALSE(p.error);
  EXPECT_FALSE(p.streamed);
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].perf_ns, 500);
  EXPECT_EQ(p.responses[0].text, "hi there");
  EXPECT_EQ(p.responses[0].reasoning, "hmm");
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->reasoning_tokens, 1);
}

TEST(ParseRecord, NonStreamingCompletionsUseChoiceText) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .body(300, R"({"object":"text_completion","choices":[{"text":"abc"}]})")
                    .end(300)
                    .build();
  ParsedRecord p = parse_record(completions_config().endpoint_type, r);
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].text, "abc");
}

// raw and template take whatever OpenAI shape comes back (§7.4): a completions stream's
// choices[0].text was once dropped, making every template-to-/v1/completions run fail.
TEST(ParseRecord, RawAndTemplateReadCompletionsTextAndChatContent) {
  for (EndpointType type : {EndpointType::raw, EndpointType::template_}) {
    ProfileConfig c = streaming_chat_config();
    c.endpoint_type = type;
    RawRecord stream = RawRecordBuilder()
                           .start(1)
                           .data(5, R"({"object":"text_completion","choices":[{"index":0,"text":" once"}]})")
                           .data(6, R"({"choices":[{"index":0,"delta":{"content":" upon"}}]})")
                           .done(7)
                           .end(9)
                           .build();
    ParsedRecord p = parse_record(c.endpoint_type, stream);
    ASSERT_FALSE(p.error);
    ASSERT_EQ(p.responses.size(), 2u);
    EXPECT_EQ(p.responses[0].text, " once");
    EXPECT_EQ(p.responses[1].text, " upon");
    RawRecord body = RawRecordBuilder().start(1).body(5, R"({"choices":[{"text":"abc"}]})").end(5).build();
    ParsedRecord q = parse_record(c.endpoint_type, body);
    ASSERT_EQ(q.responses.size(), 1u);
    EXPECT_EQ(q.responses[0].text, "abc");
  }
}

TEST(ParseRecord, UsageNormalisesSynonymsAndLastNonEmptyWins) {
  RawRecord r = RawRecordBuilder()
                    .start(1)
                    .data(2, R"({"choices":[{"delta":{"content":"x"}}],"usage":null})")
                    .data(3, R"({"choices":[],"usage":{"input_tokens":9,"output_tokens":2}})")
                    .data(4, R"({"choices":[],"usage":{}})")
                    .end(5)
                    .build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->prompt_tokens, 9);
  EXPECT_EQ(p.usage->completion_tokens, 2);
  EXPECT_FALSE(p.usage->reasoning_tokens);
}

TEST(ParseRecord, Non2xxIsAnErrorWithStatusReasonAndBody) {
  RawRecord r = RawRecordBuilder().start(1).status(500, "Internal Server Error")
                    .body(5, R"({"error":"engine overloaded"})").end(5).build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 500);
  EXPECT_EQ(p.error->type, "Internal Server Error");
  EXPECT_EQ(p.error->message, R"({"error":"engine overloaded"})");
  EXPECT_TRUE(p.responses.empty());
}

TEST(ParseRecord, MissingReasonPhraseUsesTheStandardOne) {
  RawRecord r = RawRecordBuilder().start(1).status(429, "").body(5, "slow down").end(5).build();
  EXPECT_EQ(parse_record(streaming_chat_config().endpoint_type, r).error->type, "Too Many Requests");
}

TEST(ParseRecord, TransportErrorStaysAnError) {
  ErrorDetails e{std::nullopt, "ConnectionRefusedError", "connect: refused"};
  RawRecord r = RawRecordBuilder().start(1).end(2).transport_error(e).build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(*p.error, e);
}

TEST(ParseRecord, Http200WithoutContentIsAnInvalidInferenceResult) {
  RawRecord r = RawRecordBuilder()
                    .start(1)
                    .data(2, R"({"choices":[{"delta":{"role":"assistant"}}]})")
                    .data(3, R"({"choices":[],"usage":{"prompt_tokens":1}})")
                    .done(4)
                    .end(5)
                    .build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_FALSE(p.error->code);
  EXPECT_EQ(p.error->type, "InvalidInferenceResultError");
  EXPECT_NE(p.error->message.find("No responses with actual content"), std::string::npos);
}

TEST(ParseRecord, NonStreamingJsonErrorBodyIsNoContent) {
  RawRecord r = RawRecordBuilder().start(1).body(5, R"({"error":{"message":"bad"}})").end(5).build();
  EXPECT_EQ(parse_record(streaming_chat_config().endpoint_type, r).error->type, "InvalidInferenceResultError");
}

TEST(ParseRecord, ErrorEventUsesItsCommentAnd502) {
  RawRecord r = RawRecordBuilder().start(1).chat_delta(2, "partial")
                    .sse(3, "event: error\n: upstream exploded\n\n").end(4).build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 502);
  EXPECT_EQ(p.error->type, "SSEResponseError");
  EXPECT_EQ(p.error->message, "Error occurred in SSE response: upstream exploded");
  EXPECT_TRUE(p.responses.empty());
}

TEST(ParseRecord, ErrorEventWithoutCommentIsStillAnError) {
  RawRecord r = RawRecordBuilder().start(1).sse(3, "event: error\ndata: oops\n\n").end(4).build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 502);
  EXPECT_NE(p.error->message.find("Unknown error in SSE response"), std::string::npos);
}

TEST(ParseRecord, JsonErrorInStreamTakesAnHttpErrorCode) {
  RawRecord r = RawRecordBuilder().start(1).chat_delta(2, "x")
                    .data(3, R"({"error":{"code":429,"message":"rate limited"}})").end(4).build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 429);
  EXPECT_EQ(p.error->type, "SSEResponseError");
  EXPECT_EQ(p.error->message, "Error occurred in SSE response: rate limited");
}

TEST(ParseRecord, JsonErrorCodeOutsideHttpErrorsBecomes502) {
  RawRecord a = RawRecordBuilder().start(1).data(3, R"({"error":{"code":"overloaded"}})").end(4).build();
  ParsedRecord pa = parse_record(streaming_chat_config().endpoint_type, a);
  ASSERT_TRUE(pa.error);
  EXPECT_EQ(pa.error->code, 502);
  EXPECT_EQ(pa.error->message, R"(Error occurred in SSE response: {"code":"overloaded"})");

  RawRecord b = RawRecordBuilder().start(1).data(3, R"({"error":"boom"})").end(4).build();
  ParsedRecord pb = parse_record(streaming_chat_config().endpoint_type, b);
  EXPECT_EQ(pb.error->code, 502);
  EXPECT_EQ(pb.error->message, "Error occurred in SSE response: boom");
}

TEST(ParseRecord, FalsyJsonErrorIsIgnored) {
  RawRecord r = RawRecordBuilder().start(1)
                    .data(2, R"({"error":null,"choices":[{"delta":{"content":"ok"}}]})").end(4).build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  EXPECT_FALSE(p.error);
  EXPECT_EQ(p.responses.size(), 1u);
}

TEST(ParseRecord, BadTimestampsMakeAnInvalidRecord) {
  RawRecord r = RawRecordBuilder().start(0).chat_delta(5, "x").end(6).build();
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->type, "InvalidInferenceResultError");
  EXPECT_NE(p.error->message.find("Start perf ns"), std::string::npos);
}

TEST(ParseRecord, ChunkRangesPastTheBodyAreClamped) {
  RawRecord r = RawRecordBuilder().start(1).chat_delta(2, "x").end(4).build();
  r.chunks.push_back(ResponseChunk{uint32_t(r.body.size() + 10), 50, 3});
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  EXPECT_FALSE(p.error);
  EXPECT_EQ(p.responses.size(), 1u);
}

TEST(ParseRecord, CancelledRecordIsAnError) {
  RawRecord r = RawRecordBuilder().start(1'000'000'000).chat_delta(1'100'000'000, "x")
                    .end(3'500'000'000).build();
  r.was_cancelled = true;
  ParsedRecord p = parse_record(streaming_chat_config().endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 499);
  // No measured time in the message: the error summary groups records by message.
  EXPECT_EQ(p.error->message, "Request was cancelled");
}


// A reply over 4 MB has its content unescaped straight from the body once the DOM is given back
// (endpoints/openai_message.cpp, "deferred"); the result must be the small reply's, byte for
// byte: escapes, \u escapes and surrogate pairs, tool calls after the content, completion text
// before a message's content (raw endpoint), reasoning and usage read as usual.
TEST(ParseRecord, HugeNonStreamingRepliesReadLikeSmallOnes) {
  const std::string escaped = R"(line\n\"q\" caf\u00e9 \ud83d\ude00 tab\t slash\/ )";
  const std::string plain = "line\n\"q\" caf\xc3\xa9 \xf0\x9f\x98\x80 tab\t slash/ ";
  struct Case {
    EndpointType type;
    std::string before, after;  // around the repeated content string
    std::string expect_tail;    // text after the content
    std::string expect_head;    // text before it
  };
  const std::vector<Case> cases = {
      {EndpointType::chat, R"({"choices":[{"message":{"reasoning_content":"why","content":")",
       R"(","tool_calls":[{"function":{"name":"f","arguments":"{\"a\":1}"}}]}}],"usage":{"completion_tokens":7}})",
       "f{\"a\":1}", ""},
      {EndpointType::completions, R"({"choices":[{"text":")", R"("}],"usage":{"completion_tokens":7}})", "", ""},
      {EndpointType::raw, R"({"choices":[{"text":"head ","message":{"content":")", R"("}}]})", "", "head "},
  };
  for (const Case& c : cases) {
    for (size_t repeats : {size_t(3), size_t(5) << 20 >> 5}) {  // a small reply, and a ~5 MB one
      std::string body = c.before;
      std::string expect = c.expect_head;
      for (size_t i = 0; i < repeats; ++i) body += escaped, expect += plain;
      body += c.after;
      expect += c.expect_tail;
      ProfileConfig config = streaming_chat_config();
      config.endpoint_type = c.type;
      config.streaming = false;
      const RawRecord r = RawRecordBuilder().start(100).body(200, body).end(210).build();
      const ParsedRecord p = parse_record(config.endpoint_type, r);
      ASSERT_FALSE(p.error) << int(c.type);
      ASSERT_EQ(p.responses.size(), 1u) << int(c.type);
      EXPECT_EQ(p.responses[0].text.size(), expect.size()) << int(c.type) << " x" << repeats;
      EXPECT_TRUE(p.responses[0].text == expect) << int(c.type) << " x" << repeats;
      if (c.type == EndpointType::chat) {
        EXPECT_EQ(p.responses[0].reasoning, "why");
      }
      if (c.type != EndpointType::raw) {
        ASSERT_TRUE(p.usage);
        EXPECT_EQ(p.usage->completion_tokens, 7);
      }
    }
  }
}

}  // namespace
}  // namespace aiperf
