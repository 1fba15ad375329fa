// --video-* (workloads-and-endpoints.md §6.3, docs/video.md): values, defaults and refusals.
#include "parse_helpers.h"

namespace aiperf {
namespace {

using cli_test::flag_error;
using cli_test::parse_flags;

TEST(SyntheticVideoFlags, DefaultsAreUpstreamsAndVideoNeedsBothSizes) {
  const VideoConfig off = parse_flags({}).media.video;
  EXPECT_FALSE(off.enabled());
  EXPECT_EQ(off.fps, 4);
  EXPECT_EQ(off.duration_s, 5.0);
  EXPECT_EQ(off.codec, "libvpx-vp9");
  EXPECT_EQ(off.format, VideoFormat::webm);
  EXPECT_EQ(off.audio_channels, 0);
  EXPECT_EQ(off.audio_sample_rate_hz, 44100);
  const VideoConfig v = parse_flags({"--video-width", "640", "--video-height", "480", "--batch-size-video", "2",
                                     "--video-duration", "2.5", "--video-fps", "8", "--video-synth-type", "grid_clock",
                                     "--video-format", "mp4", "--video-codec", "libx264", "--video-audio-num-channels",
                                     "2", "--video-audio-sample-rate", "48", "--video-audio-codec", "libopus",
                                     "--video-audio-depth", "24"})
                            .media.video;
  EXPECT_TRUE(v.enabled());
  EXPECT_EQ(v.width, 640);
  EXPECT_EQ(v.height, 480);
  EXPECT_EQ(v.batch_size, 2);
  EXPECT_EQ(v.frame_count(), 20);
  EXPECT_EQ(v.synth_type, VideoSynthType::grid_clock);
  EXPECT_EQ(v.format, VideoFormat::mp4);
  EXPECT_EQ(v.codec, "libx264");
  EXPECT_EQ(v.audio_channels, 2);
  EXPECT_EQ(v.audio_sample_rate_hz, 48000);  // kHz up to 1000
  EXPECT_EQ(v.audio_codec, "libopus");
  EXPECT_EQ(v.audio_depth, 24);
  EXPECT_FALSE(parse_flags({"--video-width", "64", "--video-height", "64", "--video-batch-size", "0"})
                   .media.video.enabled());
}

TEST(SyntheticVideoFlags, RefusalsNameTheOption) {
  EXPECT_EQ(flag_error({"--video-width", "64"}), "--video-width is set but --video-height is not");
  EXPECT_EQ(flag_error({"--video-height", "64"}), "--video-height is set but --video-width is not");
  const std::vector<std::string> on = {"--video-width", "64", "--video-height", "48"};
  auto with = [&](std::vector<std::string> more) {
    more.insert(more.begin(), on.begin(), on.end());
    return flag_error(more);
  };
  EXPECT_EQ(with({"--video-duration", "0.2"}), "--video-duration: a clip needs at least one frame (int(duration x fps) is 0)");
  EXPECT_EQ(with({"--video-fps", "300"}), "--video-fps: at most 240, got 300");
  EXPECT_EQ(with({"--video-audio-num-channels", "3"}), "--video-audio-num-channels: must be 0, 1 or 2, got 3");
  EXPECT_EQ(with({"--video-audio-depth", "12"}), "--video-audio-depth: 12 is not one of 8, 16, 24, 32");
  EXPECT_EQ(with({"--video-audio-sample-rate", "4000"}),
            "--video-audio-sample-rate: 4000 is outside 8000-96000 Hz (8-96 kHz)");
  EXPECT_EQ(with({"--video-audio-codec", "aac"}),
            "--video-audio-codec aac is set but --video-audio-num-channels is 0 (no audio track); set it to 1 or 2");
  EXPECT_EQ(with({"--video-audio-num-channels", "1", "--video-audio-codec", "mp3"}),
            "--video-audio-codec: 'mp3' is not one of aac, libvorbis, libopus");
  EXPECT_EQ(with({"--endpoint-type", "responses"}),
            "--video-width: --endpoint-type responses has no video content part (synthetic video goes to chat and "
            "chat_embeddings bodies)");
  EXPECT_EQ(flag_error({"--video-width", "20000", "--video-height", "48"}), "--video-width: at most 16384 pixels");
}

}  // namespace
}  // namespace aiperf
