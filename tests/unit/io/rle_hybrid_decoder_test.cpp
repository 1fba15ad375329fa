#include "io/rle_hybrid_decoder.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace aiperf {
namespace {

TEST(RleHybridDecoder, RleRunThenBitPackedGroup) {
  // RLE: 5 copies of 3 (header 5<<1), width 2 → one value byte. Bit-packed: one group of 8
  // (header 1<<1|1) values 0..3,0..3 at width 2 = 0b11100100 twice.
  const uint8_t data[] = {0x0A, 0x03, 0x03, 0xE4, 0xE4};
  std::vector<uint32_t> out;
  decode_rle_hybrid(data, sizeof data, 2, 13, out);
  EXPECT_EQ(out, (std::vector<uint32_t>{3, 3, 3, 3, 3, 0, 1, 2, 3, 0, 1, 2, 3}));
}

TEST(RleHybridDecoder, StopsAtCountAndRefusesShortData) {
  const uint8_t data[] = {0x0A, 0x01};
  std::vector<uint32_t> out;
  decode_rle_hybrid(data, sizeof data, 1, 3, out);
  EXPECT_EQ(out, (std::vector<uint32_t>{1, 1, 1}));
  out.clear();
  EXPECT_THROW(decode_rle_hybrid(data, sizeof data, 1, 6, out), std::runtime_error);
}

TEST(RleHybridDecoder, ZeroWidthIsAllZeros) {
  std::vector<uint32_t> out;
  decode_rle_hybrid(nullptr, 0, 0, 4, out);
  EXPECT_EQ(out, (std::vector<uint32_t>{0, 0, 0, 0}));
}

}  // namespace
}  // namespace aiperf
