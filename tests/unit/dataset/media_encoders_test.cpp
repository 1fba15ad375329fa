// PNG, JPEG and WAV files as written for --image-* / --audio-* (workloads-and-endpoints.md §6),
// checked by reading them back byte by byte, and the synthetic makers' determinism.
#include <zlib.h>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "dataset/synthetic_image.h"
#include "media/jpeg_encoder.h"
#include "media/png_encoder.h"
#include "media/synthetic_audio.h"
#include "media/wav_encoder.h"

namespace aiperf {
namespace {

uint32_t be32(const std::string& s, size_t at) {
  return uint32_t(uint8_t(s[at])) << 24 | uint32_t(uint8_t(s[at + 1])) << 16 | uint32_t(uint8_t(s[at + 2])) << 8 |
         uint8_t(s[at + 3]);
}
uint32_t le(const std::string& s, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | uint8_t(s[at + i]);
  return v;
}

std::string independent_base64_decode(std::string_view in) {
  static const std::string kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : in) {
    if (c == '=') break;
    acc = acc << 6 | uint32_t(kAlphabet.find(c));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += char((acc >> bits) & 0xff);
    }
  }
  return out;
}

struct Chunk {
  std::string type, data;
};

// Walks the chunks, checking each CRC.
std::vector<Chunk> png_chunks(const std::string& png) {
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  std::vector<Chunk> chunks;
  for (size_t at = 8; at < png.size();) {
    const uint32_t len = be32(png, at);
    Chunk c{png.substr(at + 4, 4), png.substr(at + 8, len)};
    const auto* p = reinterpret_cast<const Bytef*>(png.data() + at + 4);
    EXPECT_EQ(be32(png, at + 8 + len), uint32_t(crc32(0, p, 4 + len))) << c.type;
    chunks.push_back(std::move(c));
    at += 12 + len;
  }
  return chunks;
}

TEST(PngEncoder, ChunksCrcsAndPixelsRoundTrip) {
  const uint32_t w = 7, h = 5;
  std::vector<uint8_t> rgb(w * h * 3);
  for (size_t i = 0; i < rgb.size(); ++i) rgb[i] = uint8_t(i * 37);
  const std::vector<Chunk> chunks = png_chunks(encode_png_rgb(w, h, rgb));
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[0].type, "IHDR");
  ASSERT_EQ(chunks[0].data.size(), 13u);
  EXPECT_EQ(be32(chunks[0].data, 0), w);
  EXPECT_EQ(be32(chunks[0].data, 4), h);
  EXPECT_EQ(chunks[0].data.substr(8), std::string("\x08\x02\x00\x00\x00", 5));  // 8-bit RGB
  EXPECT_EQ(chunks[1].type, "IDAT");
  EXPECT_EQ(chunks[2].type, "IEND");
  EXPECT_TRUE(chunks[2].data.empty());

  std::string raw((w * 3 + 1) * h + 16, '\0');  // room to notice extra bytes
  uLongf raw_size = raw.size();
  ASSERT_EQ(uncompress(reinterpret_cast<Bytef*>(raw.data()), &raw_size,
                       reinterpret_cast<const Bytef*>(chunks[1].data.data()), uLong(chunks[1].data.size())),
            Z_OK);
  ASSERT_EQ(raw_size, (w * 3 + 1) * h);
  for (uint32_t y = 0; y < h; ++y) {
    EXPECT_EQ(raw[y * (w * 3 + 1)], '\0');  // filter None
    EXPECT_EQ(std::memcmp(raw.data() + y * (w * 3 + 1) + 1, rgb.data() + y * w * 3, w * 3), 0);
  }
}

TEST(PngEncoder, RejectsMismatchedBuffer) {
  std::vector<uint8_t> rgb(10);
  EXPECT_THROW(encode_png_rgb(2, 2, rgb), std::invalid_argument);
}

TEST(JpegEncoder, WritesBaselineJpegOfTheRightSize) {
  const uint32_t w = 33, h = 17;
  std::vector<uint8_t> rgb(w * h * 3, 128);
  const std::string jpg = encode_jpeg_rgb(w, h, rgb);
  ASSERT_GT(jpg.size(), 4u);
  EXPECT_EQ(jpg.substr(0, 2), "\xff\xd8");
  EXPECT_EQ(jpg.substr(jpg.size() - 2), "\xff\xd9");
  const size_t sof = jpg.find("\xff\xc0");  // baseline frame header: height then width
  ASSERT_NE(sof, std::string::npos);
  EXPECT_EQ(uint32_t(uint8_t(jpg[sof + 5])) << 8 | uint8_t(jpg[sof + 6]), h);
  EXPECT_EQ(uint32_t(uint8_t(jpg[sof + 7])) << 8 | uint8_t(jpg[sof + 8]), w);
  EXPECT_EQ(jpg[sof + 9], 3);                                        // components
  for (int c = 0; c < 3; ++c) EXPECT_EQ(uint8_t(jpg[sof + 11 + 3 * c]), 0x11) << c;  // 4:4:4
}

