#pragma once
// Synthetic images for --image-* (workloads-and-endpoints.md §6.1): each image's width and height
// drawn from their normal distributions; the pixels uniform random bytes (--image-source noise:
// incompressible, so payloads are as large as upstream's) or a source image of --image-source
// <dir> resized; encoded as PNG or JPEG, returned as a data URL.
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include "config/media_config.h"
#include "dataset/source_image_pool.h"

namespace aiperf {

class SyntheticImageMaker {
 public:
  // Reads --image-source's directory when one is set (throws ConfigError as SourceImagePool).
  SyntheticImageMaker(const ImageConfig& config, std::optional<uint64_t> seed);
  // "data:image/png;base64,..." or "data:image/jpeg;base64,...".
  std::string next();

 private:
  ImageConfig config_;
  // Upstream's stream names (§2.10): sizes, formats and pixels vary independently.
  std::mt19937_64 dimensions_rng_, format_rng_, noise_rng_;
  std::unique_ptr<SourceImagePool> sources_;  // --image-source <dir>; null: noise
};

}  // namespace aiperf
