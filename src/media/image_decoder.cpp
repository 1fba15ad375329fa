#include "media/image_decoder.h"

#include <csetjmp>
#include <png.h>

#include "config/profile_config.h"
#include "media/jpeg_error_escape.h"

namespace aiperf {
namespace {

constexpr std::string_view kPngSignature = "\x89PNG\r\n\x1a\n";

bool is_jpeg(std::string_view b) { return b.size() >= 3 && b.substr(0, 3) == "\xFF\xD8\xFF"; }
bool is_png(std::string_view b) { return b.starts_with(kPngSignature); }

// Fills `out` (already sized by the caller after the header) row by row. Returns false on a
// libjpeg error. `cmyk` reports that the pixels came out as (Adobe-inverted) CMYK.
bool decompress_jpeg(std::string_view bytes, JpegErrorEscape& err, RgbImage& out, std::vector<uint8_t>& scratch,
                     bool& cmyk) {
  jpeg_decompress_struct info{};
  info.err = jpeg_std_error(&err.base);
  err.base.error_exit = jpeg_error_escape;
  if (setjmp(err.escape)) {
    jpeg_destroy_decompress(&info);
    return false;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<unsigned long>(bytes.size()));
  jpeg_read_header(&info, TRUE);
  // libjpeg converts YCbCr and grayscale to RGB itself, but not CMYK / YCCK.
  cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
  info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
  jpeg_start_decompress(&info);
  out.width = info.output_width;
  out.height = info.output_height;
  const size_t channels = size_t(info.output_components);
  scratch.resize(size_t(out.width) * out.height * channels);
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = scratch.data() + size_t(info.output_scanline) * out.width * channels;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return true;
}

RgbImage decode_jpeg(std::string_view bytes, const std::string& where) {
  JpegErrorEscape err{};
  RgbImage out;
  std::vector<uint8_t> pixels;
  bool cmyk = false;
  if (!decompress_jpeg(bytes, err, out, pixels, cmyk))
    throw ConfigError(where + ": not a readable JPEG image (" + err.message + ")");
  if (!cmyk) {
    out.rgb = std::move(pixels);
    return out;
  }
  // Adobe writes inverted CMYK (255 = no ink), so each channel times K is the RGB value.
  out.rgb.resize(size_t(out.width) * out.height * 3);
  for (size_t p = 0, n = size_t(out.width) * out.height; p < n; ++p)
    for (size_t c = 0; c < 3; ++c) out.rgb[p * 3 + c] = uint8_t(unsigned(pixels[p * 4 + c]) * pixels[p * 4 + 3] / 255);
  return out;
}

RgbImage decode_png(std::string_view bytes, const std::string& where) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  auto fail = [&](const char* stage) -> RgbImage {
    const std::string message = image.message;
    png_image_free(&image);
    throw ConfigError(where + ": not a readable PNG image (" + stage + ": " + message + ")");
  };
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) return fail("header");
  // RGBA, then the alpha dropped: PIL's convert("RGB") discards alpha rather than compositing.
  image.format = PNG_FORMAT_RGBA;
  std::vector<uint8_t> rgba(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, rgba.data(), 0, nullptr)) return fail("pixels");
  RgbImage out;
  out.width = image.width;
  out.height = image.height;
  out.rgb.resize(size_t(out.width) * out.height * 3);
  for (size_t p = 0, n = size_t(out.width) * out.height; p < n; ++p)
    for (size_t c = 0; c < 3; ++c) out.rgb[p * 3 + c] = rgba[p * 4 + c];
  png_image_free(&image);
  return out;
}

}  // namespace

bool looks_like_image(std::string_view bytes) { return is_jpeg(bytes) || is_png(bytes); }

RgbImage decode_image(std::string_view bytes, const std::string& where) {
  if (is_jpeg(bytes)) return decode_jpeg(bytes, where);
  if (is_png(bytes)) return decode_png(bytes, where);
  throw ConfigError(where + ": not a JPEG or PNG image (aiperf-cpp decodes only these two)");
}

}  // namespace aiperf
