#include "dataset/synthetic_image.h"

#include <cstring>
#include <vector>

#include "common/base64.h"
#include "media/jpeg_encoder.h"
#include "dataset/length_sampler.h"
#include "media/image_resize.h"
#include "media/png_encoder.h"
#include "common/rng_stream.h"

namespace aiperf {

SyntheticImageMaker::SyntheticImageMaker(const ImageConfig& config, std::optional<uint64_t> seed)
    : config_(config),
      dimensions_rng_(make_rng_stream(seed, "dataset.image.dimensions")),
      format_rng_(make_rng_stream(seed, "dataset.image.format")),
      noise_rng_(make_rng_stream(seed, "dataset.image.noise")) {
  if (!config.source_dir.empty())
    sources_ = std::make_unique<SourceImagePool>(config.source_dir, config.source_sampling,
                                                 make_rng_stream(seed, "dataset.image.source"));
}

std::string SyntheticImageMaker::next() {
  const auto width = uint32_t(sample_positive_normal_integer(config_.width_mean, config_.width_stddev, dimensions_rng_));
  const auto height =
      uint32_t(sample_positive_normal_integer(config_.height_mean, config_.height_stddev, dimensions_rng_));
  bool png = config_.format == ImageFormat::png;
  if (config_.format == ImageFormat::random) png = std::bernoulli_distribution(0.5)(format_rng_);
  std::vector<uint8_t> rgb;
  if (sources_) {
    rgb = resize_bilinear(sources_->next(), width, height).rgb;
  } else {
    rgb.resize(size_t(width) * height * 3);
    for (size_t i = 0; i < rgb.size(); i += 8) {
      const uint64_t bits = noise_rng_();
      std::memcpy(rgb.data() + i, &bits, std::min<size_t>(8, rgb.size() - i));
    }
  }
  const std::string file = png ? encode_png_rgb(width, height, rgb) : encode_jpeg_rgb(width, height, rgb);
  return (png ? "data:image/png;base64," : "data:image/jpeg;base64,") + base64_encode(file);
}

}  // namespace aiperf
