#include "io/rle_hybrid_levels.h"

#include <algorithm>

#include "io/thrift_compact_writer.h"

namespace aiperf {
namespace {

// A run shorter than this is cheaper bit-packed (a run costs a header plus a value byte).
constexpr size_t kMinRun = 8;

template <typename T>
size_t run_length(const T* v, size_t i, size_t n) {
  size_t j = i + 1;
  while (j < n && v[j] == v[i]) ++j;
  return j - i;
}

// Bit-packs values [i, end) in groups of 8, LSB first; the last group may be padded.
template <typename T>
void append_bit_packed(std::string& out, const T* v, size_t i, size_t end, int bit_width) {
  const size_t groups = (end - i + 7) / 8;
  append_varint(out, (groups << 1) | 1);
  uint64_t acc = 0;  // up to 7 pending bits plus one 32-bit value
  int bits = 0;
  for (size_t k = 0; k < groups * 8; ++k) {
    const uint64_t value = i + k < end ? v[i + k] : 0;
    acc |= value << bits;
    bits += bit_width;
    while (bits >= 8) {
      out.push_back(char(acc & 0xFF));
      acc >>= 8;
      bits -= 8;
    }
  }
}

template <typename T>
void append_hybrid(std::string& out, const T* v, size_t n, int bit_width) {
  size_t i = 0;
  while (i < n) {
    const size_t run = run_length(v, i, n);
    if (run >= kMinRun) {
      append_varint(out, uint64_t(run) << 1);
      for (int b = 0; b < (bit_width + 7) / 8; ++b) out.push_back(char((uint32_t(v[i]) >> (8 * b)) & 0xFF));
      i += run;
      continue;
    }
    // Mixed stretch: whole groups of 8 until a long run starts at a group boundary (a
    // bit-packed run may hold a partial group only at the very end).
    size_t end = i;
    do {
      end = std::min(end + 8, n);
    } while (end < n && run_length(v, end, n) < kMinRun);
    append_bit_packed(out, v, i, end, bit_width);
    i = end;
  }
}

}  // namespace

void append_rle_hybrid(std::string& out, const uint8_t* v, size_t n, int bit_width) {
  append_hybrid(out, v, n, bit_width);
}

void append_rle_hybrid(std::string& out, const uint32_t* v, size_t n, int bit_width) {
  append_hybrid(out, v, n, bit_width);
}

void append_levels_v1(std::string& out, const uint8_t* values, size_t n, int bit_width) {
  const size_t at = out.size();
  out.append(4, '\0');
  append_rle_hybrid(out, values, n, bit_width);
  const uint32_t len = uint32_t(out.size() - at - 4);
  for (int b = 0; b < 4; ++b) out[at + size_t(b)] = char((len >> (8 * b)) & 0xFF);
}

}  // namespace aiperf
