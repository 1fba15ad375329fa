#pragma once
// One video clip encoded in-process with libavcodec and muxed with libavformat into memory
// (workloads-and-endpoints.md §6.3): RGB frames converted to yuv420p, --video-codec in a
// --video-format container, an optional audio track. Upstream pipes the frames to the ffmpeg
// binary instead; the options carry over (encoder defaults, yuv420p, MP4 faststart).
#include <cstdint>
#include <memory>
#include <string>

#include "config/media_config.h"
#include "media/video_frames.h"

namespace aiperf {

class VideoEncoder {
 public:
  // Opens the encoders and writes the container header. Throws ConfigError, naming the option,
  // when this FFmpeg has no such encoder, the container cannot hold it, or the encoder refuses
  // the size, rate or sample format.
  explicit VideoEncoder(const VideoConfig& config);
  ~VideoEncoder();
  VideoEncoder(const VideoEncoder&) = delete;
  VideoEncoder& operator=(const VideoEncoder&) = delete;

  // The audio track's rate: --video-audio-sample-rate, or the nearest one the audio encoder takes
  // (libopus: 8, 12, 16, 24 or 48 kHz), as the ffmpeg binary resamples to. 0 without a track.
  int audio_sample_rate() const;
  // Frames in order, each config.width x config.height.
  void add_frame(const RgbFrame& frame);
  // Interleaved samples in [-1, 1] (frames x channels), in order; the encoder frames them.
  void add_audio(const float* samples, int64_t frames);
  // Flushes the encoders, writes the trailer and returns the container's bytes.
  std::string finish();

 private:
  struct State;
  std::unique_ptr<State> s_;
};

// "libavcodec 59.37.100": what the errors and docs/video.md name.
std::string libav_versions();

}  // namespace aiperf