TEST(WavEncoder, HeaderFieldsAndSamples) {
  const std::vector<float> s = {0.0f, 1.0f, -1.0f, 0.5f, 2.0f, -2.0f};
  const std::string wav = encode_wav_pcm(s, 16000, 2, 16);
  ASSERT_EQ(wav.size(), 44u + 12u);
  EXPECT_EQ(wav.substr(0, 4), "RIFF");
  EXPECT_EQ(le(wav, 4, 4), wav.size() - 8);
  EXPECT_EQ(wav.substr(8, 8), "WAVEfmt ");
  EXPECT_EQ(le(wav, 16, 4), 16u);
  EXPECT_EQ(le(wav, 20, 2), 1u);  // PCM
  EXPECT_EQ(le(wav, 22, 2), 2u);
  EXPECT_EQ(le(wav, 24, 4), 16000u);
  EXPECT_EQ(le(wav, 28, 4), 16000u * 2 * 2);
  EXPECT_EQ(le(wav, 32, 2), 4u);
  EXPECT_EQ(le(wav, 34, 2), 16u);
  EXPECT_EQ(wav.substr(36, 4), "data");
  EXPECT_EQ(le(wav, 40, 4), 12u);
  EXPECT_EQ(int16_t(le(wav, 44, 2)), 0);
  EXPECT_EQ(int16_t(le(wav, 46, 2)), 32767);
  EXPECT_EQ(int16_t(le(wav, 48, 2)), -32767);
  EXPECT_EQ(int16_t(le(wav, 52, 2)), 32767);  // clipped
}

TEST(WavEncoder, EightBitIsUnsignedAndWiderDepthsScale) {
  const std::vector<float> s = {0.0f, -1.0f, 1.0f};
  const std::string w8 = encode_wav_pcm(s, 8000, 1, 8);
  EXPECT_EQ(uint8_t(w8[44]), 128);
  EXPECT_EQ(uint8_t(w8[45]), 1);
  EXPECT_EQ(uint8_t(w8[46]), 255);
  const std::string w24 = encode_wav_pcm(s, 8000, 1, 24);
  EXPECT_EQ(le(w24, 40, 4), 9u);
  EXPECT_EQ(le(w24, 50, 3), 0x7fffffu);
  EXPECT_THROW(encode_wav_pcm(s, 8000, 1, 12), std::invalid_argument);
}

TEST(SyntheticImage, SizeFormatAndSeedDeterminism) {
  ImageConfig c;
  c.width_mean = 24;
  c.height_mean = 10;
  SyntheticImageMaker a(c, 5), b(c, 5), other(c, 6);
  const std::string url = a.next();
  ASSERT_EQ(url.rfind("data:image/png;base64,", 0), 0u);
  EXPECT_EQ(url, b.next());
  EXPECT_NE(url, other.next());
  const std::vector<Chunk> chunks = png_chunks(independent_base64_decode(url.substr(url.find(',') + 1)));
  EXPECT_EQ(be32(chunks[0].data, 0), 24u);
  EXPECT_EQ(be32(chunks[0].data, 4), 10u);
  EXPECT_NE(url, a.next());  // each image is new noise

  c.format = ImageFormat::random;
  SyntheticImageMaker r(c, 1);
  int png = 0, jpeg = 0;
  for (int i = 0; i < 20; ++i) (r.next().rfind("data:image/png", 0) == 0 ? png : jpeg)++;
  EXPECT_GT(png, 0);
  EXPECT_GT(jpeg, 0);
}

TEST(SyntheticAudio, WavClipOfTheRequestedShape) {
  AudioConfig c;
  c.length_mean_s = 0.25;
  c.num_channels = 2;
  c.sample_rates_khz = {8.0};
  c.depths = {24};
  SyntheticAudioMaker a(c, 3), b(c, 3);
  const std::string clip = a.next();
  ASSERT_EQ(clip.rfind("wav,", 0), 0u);
  EXPECT_EQ(clip, b.next());
  const std::string wav = independent_base64_decode(clip.substr(4));
  EXPECT_EQ(le(wav, 22, 2), 2u);
  EXPECT_EQ(le(wav, 24, 4), 8000u);
  EXPECT_EQ(le(wav, 34, 2), 24u);
  EXPECT_EQ(le(wav, 40, 4), 2000u * 2 * 3);  // 0.25 s x 8 kHz x 2 channels x 3 bytes
  EXPECT_EQ(wav.size(), 44u + 12000u);
}

TEST(SyntheticAudio, HzValuesAboveNinetySix) {
  EXPECT_EQ(audio_sample_rate_hz(44.1), 44100u);
  EXPECT_EQ(audio_sample_rate_hz(22050), 22050u);
}

}  // namespace
}  // namespace aiperf
