// --request-content-type and the form endpoints' defaults (cli-and-load.md §3.1,
// workloads-and-endpoints.md §6.5, §7.1, §7.5).
#include <gtest/gtest.h>

#include "parse_helpers.h"

namespace aiperf {
namespace {

using cli_test::flag_error;
using cli_test::parse_flags;

TEST(RequestContentTypeFlag, JsonEndpointsDefaultToJsonAndAcceptItExplicitly) {
  EXPECT_FALSE(parse_flags({}).multipart);
  EXPECT_TRUE(parse_flags({}).multipart_boundary.empty());
  EXPECT_FALSE(parse_flags({"--request-content-type", "application/json"}).multipart);
  EXPECT_FALSE(parse_flags({"--request-content-type", "Application/JSON"}).multipart);
}

TEST(RequestContentTypeFlag, MultipartOnAnEndpointWithoutAFormIsRefused) {
  EXPECT_EQ(flag_error({"--request-content-type", "multipart/form-data"}),
            "--request-content-type multipart/form-data: --endpoint-type chat has no form body (form endpoints: "
            "image_edit, audio_transcription, video_generation)");
}

TEST(RequestContentTypeFlag, UnknownValueIsRefusedWithTheChoices) {
  EXPECT_EQ(flag_error({"--request-content-type", "text/plain"}),
            "--request-content-type: invalid choice 'text/plain' (choose from application/json, multipart/form-data)");
}

TEST(RequestContentTypeFlag, RecordedInInputConfig) {
  EXPECT_EQ(parse_flags({}).to_json()["endpoint"]["request_content_type"], "application/json");
}

TEST(RequestContentTypeFlag, FormEndpointsDefaultToMultipartWithARandomBoundary) {
  const ProfileConfig a = parse_flags({"--endpoint-type", "audio_transcription", "--audio-length-mean", "1"});
  const ProfileConfig b = parse_flags({"--endpoint-type", "audio_transcription", "--audio-length-mean", "1"});
  EXPECT_TRUE(a.multipart);
  EXPECT_EQ(a.multipart_boundary.size(), std::string("aiperf-boundary-").size() + 32);
  EXPECT_TRUE(a.multipart_boundary.starts_with("aiperf-boundary-"));
  EXPECT_NE(a.multipart_boundary, b.multipart_boundary);
  EXPECT_EQ(a.to_json()["endpoint"]["request_content_type"], "multipart/form-data");
  EXPECT_TRUE(parse_flags({"--endpoint-type", "audio_transcription", "--audio-length-mean", "1", "--request-content-type",
                     "multipart/form-data"})
                  .multipart);
}

TEST(RequestContentTypeFlag, JsonForAnUploadEndpointIsRefused) {
  EXPECT_EQ(flag_error({"--endpoint-type", "audio_transcription", "--audio-length-mean", "1", "--request-content-type",
                      "application/json"}),
            "--request-content-type application/json: --endpoint-type audio_transcription uploads a file and needs "
            "multipart/form-data");
}

TEST(RequestContentTypeFlag, SigV4AndSageMakerRefuseMultipart) {
  EXPECT_EQ(flag_error({"--endpoint-type", "audio_transcription", "--audio-length-mean", "1", "--auth-type", "sigv4",
                      "--aws-region", "us-east-1", "--aws-service", "execute-api"}),
            "--auth-type sigv4: SigV4 signing of multipart/form-data bodies is not supported (--endpoint-type "
            "audio_transcription sends a form)");
  EXPECT_EQ(flag_error({"--endpoint-type", "audio_transcription", "--audio-length-mean", "1",
                      "--sagemaker-endpoint-name", "asr", "--aws-region", "us-east-1"}),
            "--sagemaker-endpoint-name: SigV4 signing of multipart/form-data bodies is not supported (--endpoint-type "
            "audio_transcription sends a form)");
}

TEST(RequestContentTypeFlag, TranscriptionNeedsSyntheticAudioAndNoImages) {
  EXPECT_EQ(flag_error({"--endpoint-type", "audio_transcription"}),
            "--endpoint-type audio_transcription needs --audio-length-mean > 0 (every request uploads its turn's "
            "first audio clip)");
  EXPECT_EQ(flag_error({"--endpoint-type", "audio_transcription", "--audio-length-mean", "1", "--image-width-mean", "8",
                      "--image-height-mean", "8"}),
            "--image-width-mean: --endpoint-type audio_transcription uploads audio only");
}

}  // namespace
}  // namespace aiperf
