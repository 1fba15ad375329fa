#pragma once
// JPEG via libjpeg-turbo: quality 85, 4:4:4 (no chroma subsampling), as upstream saves them.
#include <cstdint>
#include <span>
#include <string>

namespace aiperf {

// `rgb` holds width*height*3 bytes, row by row. Returns the whole file.
std::string encode_jpeg_rgb(uint32_t width, uint32_t height, std::span<const uint8_t> rgb);

}  // namespace aiperf
