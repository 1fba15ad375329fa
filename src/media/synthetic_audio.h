#pragma once
// Noise clips for --audio-* (workloads-and-endpoints.md §6.2): duration ~ Normal(mean, stddev)
// clamped to >= 0.01 s, a sample rate and a bit depth drawn from the given lists per clip,
// Gaussian noise clipped to [-1, 1], written as PCM WAV or (--audio-format mp3) MP3. Returned in
// the internal "wav,<b64>" / "mp3,<b64>" form that the chat body splits into input_audio
// {data, format}.
#include <cstdint>
#include <optional>
#include <random>
#include <string>

#include "config/media_config.h"

namespace aiperf {

class SyntheticAudioMaker {
 public:
  SyntheticAudioMaker(const AudioConfig& config, std::optional<uint64_t> seed);
  std::string next();
  // Length of the clip next() last made: its frames over its sample rate, what the WAV holds.
  double last_duration_seconds() const { return last_duration_s_; }

 private:
  AudioConfig config_;
  double last_duration_s_ = 0;
  std::mt19937_64 duration_rng_, format_rng_, data_rng_;  // upstream's stream names (§2.10)
};

}  // namespace aiperf
