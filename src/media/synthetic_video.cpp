#include "media/synthetic_video.h"

#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

#include "common/base64.h"
#include "common/rng_stream.h"
#include "media/video_encoder.h"
#include "media/video_frames.h"

namespace aiperf {
namespace {

// Gaussian noise as the --audio-* clips make it, quantised to the track's --video-audio-depth
// (upstream writes a PCM WAV of that depth and lets ffmpeg encode it).
void video_audio_noise(std::vector<float>& out, int64_t samples, int64_t depth, std::mt19937_64& rng) {
  out.resize(size_t(samples));
  std::normal_distribution<float> noise(0.0f, 0.3f);
  const double levels = std::ldexp(1.0, int(depth) - 1) - 1;
  for (float& s : out) s = float(std::round(double(std::clamp(noise(rng), -1.0f, 1.0f)) * levels) / levels);
}

// One clip: its noise pixels and audio from its own seeds. Returns "" once `stop` is set.
std::string encode_synthetic_clip(const VideoConfig& config, uint64_t noise_seed, uint64_t audio_seed,
                                  const std::atomic<bool>& stop) {
  std::mt19937_64 noise_rng(noise_seed), audio_rng(audio_seed);
  VideoEncoder encoder(config);
  const auto frames = int(config.frame_count());
  RgbFrame frame{int(config.width), int(config.height), {}};
  const int rate = encoder.audio_sample_rate();
  const auto channels = config.audio_channels;
  // The track lasts as long as the frames (upstream's -shortest).
  const auto audio_frames = std::min(int64_t(config.duration_s * rate), int64_t(frames) * rate / config.fps);
  int64_t audio_sent = 0;
  std::vector<float> samples;
  for (int i = 0; i < frames; ++i) {
    if (stop.load(std::memory_order_relaxed)) return {};
    paint_video_frame(config.synth_type, i, frames, frame, noise_rng);
    encoder.add_frame(frame);
    if (rate == 0) continue;
    // The audio up to the end of this frame, so that the muxer interleaves as it goes.
    const int64_t due = i + 1 == frames ? audio_frames : std::min(audio_frames, int64_t(i + 1) * rate / config.fps);
    video_audio_noise(samples, (due - audio_sent) * channels, config.audio_depth, audio_rng);
    encoder.add_audio(samples.data(), due - audio_sent);
    audio_sent = due;
  }
  const char* type = config.format == VideoFormat::mp4 ? "data:video/mp4;base64," : "data:video/webm;base64,";
  return type + base64_encode(encoder.finish());
}

}  // namespace

SyntheticVideoMaker::SyntheticVideoMaker(const VideoConfig& config, std::optional<uint64_t> seed)
    : config_(config),
      noise_rng_(make_rng_stream(seed, "dataset.video.noise")),
      audio_rng_(make_rng_stream(seed, "dataset.video.audio")),
      max_ahead_(std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 16)) {}

SyntheticVideoMaker::~SyntheticVideoMaker() {
  stop_->store(true);
  for (auto& clip : ahead_) clip.wait();
}

std::string SyntheticVideoMaker::next() {
  while (ahead_.size() < max_ahead_) {
    const uint64_t noise_seed = noise_rng_(), audio_seed = audio_rng_();
    ahead_.push_back(std::async(std::launch::async, [config = config_, noise_seed, audio_seed, stop = stop_] {
      return encode_synthetic_clip(config, noise_seed, audio_seed, *stop);
    }));
  }
  std::future<std::string> clip = std::move(ahead_.front());
  ahead_.pop_front();
  return clip.get();
}

}  // namespace aiperf
