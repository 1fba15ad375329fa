// Decoding dataset / --image-source images (JPEG and PNG made here by our own encoders), the
// bilinear resize, and the directory pool's sampling orders.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "config/profile_config.h"
#include "media/image_decoder.h"
#include "media/image_resize.h"
#include "media/jpeg_encoder.h"
#include "media/png_encoder.h"
#include "dataset/source_image_pool.h"
#include "dataset/synthetic_image.h"
#include "common/base64.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// A smooth gradient (JPEG keeps it within a few levels) of the given size.
std::vector<uint8_t> gradient(uint32_t w, uint32_t h) {
  std::vector<uint8_t> rgb(size_t(w) * h * 3);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      uint8_t* p = &rgb[(size_t(y) * w + x) * 3];
      p[0] = uint8_t(x * 255 / (w - 1));
      p[1] = uint8_t(y * 255 / (h - 1));
      p[2] = 128;
    }
  return rgb;
}

std::string decode_error(std::string_view bytes) {
  try {
    decode_image(bytes, "file.parquet, row 3");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(ImageDecoding, PngRoundTripIsExact) {
  const std::vector<uint8_t> rgb = gradient(17, 9);
  const RgbImage img = decode_image(encode_png_rgb(17, 9, rgb), "x");
  EXPECT_EQ(img.width, 17u);
  EXPECT_EQ(img.height, 9u);
  EXPECT_EQ(img.rgb, rgb);
}

TEST(ImageDecoding, JpegRoundTripIsClose) {
  const std::vector<uint8_t> rgb = gradient(40, 24);
  const RgbImage img = decode_image(encode_jpeg_rgb(40, 24, rgb), "x");
  ASSERT_EQ(img.width, 40u);
  ASSERT_EQ(img.height, 24u);
  ASSERT_EQ(img.rgb.size(), rgb.size());
  int worst = 0;
  for (size_t i = 0; i < rgb.size(); ++i) worst = std::max(worst, std::abs(int(img.rgb[i]) - int(rgb[i])));
  EXPECT_LE(worst, 12);
}

TEST(ImageDecoding, BadBytesNameTheRow) {
  EXPECT_EQ(decode_error("GIF89a..."), "file.parquet, row 3: not a JPEG or PNG image (aiperf-cpp decodes only these two)");
  std::string png = encode_png_rgb(4, 4, gradient(4, 4));
  png.resize(png.size() / 2);  // cut inside the pixel data
  EXPECT_THAT(decode_error(png), HasSubstr("file.parquet, row 3: not a readable PNG image"));
  std::string jpeg = encode_jpeg_rgb(4, 4, gradient(4, 4));
  EXPECT_THAT(decode_error(jpeg.substr(0, 20)), HasSubstr("file.parquet, row 3: not a readable JPEG image"));
}

TEST(ImageResize, KeepsSizeAndInterpolates) {
  RgbImage two;  // black | white, one row
  two.width = 2;
  two.height = 1;
  two.rgb = {0, 0, 0, 255, 255, 255};
  const RgbImage wide = resize_bilinear(two, 4, 3);
  ASSERT_EQ(wide.rgb.size(), 4u * 3 * 3);
  // Pixel centres 0.5..3.5 map to source -0.25, 0.25, 0.75, 1.25: clamped ends, a ramp between.
  EXPECT_EQ(wide.rgb[0], 0);
  EXPECT_EQ(wide.rgb[3], 64);
  EXPECT_EQ(wide.rgb[6], 191);
  EXPECT_EQ(wide.rgb[9], 255);
  EXPECT_EQ(wide.rgb[2 * 12 + 3], 64);  // every row the same
  const RgbImage same = resize_bilinear(decode_image(encode_png_rgb(8, 5, gradient(8, 5)), "x"), 8, 5);
  EXPECT_EQ(same.rgb, gradient(8, 5));
}

TEST(Base64, DecodesWhatItEncodes) {
  for (std::string s : {"", "a", "ab", "abc", "abcd", "\xff\x00\x10"}) EXPECT_EQ(base64_decode(base64_encode(s)), s);
  EXPECT_EQ(base64_decode("aGk"), "hi");  // padding optional
  EXPECT_FALSE(base64_decode("a$b=").has_value());
  EXPECT_FALSE(base64_decode("a").has_value());
}

class ImageSourceDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/aiperf_imgsrc_XXXXXX";
    dir_ = ::mkdtemp(tmpl);
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& bytes) { std::ofstream(dir_ / name, std::ios::binary) << bytes; }
  // Three one-colour images (red 10x10 PNG, green 6x4 JPEG, blue 3x3 PNG) and a text file.
  void three_images() {
    write("a.png", encode_png_rgb(10, 10, solid(10, 10, 0)));
    write("b.JPG", encode_jpeg_rgb(6, 4, solid(6, 4, 1)));
    write("c.png", encode_png_rgb(3, 3, solid(3, 3, 2)));
    write("notes.txt", "not an image");
  }
  static std::vector<uint8_t> solid(uint32_t w, uint32_t h, int channel) {
    std::vector<uint8_t> rgb(size_t(w) * h * 3, 0);
    for (size_t p = 0; p < size_t(w) * h; ++p) rgb[p * 3 + channel] = 255;
    return rgb;
  }
  static int colour(const RgbImage& img) {
    for (int c = 0; c < 3; ++c)
      if (img.rgb[c] > 200) return c;
    return -1;
  }
  fs::path dir_;
};

