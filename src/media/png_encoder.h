#pragma once
// A minimal PNG writer: 8-bit RGB, no interlace, every scanline with filter 0 (None), one
// IDAT chunk compressed by zlib at level 6 (upstream saves with PIL's compress_level 6).
#include <cstdint>
#include <span>
#include <string>

namespace aiperf {

// `rgb` holds width*height*3 bytes, row by row. Returns the whole file.
std::string encode_png_rgb(uint32_t width, uint32_t height, std::span<const uint8_t> rgb);

}  // namespace aiperf
