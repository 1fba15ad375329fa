#pragma once
// Synthetic video clips for --video-* (workloads-and-endpoints.md §6.3, docs/video.md):
// int(duration x fps) frames of --video-synth-type, encoded with --video-codec into a
// --video-format container in memory, with an optional Gaussian-noise audio track, returned as
// "data:video/<webm|mp4>;base64,...", the URL of a chat video_url part (§6.4).
#include <atomic>
#include <cstdint>
#include <deque>
#include <future>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include "config/media_config.h"

namespace aiperf {

class SyntheticVideoMaker {
 public:
  // Nothing is checked against FFmpeg here: the first next() throws ConfigError for an encoder
  // this FFmpeg lacks or the container refuses.
  SyntheticVideoMaker(const VideoConfig& config, std::optional<uint64_t> seed);
  // Waits for the clips still being encoded ahead (they stop at their next frame).
  ~SyntheticVideoMaker();
  SyntheticVideoMaker(const SyntheticVideoMaker&) = delete;
  SyntheticVideoMaker& operator=(const SyntheticVideoMaker&) = delete;

  std::string next();

 private:
  VideoConfig config_;
  std::mt19937_64 noise_rng_, audio_rng_;  // upstream's stream names (§2.10); one seed per clip each
  // Encoding one clip takes one core (0.1-16 s at 640x480, docs/video.md), so the next clips are
  // encoded ahead, one thread each, up to the core count. Each clip's seeds are drawn in order
  // here, so the clips are the same whatever the number of threads.
  std::deque<std::future<std::string>> ahead_;
  size_t max_ahead_ = 1;
  std::shared_ptr<std::atomic<bool>> stop_ = std::make_shared<std::atomic<bool>>(false);
};

}  // namespace aiperf
