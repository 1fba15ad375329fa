// --video-* (workloads-and-endpoints.md §6.3, cli-and-load.md §3.8): synthetic video clips.
// Whether this FFmpeg has the encoders, and whether the container takes them, is checked when the
// clips are made (media/video_encoder.cpp), before any request is sent.
#include "cli/profile_converter.h"

#include <cmath>

#include "config/enum_names.h"

namespace aiperf {

void ProfileConverter::convert_video(ProfileConfig& c, const RawFlags& r) const {
  VideoConfig& v = c.media.video;
  if (auto w = int_at_least("--video-width", r.video_width, 1)) v.width = *w;
  if (auto h = int_at_least("--video-height", r.video_height, 1)) v.height = *h;
  // Upstream: both or neither.
  if (given("--video-width") != given("--video-height"))
    throw ConfigError(given("--video-width") ? name("--video-width") + " is set but --video-height is not"
                                             : name("--video-height") + " is set but --video-width is not");
  // libavcodec refuses frames past 16384 pixels a side for most encoders; a clear line beats theirs.
  if (v.width > 16384) throw ConfigError(name("--video-width") + ": at most 16384 pixels");
  if (v.height > 16384) throw ConfigError(name("--video-height") + ": at most 16384 pixels");
  if (auto b = int_at_least("--video-batch-size", r.video_batch, 0)) v.batch_size = *b;
  if (auto d = float_above("--video-duration", r.video_duration, 0)) v.duration_s = *d;
  if (auto f = int_at_least("--video-fps", r.video_fps, 1)) {
    if (*f > 240) throw ConfigError(name("--video-fps") + ": at most 240, got " + r.video_fps);
    v.fps = *f;
  }
  if (given("--video-synth-type"))
    v.synth_type = parse_choice<VideoSynthType>("--video-synth-type", r.video_synth_type);
  if (given("--video-format")) v.format = parse_choice<VideoFormat>("--video-format", r.video_format);
  if (given("--video-codec")) {
    if (r.video_codec.empty()) throw ConfigError(name("--video-codec") + ": an FFmpeg encoder name is required");
    v.codec = r.video_codec;
  }
  if (auto ch = int_at_least("--video-audio-num-channels", r.video_audio_channels, 0)) {
    if (*ch > 2)
      throw ConfigError(name("--video-audio-num-channels") + ": must be 0, 1 or 2, got " + r.video_audio_channels);
    v.audio_channels = *ch;
  }
  if (auto rate = float_above("--video-audio-sample-rate", r.video_audio_sample_rate, 0)) {
    // Upstream reads values up to 1000 as kHz.
    const auto hz = int64_t(std::llround(*rate > 1000 ? *rate : *rate * 1000));
    if (hz < 8000 || hz > 96000)
      throw ConfigError(name("--video-audio-sample-rate") + ": " + r.video_audio_sample_rate +
                        " is outside 8000-96000 Hz (8-96 kHz)");
    v.audio_sample_rate_hz = hz;
  }
  if (given("--video-audio-codec")) {
    const std::string key = enum_key(r.video_audio_codec);
    if (key != "aac" && key != "libvorbis" && key != "libopus")
      throw ConfigError(name("--video-audio-codec") + ": '" + r.video_audio_codec +
                        "' is not one of aac, libvorbis, libopus");
    if (v.audio_channels == 0)
      throw ConfigError(name("--video-audio-codec") + " " + r.video_audio_codec +
                        " is set but --video-audio-num-channels is 0 (no audio track); set it to 1 or 2");
    v.audio_codec = key;
  }
  if (given("--video-audio-depth")) {
    const int64_t depth = parse_int_flag("--video-audio-depth", r.video_audio_depth);
    if (depth != 8 && depth != 16 && depth != 24 && depth != 32)
      throw ConfigError(name("--video-audio-depth") + ": " + r.video_audio_depth + " is not one of 8, 16, 24, 32");
    v.audio_depth = depth;
  }
  if (!v.enabled()) return;
  if (v.frame_count() < 1)
    throw ConfigError(name(given("--video-duration") ? "--video-duration" : "--video-fps") +
                      ": a clip needs at least one frame (int(duration x fps) is 0)");
  if (!body_carries_video(c.endpoint_type))
    throw ConfigError(name("--video-width") + ": --endpoint-type " + endpoint_type_name(c.endpoint_type) +
                      " has no video content part (synthetic video goes to chat and chat_embeddings bodies)");
  for (const char* source : {"--input-file", "--public-dataset"})
    if (given(source))
      throw ConfigError(name("--video-width") + " cannot be combined with " + source +
                        " (synthetic media go with synthetic prompts only)");
}

}  // namespace aiperf
