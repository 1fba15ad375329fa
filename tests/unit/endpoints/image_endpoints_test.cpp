// Request bodies and response parsing of image_generation and image_retrieval
// (workloads-and-endpoints.md §6.5, §7.4).
#include <gtest/gtest.h>

#include "endpoints/image_response.h"
#include "endpoints/request_builder.h"
#include "endpoints/response_parser.h"
#include "../support/endpoint_fixtures.h"
#include "parsed_record_helpers.h"
#include "raw_record_builder.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

using testing::endpoint_config;

DatasetEntry prompt_entry() {
  DatasetEntry e;
  e.conversation_id = "session_000000";
  e.prompt = "a red fox";
  e.parts.edit().more_texts = {"ignored second text"};
  e.max_tokens = 32;  // an image model takes no token budget: never sent
  return e;
}

TEST(ImageGenerationBody, PromptModelFormatAndOneImage) {
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::image_generation), prompt_entry()),
            R"({"prompt":"a red fox","model":"m","response_format":"b64_json","n":1})");
}

TEST(ImageGenerationBody, StreamingAddsStreamButNoStreamOptions) {
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::image_generation, true), prompt_entry()),
            R"({"prompt":"a red fox","model":"m","response_format":"b64_json","n":1,"stream":true})");
}

TEST(ImageGenerationBody, ExtraInputsThenTurnExtrasOverrideAnything) {
  ProfileConfig c = endpoint_config(EndpointType::image_generation, true);
  c.extra_inputs = {{"size", "512x512"}, {"n", 2}, {"partial_images", 2}};
  DatasetEntry e = prompt_entry();
  e.parts.edit().turn_extra_bodies = {R"({"size":"256x256","response_format":"url"})"};
  EXPECT_EQ(build_request_body(c, e),
            R"({"prompt":"a red fox","model":"m","response_format":"url","n":2,"stream":true,)"
            R"("size":"256x256","partial_images":2})");
}

TEST(ImageGenerationBody, FirstNonEmptyTextWhenThePromptIsEmpty) {
  DatasetEntry e = prompt_entry();
  e.prompt = "";
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::image_generation), e),
            R"({"prompt":"ignored second text","model":"m","response_format":"b64_json","n":1})");
}

TEST(ImageRetrievalBody, OneImageUrlEntryPerImageAndNoModel) {
  ProfileConfig c = endpoint_config(EndpointType::image_retrieval);
  c.extra_inputs = {{"top_k", 3}};
  DatasetEntry e = prompt_entry();
  e.parts.edit().turn_media = {{.images = {"data:image/png;base64,AAAA", "data:image/jpeg;base64,BBBB"}, .audios = {}, .audio_duration_seconds = {}}};
  EXPECT_EQ(build_request_body(c, e),
            R"({"input":[{"type":"image_url","url":"data:image/png;base64,AAAA"},)"
            R"({"type":"image_url","url":"data:image/jpeg;base64,BBBB"}],"top_k":3})");
}

TEST(ImageRetrievalBody, ATurnWithoutImagesIsAConfigError) {
  try {
    build_request_body(endpoint_config(EndpointType::image_retrieval), prompt_entry());
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("image_retrieval needs at least one image per turn"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("'session_000000' turn 0"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("--image-width-mean"), std::string::npos);
  }
}

using testing::parse_body;

TEST(ImageResponse, WholeBodyDataItemsAndSettings) {
  std::string body =
      R"({"created":1,"data":[{"b64_json":"iVBORw0K","revised_prompt":"a red fox, watercolour"},{"url":"https://x/y.png"}],)"
      R"("size":"1024x1024","quality":"high","output_format":"png","background":"opaque",)"
      R"("usage":{"input_tokens":5,"output_tokens":272,"total_tokens":277}})";
  const ImageResult r = read_image_response(EndpointType::image_generation, body);
  EXPECT_EQ(r.images, 2);
  EXPECT_FALSE(r.partial);
  EXPECT_EQ(r.revised_prompt, "a red fox, watercolour");
  EXPECT_EQ(r.size, "1024x1024");
  EXPECT_EQ(r.quality, "high");
  EXPECT_EQ(r.output_format, "png");
  EXPECT_EQ(r.background, "opaque");

  ParsedRecord p = parse_body(EndpointType::image_generation, body);
  ASSERT_FALSE(p.error) << p.error->message;
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].images, 2);
  EXPECT_TRUE(p.responses[0].text.empty());
  EXPECT_EQ(p.responses[0].perf_ns, 250);
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->prompt_tokens, 5);
  EXPECT_EQ(p.usage->completion_tokens, 272);
}

