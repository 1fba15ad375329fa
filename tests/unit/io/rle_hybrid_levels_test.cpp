// The RLE / bit-packing hybrid that encodes definition levels: byte-exact runs and packed
// groups, and a decoder written from the format's description to round-trip mixed inputs.
#include "io/rle_hybrid_levels.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>
#include "../support/file_bytes.h"

namespace aiperf {
namespace {

using test_support::byte_values;

uint64_t read_varint(const std::string& s, size_t& i) {
  uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    const uint8_t b = uint8_t(s.at(i++));
    v |= uint64_t(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
}

std::vector<uint32_t> decode(const std::string& s, size_t n, int width) {
  std::vector<uint32_t> out;
  size_t i = 0;
  while (out.size() < n) {
    const uint64_t header = read_varint(s, i);
    if (header & 1) {
      const size_t count = size_t(header >> 1) * 8;
      uint64_t acc = 0;
      int bits = 0;
      for (size_t k = 0; k < count; ++k) {
        while (bits < width) {
          acc |= uint64_t(uint8_t(s.at(i++))) << bits;
          bits += 8;
        }
        if (out.size() < n) out.push_back(uint32_t(acc & ((uint64_t(1) << width) - 1)));
        acc >>= width;
        bits -= width;
      }
    } else {
      uint32_t value = 0;  // ceil(width / 8) little-endian bytes
      for (int b = 0; b < (width + 7) / 8; ++b) value |= uint32_t(uint8_t(s.at(i++))) << (8 * b);
      for (uint64_t k = 0; k < (header >> 1); ++k) out.push_back(value);
    }
  }
  EXPECT_EQ(i, s.size()) << "trailing bytes";
  return out;
}

TEST(RleHybrid, LongRunIsOneRleRun) {
  std::vector<uint8_t> v(1000, 1);
  std::string s;
  append_rle_hybrid(s, v.data(), v.size(), 1);
  EXPECT_EQ(byte_values(s), (std::vector<int>{0xD0, 0x0F, 0x01}));  // varint(1000 << 1), value 1
}

TEST(RleHybrid, ShortMixedInputIsBitPackedLsbFirst) {
  const std::vector<uint8_t> v = {1, 0, 1, 1, 0};
  std::string s;
  append_rle_hybrid(s, v.data(), v.size(), 1);
  // One group of 8 (header (1 << 1) | 1), padded with zeros: bits 1,0,1,1,0,0,0,0.
  EXPECT_EQ(byte_values(s), (std::vector<int>{0x03, 0x0D}));
}

TEST(RleHybrid, MixedThenRunSplitsAtGroupBoundary) {
  std::vector<uint8_t> v = {0, 1, 0, 1, 0, 1, 0, 1};
  v.insert(v.end(), 20, 1);
  std::string s;
  append_rle_hybrid(s, v.data(), v.size(), 1);
  EXPECT_EQ(byte_values(s), (std::vector<int>{0x03, 0xAA, 0x28, 0x01}));
}

TEST(RleHybrid, LevelsV1HaveLittleEndianLengthPrefix) {
  std::vector<uint8_t> v(10, 1);
  std::string s;
  append_levels_v1(s, v.data(), v.size(), 1);
  EXPECT_EQ(byte_values(s), (std::vector<int>{2, 0, 0, 0, 0x14, 0x01}));
}

TEST(RleHybrid, RandomInputsRoundTrip) {
  std::mt19937 rng(7);
  for (int width : {1, 2, 3, 8}) {
    for (int trial = 0; trial < 200; ++trial) {
      const size_t n = rng() % 300;
      std::vector<uint8_t> v(n);
      uint8_t current = 0;
      for (auto& x : v) {
        if (rng() % 5 == 0) current = uint8_t(rng() % (1u << width));  // runs of varied length
        x = current;
      }
      std::string s;
      append_rle_hybrid(s, v.data(), v.size(), width);
      ASSERT_EQ(decode(s, n, width), std::vector<uint32_t>(v.begin(), v.end())) << "width " << width << " n " << n;
    }
  }
}

// Dictionary indices: wider values, runs stored in ceil(width / 8) bytes.
TEST(RleHybrid, WideRunValueTakesWholeBytesLittleEndian) {
  const std::vector<uint32_t> v(9, 0x1234);
  std::string s;
  append_rle_hybrid(s, v.data(), v.size(), 13);
  EXPECT_EQ(byte_values(s), (std::vector<int>{0x12, 0x34, 0x12}));  // varint(9 << 1), then 0x1234 in 2 bytes
}

TEST(RleHybrid, WideRandomInputsRoundTrip) {
  std::mt19937 rng(11);
  for (int width : {9, 13, 16, 24, 32}) {
    for (int trial = 0; trial < 100; ++trial) {
      const size_t n = rng() % 300;
      std::vector<uint32_t> v(n);
      uint32_t current = 0;
      for (auto& x : v) {
        if (rng() % 4 == 0) current = uint32_t(rng() & ((uint64_t(1) << width) - 1));
        x = current;
      }
      std::string s;
      append_rle_hybrid(s, v.data(), v.size(), width);
      ASSERT_EQ(decode(s, n, width), v) << "width " << width << " n " << n;
    }
  }
}

}  // namespace
}  // namespace aiperf