TEST_F(ImageSourceDirTest, SequentialAndShuffleCyclesVisitEveryImage) {
  three_images();
  SourceImagePool seq(dir_.string(), ImageSourceSampling::sequential_cycle, std::mt19937_64(1));
  ASSERT_EQ(seq.size(), 3u);
  std::vector<int> order;
  for (int i = 0; i < 6; ++i) order.push_back(colour(seq.next()));
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 0, 1, 2}));
  SourceImagePool shuffled(dir_.string(), ImageSourceSampling::shuffle_cycle, std::mt19937_64(7));
  for (int cycle = 0; cycle < 3; ++cycle) {
    std::set<int> seen;
    for (int i = 0; i < 3; ++i) seen.insert(colour(shuffled.next()));
    EXPECT_EQ(seen.size(), 3u);
  }
}

TEST_F(ImageSourceDirTest, RandomDrawsComeFromThePool) {
  three_images();
  SourceImagePool pool(dir_.string(), ImageSourceSampling::random_with_replacement, std::mt19937_64(3));
  std::set<int> seen;
  for (int i = 0; i < 60; ++i) seen.insert(colour(pool.next()));
  EXPECT_EQ(seen, (std::set<int>{0, 1, 2}));
}

TEST_F(ImageSourceDirTest, SyntheticImagesAreResizedSources) {
  three_images();
  ImageConfig config;
  config.width_mean = 12;
  config.height_mean = 7;
  config.format = ImageFormat::png;
  config.source_dir = dir_.string();
  config.source_sampling = ImageSourceSampling::sequential_cycle;
  SyntheticImageMaker maker(config, 5);
  for (int want : {0, 1, 2}) {
    const std::string url = maker.next();
    ASSERT_TRUE(url.starts_with("data:image/png;base64,"));
    const RgbImage img = decode_image(*base64_decode(url.substr(url.find(',') + 1)), "x");
    EXPECT_EQ(img.width, 12u);
    EXPECT_EQ(img.height, 7u);
    EXPECT_EQ(colour(img), want);
  }
}

TEST_F(ImageSourceDirTest, EmptyOrBadDirectoryIsAClearError) {
  auto error = [&](const std::string& dir) -> std::string {
    try {
      SourceImagePool(dir, ImageSourceSampling::sequential_cycle, std::mt19937_64(1));
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "";
  };
  write("notes.txt", "x");
  EXPECT_EQ(error(dir_.string()), "--image-source " + dir_.string() + ": no .jpg, .jpeg or .png file in the directory");
  write("broken.png", "\x89PNG\r\n\x1a\nnope");
  EXPECT_THAT(error(dir_.string()), HasSubstr("--image-source " + (dir_ / "broken.png").string() + ": not a readable PNG"));
  EXPECT_THAT(error((dir_ / "missing").string()), HasSubstr("not a directory"));
}

}  // namespace
}  // namespace aiperf
