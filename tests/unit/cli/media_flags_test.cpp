// --image-* and --audio-* (cli-and-load.md §3.8, workloads-and-endpoints.md §6.1, §6.2).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/profile_cli.h"
#include "parse_helpers.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using cli_test::flag_error;
using cli_test::parse_flags;

TEST(MediaFlags, DefaultsLeaveMediaOff) {
  const ProfileConfig c = parse_flags({});
  EXPECT_FALSE(c.media.enabled());
  EXPECT_EQ(c.media.image.batch_size, 1);
  EXPECT_EQ(c.media.audio.depths, std::vector<int>{16});
}

TEST(MediaFlags, ImageAndAudioValuesAndAliases) {
  const ProfileConfig c = parse_flags({"--image-width-mean", "64", "--image-height-mean", "32", "--image-width-stddev", "4",
                                 "--batch-size-image", "3", "--image-format", "JPEG", "--audio-length-mean", "0.5",
                                 "--audio-batch-size", "2", "--audio-depths", "8", "24", "--audio-sample-rates", "16",
                                 "44100", "--audio-num-channels", "2", "--image-source", "noise"});
  EXPECT_TRUE(c.media.image.enabled());
  EXPECT_EQ(c.media.image.width_mean, 64);
  EXPECT_EQ(c.media.image.width_stddev, 4);
  EXPECT_EQ(c.media.image.batch_size, 3);
  EXPECT_EQ(c.media.image.format, ImageFormat::jpeg);
  EXPECT_EQ(c.media.audio.batch_size, 2);
  EXPECT_EQ(c.media.audio.depths, (std::vector<int>{8, 24}));
  EXPECT_EQ(c.media.audio.sample_rates_khz, (std::vector<double>{16, 44100}));
  EXPECT_EQ(c.media.audio.num_channels, 2);
}

TEST(MediaFlags, ImageSourceDirectoryAndSampling) {
  const ProfileConfig c = parse_flags({"--image-source", "/tmp", "--image-source-sampling", "shuffle-cycle"});
  EXPECT_EQ(c.media.image.source_dir, "/tmp");
  EXPECT_EQ(c.media.image.source_sampling, ImageSourceSampling::shuffle_cycle);
  EXPECT_EQ(parse_flags({"--image-source", "noise"}).media.image.source_dir, "");
}

TEST(MediaFlags, AudioFormatMp3) {
  EXPECT_EQ(parse_flags({}).media.audio.format, AudioFormat::wav);
  const ProfileConfig c = parse_flags({"--audio-format", "MP3", "--audio-sample-rates", "8", "11.025", "44.1", "48000"});
  EXPECT_EQ(c.media.audio.format, AudioFormat::mp3);
  EXPECT_EQ(c.media.audio.sample_rates_khz.size(), 4u);
}

TEST(MediaFlags, BadValuesNameTheFlag) {
  EXPECT_THAT(flag_error({"--image-format", "gif"}), HasSubstr("--image-format"));
  EXPECT_THAT(flag_error({"--image-source", "/no/such/dir"}), HasSubstr("--image-source '/no/such/dir'"));
  EXPECT_THAT(flag_error({"--image-source", "assets"}), HasSubstr("pass a directory"));
  EXPECT_THAT(flag_error({"--audio-format", "ogg"}), HasSubstr("--audio-format: invalid choice 'ogg'"));
  EXPECT_THAT(flag_error({"--audio-format", "mp3", "--audio-sample-rates", "16", "44"}),
              HasSubstr("--audio-sample-rates: 44 cannot be written as --audio-format mp3"));
  EXPECT_THAT(flag_error({"--audio-depths", "12"}), HasSubstr("--audio-depths"));
  EXPECT_THAT(flag_error({"--audio-num-channels", "3"}), HasSubstr("--audio-num-channels"));
  EXPECT_THAT(flag_error({"--batch-size-audio", "-1"}), HasSubstr("--batch-size-audio"));
  EXPECT_THAT(flag_error({"--image-source-sampling", "nope"}), HasSubstr("--image-source-sampling"));
}

TEST(MediaFlags, ChatOnlyAndSyntheticOnly) {
  EXPECT_THAT(flag_error({"--endpoint-type", "completions", "--audio-length-mean", "1"}), HasSubstr("chat"));
  EXPECT_THAT(flag_error({"--image-width-mean", "8", "--image-height-mean", "8", "--input-file", "/dev/null",
                        "--custom-dataset-type", "single_turn"}),
              HasSubstr("--input-file"));
}

}  // namespace
}  // namespace aiperf
