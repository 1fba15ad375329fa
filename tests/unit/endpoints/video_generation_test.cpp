// video_generation (workloads-and-endpoints.md §6.5): the submit body, the job object's parser
// and what the response parser makes of the completed job the transport hands over.
#include <gtest/gtest.h>

#include "endpoints/request_builder.h"
#include "endpoints/response_parser.h"
#include "endpoints/video_job.h"
#include "raw_record_builder.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

ProfileConfig video_config() {
  ProfileConfig c;
  c.model_names = {"wan"};
  c.endpoint_type = EndpointType::video_generation;
  return c;
}

DatasetEntry prompt_entry(std::string prompt) {
  DatasetEntry e;
  e.prompt = std::move(prompt);
  e.max_tokens = 64;  // means nothing to a video model: never sent
  return e;
}

TEST(VideoGenerationBody, PromptAndModelThenExtrasThenTurnExtras) {
  ProfileConfig c = video_config();
  c.extra_inputs = {{"size", "1280x720"}, {"seconds", "4"}, {"seed", 7}, {"num_inference_steps", 30},
                    {"guidance_scale", 5.5}, {"negative_prompt", "blurry"}, {"fps", 16}, {"num_frames", 65}};
  DatasetEntry e = prompt_entry("a whale breaching at dawn");
  e.parts.edit().turn_extra_bodies = {R"({"seed":11,"model":"wan-fast"})"};
  EXPECT_EQ(build_request_body(c, e),
            R"({"prompt":"a whale breaching at dawn","model":"wan-fast","size":"1280x720","seconds":"4","seed":11,)"
            R"("num_inference_steps":30,"guidance_scale":5.5,"negative_prompt":"blurry","fps":16,"num_frames":65})");
}

// Upstream's default encoding: the same fields, in the same order, as form fields (numbers as
// their text).
TEST(VideoGenerationBody, MultipartFormFields) {
  ProfileConfig c = video_config();
  c.multipart = true;
  c.multipart_boundary = "B";
  c.extra_inputs = {{"size", "640x360"}, {"seed", 7}, {"guidance_scale", 5.5}, {"negative_prompt", nullptr}};
  DatasetEntry e = prompt_entry("a cat");
  e.parts.edit().turn_extra_bodies = {R"({"seed":11})"};
  auto field = [](const char* name, const char* value) {
    return std::string("--B\r\nContent-Disposition: form-data; name=\"") + name + "\"\r\n\r\n" + value + "\r\n";
  };
  EXPECT_EQ(build_request_body(c, e), field("prompt", "a cat") + field("model", "wan") + field("size", "640x360") +
                                          field("seed", "11") + field("guidance_scale", "5.5") + "--B--\r\n");
}

TEST(VideoGenerationBody, NoStreamNoMaxTokens) {
  EXPECT_EQ(build_request_body(video_config(), prompt_entry("a cat")), R"({"prompt":"a cat","model":"wan"})");
}

TEST(VideoGenerationBody, EmptyLeadingTextTakesTheFirstOtherText) {
  DatasetEntry e = prompt_entry("");
  e.parts.edit().more_texts = {"", "second", "third"};
  EXPECT_EQ(build_request_body(video_config(), e), R"({"prompt":"second","model":"wan"})");
}

