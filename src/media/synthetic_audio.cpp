#include "media/synthetic_audio.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/base64.h"
#include "common/rng_stream.h"
#include "media/mp3_encoder.h"
#include "media/wav_encoder.h"

namespace aiperf {

SyntheticAudioMaker::SyntheticAudioMaker(const AudioConfig& config, std::optional<uint64_t> seed)
    : config_(config),
      duration_rng_(make_rng_stream(seed, "dataset.audio.duration")),
      format_rng_(make_rng_stream(seed, "dataset.audio.format")),
      data_rng_(make_rng_stream(seed, "dataset.audio.data")) {}

std::string SyntheticAudioMaker::next() {
  double seconds = config_.length_mean_s;
  if (config_.length_stddev_s > 0)
    seconds = std::normal_distribution<double>(config_.length_mean_s, config_.length_stddev_s)(duration_rng_);
  seconds = std::max(seconds, 0.01);
  auto pick = [&](const auto& list) {
    return list[std::uniform_int_distribution<size_t>(0, list.size() - 1)(format_rng_)];
  };
  const uint32_t rate = audio_sample_rate_hz(pick(config_.sample_rates_khz));
  const int depth = pick(config_.depths);
  const auto frames = size_t(std::llround(seconds * rate));
  last_duration_s_ = double(frames) / double(rate);
  std::vector<float> samples(frames * size_t(config_.num_channels));
  // A stddev of 0.3 keeps almost all of the noise inside [-1, 1] before clipping.
  std::normal_distribution<float> noise(0.0f, 0.3f);
  for (float& s : samples) s = std::clamp(noise(data_rng_), -1.0f, 1.0f);
  const auto channels = uint16_t(config_.num_channels);
  // MP3 has no PCM depth: the depth is still drawn, so that the streams stay as upstream's.
  if (config_.format == AudioFormat::mp3) return "mp3," + base64_encode(encode_mp3(samples, rate, channels));
  return "wav," + base64_encode(encode_wav_pcm(samples, rate, channels, uint16_t(depth)));
}

}  // namespace aiperf
