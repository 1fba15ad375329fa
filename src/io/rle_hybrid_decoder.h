#pragma once
// Parquet's RLE / bit-packing hybrid, read side: definition and repetition levels, dictionary
// indices and RLE booleans. Runs are: varint header, then either (header>>1) copies of one
// value stored in ceil(width/8) bytes (header&1 == 0) or (header>>1)*8 values bit-packed
// LSB first (header&1 == 1).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace aiperf {

// Appends exactly `count` values of `bit_width` bits decoded from [data, data+size) to `out`.
// Throws std::runtime_error when the data ends early or is malformed.
void decode_rle_hybrid(const uint8_t* data, size_t size, int bit_width, size_t count, std::vector<uint32_t>& out);

// Bits needed for values 0..max_value.
inline int bit_width_for(uint32_t max_value) {
  int w = 0;
  while (max_value >> w) ++w;
  return w;
}

}  // namespace aiperf