TEST(VideoJobParser, ReadsEveryField) {
  auto job = parse_video_job(
      R"({"id":"video_1","object":"video","status":"completed","progress":100,"url":"https://cdn/x.mp4",)"
      R"("size":"1280x720","seconds":4,"quality":"standard","model":"wan","created_at":1700000000,)"
      R"("completed_at":1700000012,"expires_at":1700003600,"inference_time_s":11.5,"peak_memory_mb":40960.25,)"
      R"("error":null,"usage":{"prompt_tokens":9,"total_tokens":9}})");
  ASSERT_TRUE(job);
  EXPECT_EQ(job->id, "video_1");
  EXPECT_EQ(job->object, "video");
  EXPECT_EQ(job->state, VideoJobState::completed);
  EXPECT_EQ(job->progress, 100);
  EXPECT_EQ(job->url, "https://cdn/x.mp4");
  EXPECT_EQ(job->size, "1280x720");
  EXPECT_EQ(job->seconds, "4");  // a number kept as its text
  EXPECT_EQ(job->quality, "standard");
  EXPECT_EQ(job->model, "wan");
  EXPECT_EQ(job->created_at, 1700000000);
  EXPECT_EQ(job->completed_at, 1700000012);
  EXPECT_EQ(job->expires_at, 1700003600);
  EXPECT_EQ(job->inference_time_s, 11.5);
  EXPECT_EQ(job->peak_memory_mb, 40960.25);
  EXPECT_EQ(job->error, "");
  ASSERT_TRUE(job->usage);
  EXPECT_EQ(job->usage->prompt_tokens, 9);
  EXPECT_EQ(job->usage->total_tokens, 9);
  EXPECT_FALSE(job->usage->completion_tokens);
}

TEST(VideoJobParser, StatesAndErrors) {
  EXPECT_EQ(parse_video_job(R"({"id":"a","status":"queued"})")->state, VideoJobState::queued);
  EXPECT_EQ(parse_video_job(R"({"id":"a","status":"in_progress","progress":40})")->state, VideoJobState::in_progress);
  auto failed = parse_video_job(R"({"id":"a","status":"failed","error":{"code":"oom","message":"out of memory"}})");
  EXPECT_EQ(failed->state, VideoJobState::failed);
  EXPECT_EQ(failed->error, "out of memory");
  EXPECT_EQ(parse_video_job(R"({"id":"a","status":"failed","error":"boom"})")->error, "boom");
  EXPECT_EQ(parse_video_job(R"({"id":"a","status":"weird"})")->state, VideoJobState::unknown);
  EXPECT_FALSE(parse_video_job("not json"));
  EXPECT_FALSE(parse_video_job("[1,2]"));
  // A member of the wrong type is absent, not a failure.
  auto odd = parse_video_job(R"({"id":"a","status":"completed","inference_time_s":"fast"})");
  ASSERT_TRUE(odd);
  EXPECT_FALSE(odd->inference_time_s);
}

TEST(VideoResponseParse, CompletedJobIsOneContentResponseWithTheVideoFigures) {
  RawRecord r = RawRecordBuilder()
                    .start(1'000)
                    .body(9'000, R"({"id":"v","status":"completed","inference_time_s":2.5,"peak_memory_mb":512,)"
                                 R"("usage":{"prompt_tokens":4}})")
                    .end(9'000)
                    .build();
  ParsedRecord p = parse_record(video_config().endpoint_type, r);
  ASSERT_FALSE(p.error);
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].perf_ns, 9'000);
  EXPECT_EQ(p.responses[0].videos, 1);
  EXPECT_EQ(p.video_inference_time_s, 2.5);
  EXPECT_EQ(p.video_peak_memory_mb, 512);
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->prompt_tokens, 4);
}

TEST(VideoResponseParse, AJobThatIsNotCompletedHasNoContent) {
  RawRecord r = RawRecordBuilder().start(1).body(5, R"({"id":"v","status":"in_progress"})").end(5).build();
  ParsedRecord p = parse_record(video_config().endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->type, "InvalidInferenceResultError");
}

TEST(VideoResponseParse, TheTransportsJobFailureIsTheRecordsError) {
  RawRecord r = RawRecordBuilder().start(1).body(5, R"({"id":"v","status":"failed"})").end(5).build();
  r.error = ErrorDetails{500, "VideoGenerationError", "out of memory"};
  ParsedRecord p = parse_record(video_config().endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(*p.error, (ErrorDetails{500, "VideoGenerationError", "out of memory"}));
}

}  // namespace
}  // namespace aiperf
