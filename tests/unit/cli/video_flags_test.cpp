// --endpoint-type video_generation and --download-video-content (cli-and-load.md).
#include "parse_helpers.h"

namespace aiperf {
namespace {

using cli_test::flag_error;
using cli_test::parse_flags;

TEST(VideoFlags, VideoGenerationNeverStreamsAndDownloadsOnlyWhenAsked) {
  ProfileConfig c = parse_flags({"--endpoint-type", "video_generation", "--streaming"});
  EXPECT_EQ(c.endpoint_type, EndpointType::video_generation);
  EXPECT_FALSE(c.streaming);
  EXPECT_FALSE(c.download_video_content);
  EXPECT_EQ(c.endpoint_path(), "/v1/videos");
  EXPECT_TRUE(parse_flags({"--endpoint-type", "video_generation", "--download-video-content"}).download_video_content);
}

TEST(VideoFlags, DownloadBelongsToVideoGeneration) {
  EXPECT_EQ(flag_error({"--download-video-content"}),
            "--download-video-content requires --endpoint-type video_generation (got chat)");
}

}  // namespace
}  // namespace aiperf
