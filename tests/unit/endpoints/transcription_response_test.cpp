#include "endpoints/transcription_response.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

ParsedRecord parse(std::string_view body) {
  ParsedRecord out;
  parse_transcription_body(body, 42, out);
  return out;
}

TEST(TranscriptionResponse, JsonTextAndUsage) {
  const ParsedRecord r = parse(R"({"text":"hello world","usage":{"type":"tokens","input_tokens":7,"output_tokens":2,"total_tokens":9}})");
  ASSERT_EQ(r.responses.size(), 1u);
  EXPECT_EQ(r.responses[0].text, "hello world");
  EXPECT_EQ(r.responses[0].perf_ns, 42);
  ASSERT_TRUE(r.usage);
  EXPECT_EQ(r.usage->prompt_tokens, 7);
  EXPECT_EQ(r.usage->completion_tokens, 2);
  EXPECT_EQ(r.usage->total_tokens, 9);
}

TEST(TranscriptionResponse, VerboseJsonWithoutUsage) {
  const ParsedRecord r = parse(R"({"task":"transcribe","duration":1.5,"text":"hi","segments":[]})");
  ASSERT_EQ(r.responses.size(), 1u);
  EXPECT_EQ(r.responses[0].text, "hi");
  EXPECT_FALSE(r.usage);
}

TEST(TranscriptionResponse, TextSrtAndVttBodiesAreTheTranscript) {
  EXPECT_EQ(parse("hello there").responses.at(0).text, "hello there");
  const std::string srt = "1\n00:00:00,000 --> 00:00:01,000\nhello\n\n";
  EXPECT_EQ(parse(srt).responses.at(0).text, srt);
  EXPECT_EQ(parse("\"quoted transcript\"").responses.at(0).text, "quoted transcript");
}

TEST(TranscriptionResponse, NoTranscriptMeansNoContent) {
  EXPECT_TRUE(parse("").responses.empty());
  EXPECT_TRUE(parse(R"({"text":""})").responses.empty());
  EXPECT_TRUE(parse(R"({"segments":[]})").responses.empty());
  EXPECT_TRUE(parse(R"({"error":{"message":"bad audio"},"text":"x"})").responses.empty());
  EXPECT_EQ(parse("1984").responses.at(0).text, "1984");  // a text transcript that is valid JSON
}

}  // namespace
}  // namespace aiperf
