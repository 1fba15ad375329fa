// vLLM's per-request speculative-decoding object (root metrics.speculative_decoding) as the
// record parser reads it: in a body, in a stream's final usage-only chunk, last object wins.
#include <gtest/gtest.h>

#include "endpoints/response_parser.h"
#include "raw_record_builder.h"
#include "../support/endpoint_fixtures.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

using testing::endpoint_config;

constexpr const char* kSpec =
    R"("metrics":{"speculative_decoding":{"mean_acceptance_length":2.5,"draft_acceptance_rate":0.375,)"
    R"("acceptance_histogram":[1,2,1,0,0],"num_spec_steps":4,"num_accepted_draft_tokens":6,)"
    R"("num_draft_tokens":16,"num_spec_tokens":4}})";

void expect_counts(const ParsedRecord& p, int64_t steps, int64_t accepted, int64_t drafts) {
  ASSERT_FALSE(p.error);
  ASSERT_TRUE(p.spec_decode);
  EXPECT_EQ(p.spec_decode->num_spec_steps, steps);
  EXPECT_EQ(p.spec_decode->num_accepted_draft_tokens, accepted);
  EXPECT_EQ(p.spec_decode->num_draft_tokens, drafts);
}

TEST(SpecDecodeParse, ChatBody) {
  RawRecord r = RawRecordBuilder().start(1).body(50,
      std::string(R"({"object":"chat.completion","choices":[{"index":0,"message":{"content":"hi"}}],)"
                  R"("usage":{"prompt_tokens":3,"completion_tokens":11},)") + kSpec + "}")
                    .end(60).build();
  expect_counts(parse_record(endpoint_config(EndpointType::chat, false).endpoint_type, r), 4, 6, 16);
}

TEST(SpecDecodeParse, CompletionsBody) {
  RawRecord r = RawRecordBuilder().start(1).body(50,
      std::string(R"({"object":"text_completion","choices":[{"index":0,"text":"hi"}],)") + kSpec + "}")
                    .end(60).build();
  expect_counts(parse_record(endpoint_config(EndpointType::completions, false).endpoint_type, r), 4, 6, 16);
}

TEST(SpecDecodeParse, StreamFinalUsageChunk) {
  RawRecord r = RawRecordBuilder().start(1).chat_delta(10, "a").chat_delta(20, " b")
                    .data(30, std::string(R"({"choices":[],"usage":{"completion_tokens":2},)") + kSpec + "}")
                    .done(40).end(50).build();
  ParsedRecord p = parse_record(endpoint_config(EndpointType::chat, true).endpoint_type, r);
  expect_counts(p, 4, 6, 16);
  EXPECT_EQ(p.responses.size(), 2u);  // the usage chunk is still not content
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->completion_tokens, 2);
}

TEST(SpecDecodeParse, CompletionsStreamFinalUsageChunk) {
  RawRecord r = RawRecordBuilder().start(1).data(10, R"({"choices":[{"index":0,"text":"a"}]})")
                    .data(30, std::string(R"({"choices":[],)") + kSpec + "}").done(40).end(50).build();
  expect_counts(parse_record(endpoint_config(EndpointType::completions, true).endpoint_type, r), 4, 6, 16);
}

TEST(SpecDecodeParse, LastObjectWinsWhole) {
  RawRecord r = RawRecordBuilder().start(1).chat_delta(10, "a")
                    .data(20, R"({"choices":[],"metrics":{"speculative_decoding":{"num_spec_steps":1,)"
                              R"("num_accepted_draft_tokens":1,"num_draft_tokens":2}}})")
                    .data(30, R"({"choices":[],"metrics":{"speculative_decoding":{"num_spec_steps":7}}})")
                    .end(50).build();
  ParsedRecord p = parse_record(endpoint_config(EndpointType::chat, true).endpoint_type, r);
  ASSERT_TRUE(p.spec_decode);
  EXPECT_EQ(p.spec_decode->num_spec_steps, 7);
  EXPECT_FALSE(p.spec_decode->num_accepted_draft_tokens);  // not merged field by field
  EXPECT_FALSE(p.spec_decode->num_draft_tokens);
}

TEST(SpecDecodeParse, AbsentEmptyOrMalformedIsNotStats) {
  auto parse_body = [](const std::string& extra) {
    RawRecord r = RawRecordBuilder().start(1).body(50,
        R"({"choices":[{"index":0,"message":{"content":"hi"}}])" + extra + "}").end(60).build();
    return parse_record(endpoint_config(EndpointType::chat, false).endpoint_type, r);
  };
  EXPECT_FALSE(parse_body("").spec_decode);
  EXPECT_FALSE(parse_body(R"(,"metrics":{})").spec_decode);
  EXPECT_FALSE(parse_body(R"(,"metrics":{"speculative_decoding":{}})").spec_decode);
  EXPECT_FALSE(parse_body(R"(,"metrics":{"speculative_decoding":[1,2]})").spec_decode);
  // The never-released per-choice format is not read.
  EXPECT_FALSE(parse_body(R"(,"speculative_decoding_stats":{"num_spec_steps":3})").spec_decode);
  // A negative or fractional count is dropped; the rest of the object is kept.
  ParsedRecord p = parse_body(R"(,"metrics":{"speculative_decoding":{"num_spec_steps":-1,)"
                              R"("num_accepted_draft_tokens":2.5,"num_draft_tokens":8.0}})");
  ASSERT_TRUE(p.spec_decode);
  EXPECT_FALSE(p.spec_decode->num_spec_steps);
  EXPECT_FALSE(p.spec_decode->num_accepted_draft_tokens);
  EXPECT_EQ(p.spec_decode->num_draft_tokens, 8);
}

}  // namespace
}  // namespace aiperf
