#pragma once
// Parquet's RLE / bit-packing hybrid, the encoding of definition levels and of dictionary
// indices: runs of one repeated value are stored as (count, value); anything more mixed is
// bit-packed in groups of 8.
#include <cstddef>
#include <cstdint>
#include <string>

namespace aiperf {

// Appends `n` values of `bit_width` bits (1..8) in the hybrid encoding, without a length
// prefix. A trailing bit-packed group is padded with zeros (readers stop at the page's value
// count).
void append_rle_hybrid(std::string& out, const uint8_t* values, size_t n, int bit_width);
// The same for wider values (dictionary indices), `bit_width` 1..32; a run's value takes
// ceil(bit_width / 8) little-endian bytes.
void append_rle_hybrid(std::string& out, const uint32_t* values, size_t n, int bit_width);

// Data page v1 form: a 4-byte little-endian byte length, then the hybrid encoding.
void append_levels_v1(std::string& out, const uint8_t* values, size_t n, int bit_width);

}  // namespace aiperf
