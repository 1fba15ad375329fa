#include "media/jpeg_encoder.h"

#include <csetjmp>
#include <cstdlib>
#include <stdexcept>

#include "media/jpeg_error_escape.h"

namespace aiperf {
namespace {

// Returns false on a libjpeg error (message in err.message); buffer is malloc'ed by libjpeg.
bool compress(uint32_t width, uint32_t height, const uint8_t* rgb, JpegErrorEscape& err, unsigned char** buffer,
              unsigned long* size) {
  jpeg_compress_struct info{};
  info.err = jpeg_std_error(&err.base);
  err.base.error_exit = jpeg_error_escape;
  if (setjmp(err.escape)) {
    jpeg_destroy_compress(&info);
    return false;
  }
  jpeg_create_compress(&info);
  jpeg_mem_dest(&info, buffer, size);
  info.image_width = width;
  info.image_height = height;
  info.input_components = 3;
  info.in_color_space = JCS_RGB;
  jpeg_set_defaults(&info);
  jpeg_set_quality(&info, 85, TRUE);
  for (int c = 0; c < info.num_components; ++c) info.comp_info[c].h_samp_factor = info.comp_info[c].v_samp_factor = 1;
  jpeg_start_compress(&info, TRUE);
  while (info.next_scanline < info.image_height) {
    JSAMPROW row = const_cast<JSAMPROW>(rgb + size_t(info.next_scanline) * width * 3);
    jpeg_write_scanlines(&info, &row, 1);
  }
  jpeg_finish_compress(&info);
  jpeg_destroy_compress(&info);
  return true;
}

}  // namespace

std::string encode_jpeg_rgb(uint32_t width, uint32_t height, std::span<const uint8_t> rgb) {
  if (width == 0 || height == 0 || rgb.size() != size_t(width) * 3 * height)
    throw std::invalid_argument("encode_jpeg_rgb: pixel buffer does not match the image size");
  JpegErrorEscape err{};
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  const bool ok = compress(width, height, rgb.data(), err, &buffer, &size);
  std::string out = ok ? std::string(reinterpret_cast<const char*>(buffer), size) : std::string();
  std::free(buffer);
  if (!ok) throw std::runtime_error(std::string("JPEG encoding failed: ") + err.message);
  return out;
}

}  // namespace aiperf
