#pragma once
// --image-source <dir> (workloads-and-endpoints.md §6.1): the JPEG and PNG files of a directory,
// decoded once, handed out in --image-source-sampling order for resizing.
#include <random>
#include <string>
#include <vector>

#include "config/media_config.h"
#include "media/image_decoder.h"

namespace aiperf {

class SourceImagePool {
 public:
  // Reads every .jpg / .jpeg / .png file directly in `dir` (sorted by name; other files are
  // ignored). Throws ConfigError naming --image-source and the directory when it is missing or
  // holds no such file, or naming the file when one does not decode.
  SourceImagePool(const std::string& dir, ImageSourceSampling sampling, std::mt19937_64 rng);

  const RgbImage& next();
  size_t size() const { return images_.size(); }

 private:
  std::vector<RgbImage> images_;
  ImageSourceSampling sampling_;
  std::mt19937_64 rng_;
  std::vector<size_t> order_;  // the cycles' order; refilled when `at_` reaches its end
  size_t at_ = 0;
};

}  // namespace aiperf
