// Hand-written TGI and Solido RAG bodies and event streams through parse_record
// (workloads-and-endpoints.md §7.4).
#include <gtest/gtest.h>

#include <string>

#include "endpoints/response_parser.h"
#include "parsed_record_helpers.h"
#include "raw_record_builder.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

ProfileConfig generate_config(EndpointType type, bool streaming = true) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.endpoint_type = type;
  c.streaming = streaming;
  return c;
}

using testing::text_of;

// One TGI stream event: `data:{"index":…,"token":{…},"generated_text":…,"details":…}`.
std::string tgi_event(int index, std::string_view text, bool special = false, std::string_view tail = "null,\"details\":null") {
  return "data:{\"index\":" + std::to_string(index) + ",\"token\":{\"id\":" + std::to_string(100 + index) +
         ",\"text\":\"" + std::string(text) + "\",\"logprob\":-0.5,\"special\":" + (special ? "true" : "false") +
         "},\"generated_text\":" + std::string(tail) + "}\n\n";
}

TEST(TgiStream, TokensCountOnceAndTheFinalGeneratedTextIsNotRepeated) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .sse(105, ": keep-alive\n\n")
                    .sse(110, tgi_event(1, "Hello"))
                    .sse(120, tgi_event(2, ""))  // an empty token carries no content
                    .sse(130, tgi_event(3, " world"))
                    .sse(135, "\n\n")
                    .sse(140, tgi_event(4, "!", false,
                                        R"("Hello world!","details":{"finish_reason":"length","generated_tokens":4,"seed":null})"))
                    .end(150)
                    .build();
  ParsedRecord p = parse_record(generate_config(EndpointType::huggingface_generate).endpoint_type, r);
  ASSERT_FALSE(p.error) << p.error->message;
  ASSERT_EQ(p.responses.size(), 3u);
  EXPECT_EQ(p.responses[0].perf_ns, 110);
  EXPECT_EQ(p.responses[1].perf_ns, 130);
  EXPECT_EQ(p.responses[2].perf_ns, 140);
  EXPECT_EQ(text_of(p), "Hello world!");
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->completion_tokens, 4);
  EXPECT_FALSE(p.usage->prompt_tokens);
}

TEST(TgiStream, SpecialTokensAreNotOutputText) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .sse(110, tgi_event(1, "Hi"))
                    .sse(120, tgi_event(2, "</s>", true,
                                        R"("Hi","details":{"finish_reason":"eos_token","generated_tokens":2,)"
                                        R"("input_length":7,"seed":null})"))
                    .end(130)
                    .build();
  ParsedRecord p = parse_record(generate_config(EndpointType::huggingface_generate).endpoint_type, r);
  ASSERT_FALSE(p.error) << p.error->message;
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(text_of(p), "Hi");
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->completion_tokens, 2);  // the server's count includes the EOS token
  EXPECT_EQ(p.usage->prompt_tokens, 7);
}

TEST(TgiStream, ErrorEventMakesAnErrorRecordNamingItsType) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .sse(110, tgi_event(1, "partial"))
                    .sse(120, R"(data:{"error":"Request failed during generation: CUDA OOM","error_type":"generation"})"
                              "\n\n")
                    .end(130)
                    .build();
  ParsedRecord p = parse_record(generate_config(EndpointType::huggingface_generate).endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 502);
  EXPECT_EQ(p.error->type, "SSEResponseError");
  EXPECT_EQ(p.error->message,
            "Error occurred in SSE response: Request failed during generation: CUDA OOM (error_type: generation)");
  EXPECT_TRUE(p.responses.empty());
}

TEST(TgiStream, StreamOfOnlyNonContentIsAnInvalidInferenceResult) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .sse(110, ": ping\n\n")
                    .sse(120, tgi_event(1, "<|eot|>", true, R"("","details":{"generated_tokens":1})"))
                    .end(130)
                    .build();
  ParsedRecord p = parse_record(generate_config(EndpointType::huggingface_generate).endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->type, "InvalidInferenceResultError");
}

TEST(TgiBody, GeneratedTextOfAnObjectOrTheFirstListElement) {
  for (const char* body : {R"({"generated_text":"Once upon","details":{"finish_reason":"length","generated_tokens":2}})",
                           R"([{"generated_text":"Once upon"},{"generated_text":"ignored"}])"}) {
    SCOPED_TRACE(body);
    RawRecord r = RawRecordBuilder().start(100).body(140, body).end(150).build();
    ParsedRecord p = parse_record(generate_config(EndpointType::huggingface_generate, false).endpoint_type, r);
    ASSERT_FALSE(p.error) << p.error->message;
    ASSERT_EQ(p.responses.size(), 1u);
    EXPECT_EQ(p.responses[0].perf_ns, 140);
    EXPECT_EQ(text_of(p), "Once upon");
  }
  RawRecord r = RawRecordBuilder().start(100).body(140, R"({"generated_text":"x","details":{"generated_tokens":2}})").end(150).build();
  ParsedRecord p = parse_record(generate_config(EndpointType::huggingface_generate, false).endpoint_type, r);
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->completion_tokens, 2);
}

TEST(TgiBody, EmptyListOrNoGeneratedTextHasNoContent) {
  for (const char* body : {"[]", R"({"details":null})", R"({"generated_text":null})"}) {
    RawRecord r = RawRecordBuilder().start(100).body(140, body).end(150).build();
    ParsedRecord p = parse_record(generate_config(EndpointType::huggingface_generate, false).endpoint_type, r);
    ASSERT_TRUE(p.error) << body;
    EXPECT_EQ(p.error->type, "InvalidInferenceResultError") << body;
  }
}

TEST(SolidoRag, WholeBodyContentAndSources) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .body(140, R"({"content":"Use a PVT corner sweep.","sources":[{"title":"SDE guide","page":3}]})")
                    .end(150)
                    .build();
  ParsedRecord p = parse_record(generate_config(EndpointType::solido_rag, false).endpoint_type, r);
  ASSERT_FALSE(p.error) << p.error->message;
  EXPECT_EQ(text_of(p), "Use a PVT corner sweep.");
}

TEST(SolidoRag, StreamedContentPiecesThenSources) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .data(110, R"({"content":"Use"})")
                    .sse(115, ": keep-alive\n\n")
                    .data(120, R"({"content":" a sweep."})")
                    .data(130, R"({"content":"","sources":[{"title":"SDE guide"}]})")
                    .done(140)
                    .end(150)
                    .build();
  ParsedRecord p = parse_record(generate_config(EndpointType::solido_rag).endpoint_type, r);
  ASSERT_FALSE(p.error) << p.error->message;
  ASSERT_EQ(p.responses.size(), 2u);
  EXPECT_EQ(p.responses[1].perf_ns, 120);
  EXPECT_EQ(text_of(p), "Use a sweep.");
}

TEST(SolidoRag, ErrorEventMidStream) {
  RawRecord r = RawRecordBuilder()
                    .start(100)
                    .data(110, R"({"content":"Use"})")
                    .data(120, R"({"error":{"message":"retriever down","code":503}})")
                    .end(150)
                    .build();
  ParsedRecord p = parse_record(generate_config(EndpointType::solido_rag).endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 503);
  EXPECT_EQ(p.error->message, "Error occurred in SSE response: retriever down");
}

}  // namespace
}  // namespace aiperf
