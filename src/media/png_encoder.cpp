#include "media/png_encoder.h"

#include <zlib.h>

#include <stdexcept>

namespace aiperf {
namespace {

void put_u32_be(std::string& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += char((v >> shift) & 0xff);
}

// length, type, data, then the CRC of type + data (PNG spec §5.3).
void put_chunk(std::string& out, const char (&type)[5], const std::string& data) {
  put_u32_be(out, uint32_t(data.size()));
  const size_t crc_from = out.size();
  out.append(type, 4);
  out += data;
  const auto* p = reinterpret_cast<const Bytef*>(out.data() + crc_from);
  put_u32_be(out, uint32_t(crc32(0, p, uInt(out.size() - crc_from))));
}

}  // namespace

std::string encode_png_rgb(uint32_t width, uint32_t height, std::span<const uint8_t> rgb) {
  const size_t row = size_t(width) * 3;
  if (width == 0 || height == 0 || rgb.size() != row * height)
    throw std::invalid_argument("encode_png_rgb: pixel buffer does not match the image size");
  std::string raw;  // each scanline behind its filter-type byte
  raw.reserve((row + 1) * height);
  for (uint32_t y = 0; y < height; ++y) {
    raw += '\0';
    raw.append(reinterpret_cast<const char*>(rgb.data() + y * row), row);
  }
  uLongf packed_size = compressBound(uLong(raw.size()));
  std::string packed(packed_size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(packed.data()), &packed_size,
                reinterpret_cast<const Bytef*>(raw.data()), uLong(raw.size()), 6) != Z_OK)
    throw std::runtime_error("encode_png_rgb: zlib compression failed");
  packed.resize(packed_size);

  std::string ihdr;
  put_u32_be(ihdr, width);
  put_u32_be(ihdr, height);
  ihdr += char(8);  // bit depth
  ihdr += char(2);  // colour type: truecolour (RGB)
  ihdr += std::string(3, '\0');  // deflate, adaptive filtering, no interlace
  std::string png("\x89PNG\r\n\x1a\n", 8);
  put_chunk(png, "IHDR", ihdr);
  put_chunk(png, "IDAT", packed);
  put_chunk(png, "IEND", {});
  return png;
}

}  // namespace aiperf