TEST(ImageResponse, StreamPreviewsThenTheCompletedImage) {
  RawRecordBuilder b;
  b.start(100)
      .sse(200, "event: image_generation.partial_image\ndata: {\"type\":\"image_generation.partial_image\","
                "\"b64_json\":\"AAAA\",\"partial_image_index\":0}\n\n")
      .sse(300, "event: image_generation.partial_image\ndata: {\"type\":\"image_generation.partial_image\","
                "\"b64_json\":\"BBBB\",\"partial_image_index\":1}\n\n")
      .sse(400, "event: image_generation.completed\ndata: {\"type\":\"image_generation.completed\","
                "\"b64_json\":\"CCCC\",\"usage\":{\"input_tokens\":3,\"output_tokens\":9}}\n\n")
      .end(410);
  ParsedRecord p = parse_record(endpoint_config(EndpointType::image_generation, true).endpoint_type, b.build());
  ASSERT_FALSE(p.error) << p.error->message;
  EXPECT_TRUE(p.streamed);
  ASSERT_EQ(p.responses.size(), 3u);
  EXPECT_TRUE(p.responses[0].partial_image);
  EXPECT_TRUE(p.responses[1].partial_image);
  EXPECT_FALSE(p.responses[2].partial_image);
  for (const ParsedResponse& r : p.responses) EXPECT_EQ(r.images, 1);
  EXPECT_EQ(p.responses[0].perf_ns, 200);
  EXPECT_EQ(p.responses[2].perf_ns, 400);
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->completion_tokens, 9);
}

TEST(ImageResponse, UntypedEventWithAnIndexIsAPreview) {
  std::string json = R"({"b64_json":"AAAA","partial_image_index":2})";
  const ImageResult r = read_image_response(EndpointType::image_generation, json);
  EXPECT_EQ(r.images, 1);
  EXPECT_TRUE(r.partial);
  EXPECT_EQ(r.partial_image_index, 2);
}

TEST(ImageResponse, NoImageIsAnErrorRecord) {
  for (std::string_view body : {R"({"created":1,"data":[]})", R"({"data":[{"revised_prompt":"x"}]})",
                                R"({"data":[{"b64_json":""}]})", "not json", R"([1,2])"}) {
    ParsedRecord p = parse_body(EndpointType::image_generation, body);
    ASSERT_TRUE(p.error) << body;
    EXPECT_EQ(p.error->type, "InvalidInferenceResultError") << body;
  }
}

TEST(ImageResponse, StreamErrorEventIsTheRecordError) {
  RawRecordBuilder b;
  b.start(100)
      .sse(200, "event: image_generation.partial_image\ndata: {\"b64_json\":\"AAAA\",\"partial_image_index\":0}\n\n")
      .data(300, R"({"error":{"message":"content policy","code":400}})")
      .end(310);
  ParsedRecord p = parse_record(endpoint_config(EndpointType::image_generation, true).endpoint_type, b.build());
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 400);
  EXPECT_EQ(p.error->message, "Error occurred in SSE response: content policy");
  EXPECT_TRUE(p.responses.empty());
}

TEST(ImageResponse, RetrievalDataListIsTheContent) {
  ParsedRecord p = parse_body(EndpointType::image_retrieval, R"({"data":[{"index":0,"score":1},{"index":1,"score":0.5}]})");
  ASSERT_FALSE(p.error) << p.error->message;
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].vector_items, 2);
  EXPECT_EQ(p.responses[0].images, 0);
  for (std::string_view body : {R"({"data":[]})", R"({"results":[1]})", "<html>"})
    EXPECT_TRUE(parse_body(EndpointType::image_retrieval, body).error) << body;
}

TEST(ImageResponse, HttpErrorsAsForOtherEndpoints) {
  RawRecord r = RawRecordBuilder().start(100).status(400, "Bad Request").body(200, R"({"error":"bad size"})").end(210).build();
  ParsedRecord p = parse_record(endpoint_config(EndpointType::image_generation).endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 400);
  EXPECT_EQ(p.error->message, R"({"error":"bad size"})");
}

}  // namespace
}  // namespace aiperf
