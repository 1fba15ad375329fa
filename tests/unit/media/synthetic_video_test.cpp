// Synthetic video clips decoded back with libavformat/libavcodec: frame count, size, rate,
// codec, container, audio track, determinism, and the refusals (docs/video.md).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include "common/base64.h"
#include "config/profile_config.h"
#include "media/synthetic_video.h"
#include "media/video_encoder.h"

namespace aiperf {
namespace {

struct DecodedClip {
  std::string container;  // libavformat's demuxer name, e.g. "matroska,webm"
  std::string video_codec, audio_codec;
  int width = 0, height = 0, fps = 0, frames = 0;
  int audio_channels = 0, audio_rate = 0;
};

std::string clip_bytes(const std::string& data_url, const std::string& mime) {
  const std::string prefix = "data:" + mime + ";base64,";
  EXPECT_EQ(data_url.rfind(prefix, 0), 0u) << data_url.substr(0, 40);
  return base64_decode(data_url.substr(prefix.size())).value_or("");
}

// Decodes every video frame (a file, as a client would save it).
DecodedClip decode_clip(const std::string& bytes) {
  const auto path = std::filesystem::temp_directory_path() / ("aiperf_video_test_" + std::to_string(::getpid()));
  std::ofstream(path, std::ios::binary) << bytes;
  DecodedClip out;
  AVFormatContext* fmt = nullptr;
  if (avformat_open_input(&fmt, path.c_str(), nullptr, nullptr) < 0) {
    ADD_FAILURE() << "libavformat cannot open the clip";
    return out;
  }
  avformat_find_stream_info(fmt, nullptr);
  out.container = fmt->iformat->name;
  const int v = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  const int a = av_find_best_stream(fmt, AVMEDIA_TYPE_AUDIO, -1, -1, nullptr, 0);
  if (a >= 0) {
    const AVCodecParameters* p = fmt->streams[a]->codecpar;
    out.audio_codec = avcodec_get_name(p->codec_id);
    out.audio_channels = p->ch_layout.nb_channels;
    out.audio_rate = p->sample_rate;
  }
  if (v >= 0) {
    const AVStream* st = fmt->streams[v];
    out.video_codec = avcodec_get_name(st->codecpar->codec_id);
    out.width = st->codecpar->width;
    out.height = st->codecpar->height;
    out.fps = st->avg_frame_rate.den ? int(std::lround(av_q2d(st->avg_frame_rate))) : 0;
    const AVCodec* codec = avcodec_find_decoder(st->codecpar->codec_id);
    AVCodecContext* dec = avcodec_alloc_context3(codec);
    avcodec_parameters_to_context(dec, st->codecpar);
    avcodec_open2(dec, codec, nullptr);
    AVPacket* pkt = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    auto drain = [&] {
      while (avcodec_receive_frame(dec, frame) == 0) ++out.frames;
    };
    while (av_read_frame(fmt, pkt) >= 0) {
      if (pkt->stream_index == v && avcodec_send_packet(dec, pkt) >= 0) drain();
      av_packet_unref(pkt);
    }
    avcodec_send_packet(dec, nullptr);
    drain();
    av_frame_free(&frame);
    av_packet_free(&pkt);
    avcodec_free_context(&dec);
  }
  avformat_close_input(&fmt);
  std::filesystem::remove(path);
  return out;
}

VideoConfig small_clip() {
  VideoConfig c;
  c.width = 96;
  c.height = 64;
  c.duration_s = 1.5;
  c.fps = 4;
  return c;
}

TEST(SyntheticVideo, WebmVp9HasDurationTimesFpsFramesOfTheSize) {
  for (VideoSynthType type : {VideoSynthType::moving_shapes, VideoSynthType::grid_clock, VideoSynthType::noise}) {
    VideoConfig c = small_clip();
    c.synth_type = type;
    SyntheticVideoMaker maker(c, 7);
    const DecodedClip clip = decode_clip(clip_bytes(maker.next(), "video/webm"));
    EXPECT_EQ(clip.container, "matroska,webm");
    EXPECT_EQ(clip.video_codec, "vp9");
    EXPECT_EQ(clip.width, 96);
    EXPECT_EQ(clip.height, 64);
    EXPECT_EQ(clip.fps, 4);
    EXPECT_EQ(clip.frames, 6);  // int(1.5 x 4)
    EXPECT_TRUE(clip.audio_codec.empty());
  }
}

TEST(SyntheticVideo, Mp4WithH264AndFaststart) {
  VideoConfig c = small_clip();
  c.format = VideoFormat::mp4;
  c.codec = "libx264";
  c.fps = 10;
  c.duration_s = 0.75;  // int(7.5) = 7 frames
  const std::string bytes = clip_bytes(SyntheticVideoMaker(c, 1).next(), "video/mp4");
  const DecodedClip clip = decode_clip(bytes);
  EXPECT_EQ(clip.container, "mov,mp4,m4a,3gp,3g2,mj2");
  EXPECT_EQ(clip.video_codec, "h264");
  EXPECT_EQ(clip.fps, 10);
  EXPECT_EQ(clip.frames, 7);
  // faststart: the index (moov) comes before the media data (mdat).
  ASSERT_NE(bytes.find("moov"), std::string::npos);
  EXPECT_LT(bytes.find("moov"), bytes.find("mdat"));
}

TEST(SyntheticVideo, DefaultCodecVp9AlsoGoesInMp4) {
  VideoConfig c = small_clip();
  c.format = VideoFormat::mp4;
  const DecodedClip clip = decode_clip(clip_bytes(SyntheticVideoMaker(c, 1).next(), "video/mp4"));
  EXPECT_EQ(clip.video_codec, "vp9");
  EXPECT_EQ(clip.frames, 6);
}

TEST(SyntheticVideo, AudioTrackByContainer) {
  VideoConfig c = small_clip();
  c.audio_channels = 2;
  c.audio_sample_rate_hz = 22050;
  DecodedClip clip = decode_clip(clip_bytes(SyntheticVideoMaker(c, 3).next(), "video/webm"));
  EXPECT_EQ(clip.audio_codec, "vorbis");
  EXPECT_EQ(clip.audio_channels, 2);
  EXPECT_EQ(clip.audio_rate, 22050);
  EXPECT_EQ(clip.frames, 6);
  c.format = VideoFormat::mp4;
  c.audio_channels = 1;
  c.audio_depth = 8;
  clip = decode_clip(clip_bytes(SyntheticVideoMaker(c, 3).next(), "video/mp4"));
  EXPECT_EQ(clip.audio_codec, "aac");
  EXPECT_EQ(clip.audio_channels, 1);
  EXPECT_EQ(clip.audio_rate, 22050);
}

TEST(SyntheticVideo, OpusTakesTheNearestRateItSupports) {
  VideoConfig c = small_clip();
  c.audio_channels = 1;
  c.audio_codec = "libopus";  // 44100 Hz is not an Opus rate: 48000 is the nearest
  const DecodedClip clip = decode_clip(clip_bytes(SyntheticVideoMaker(c, 3).next(), "video/webm"));
  EXPECT_EQ(clip.audio_codec, "opus");
  EXPECT_EQ(clip.audio_rate, 48000);
}

TEST(SyntheticVideo, SameSeedSameBytesAndNoiseFollowsTheSeed) {
  VideoConfig c = small_clip();
  c.synth_type = VideoSynthType::noise;
  c.audio_channels = 1;
  SyntheticVideoMaker a(c, 11), b(c, 11), other(c, 12);
  const std::string first = a.next();
  EXPECT_EQ(first, b.next());
  EXPECT_NE(first, other.next());
  EXPECT_NE(first, a.next());  // the next clip draws new noise
  c.synth_type = VideoSynthType::grid_clock;
  c.audio_channels = 0;
  EXPECT_EQ(SyntheticVideoMaker(c, 1).next(), SyntheticVideoMaker(c, 2).next());  // no randomness in it
}

std::string refusal(const VideoConfig& c) {
  try {
    SyntheticVideoMaker(c, 1).next();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(SyntheticVideo, RefusesEncodersThisFfmpegLacksOrTheContainerCannotHold) {
  VideoConfig c = small_clip();
  c.codec = "no-such-codec";
  EXPECT_EQ(refusal(c).rfind("--video-codec no-such-codec: not an encoder in this FFmpeg", 0), 0u) << refusal(c);
  c.codec = "aac";
  EXPECT_EQ(refusal(c), "--video-codec aac: not a video encoder");
  c.codec = "libx264";  // H.264 has no place in WebM
  EXPECT_EQ(refusal(c), "--video-codec libx264: h264 cannot be stored in --video-format webm");
  c.codec = "libvpx-vp9";
  c.audio_channels = 1;
  c.audio_codec = "aac";
  EXPECT_EQ(refusal(c), "--video-audio-codec aac: aac cannot be stored in --video-format webm");
  c = small_clip();
  c.format = VideoFormat::mp4;
  // MPEG-1 takes the broadcast frame rates only (and, unlike libx264's refusal of odd sizes, leaks
  // nothing under LeakSanitizer).
  c.codec = "mpeg1video";
  EXPECT_EQ(refusal(c).rfind("--video-codec mpeg1video: the encoder refused 96x64 at 4 fps", 0), 0u) << refusal(c);
  EXPECT_NE(refusal(c).find("4/1 fps"), std::string::npos) << refusal(c);  // libav's own reason
}

}  // namespace
}  // namespace aiperf
