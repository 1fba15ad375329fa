#pragma once
// Decoding dataset and --image-source images (JPEG via libjpeg-turbo, PNG via libpng) to 8-bit
// RGB, as upstream's PIL .convert("RGB") does before re-encoding: grayscale is spread to three
// channels, an alpha channel is dropped (not blended), CMYK JPEGs are converted.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

struct RgbImage {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgb;  // width*height*3 bytes, row by row
};

// Throws ConfigError "<where>: ..." when `bytes` are neither JPEG nor PNG, or are a broken one.
RgbImage decode_image(std::string_view bytes, const std::string& where);

// True when `bytes` start with a JPEG or PNG signature.
bool looks_like_image(std::string_view bytes);

}  // namespace aiperf
