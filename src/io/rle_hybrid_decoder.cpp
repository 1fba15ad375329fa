#include "io/rle_hybrid_decoder.h"

#include <algorithm>
#include <stdexcept>

namespace aiperf {

void decode_rle_hybrid(const uint8_t* data, size_t size, int bit_width, size_t count, std::vector<uint32_t>& out) {
  if (bit_width < 0 || bit_width > 32) throw std::runtime_error("RLE bit width above 32");
  const size_t target = out.size() + count;
  if (bit_width == 0) {  // every value is 0 and no bytes are stored
    out.resize(target, 0);
    return;
  }
  size_t pos = 0;
  auto fail = [] { throw std::runtime_error("RLE/bit-packed data ends early"); };
  while (out.size() < target) {
    uint64_t header = 0;
    for (int shift = 0;; shift += 7) {
      if (pos >= size || shift > 63) fail();
      const uint8_t b = data[pos++];
      header |= uint64_t(b & 0x7F) << shift;
      if (!(b & 0x80)) break;
    }
    if (header & 1) {  // bit-packed groups of 8
      const size_t values = size_t(header >> 1) * 8;
      const size_t bytes = size_t(header >> 1) * size_t(bit_width);
      if (bytes > size - pos) {
        // The last run may be cut short when the writer padded fewer bytes than whole groups;
        // only values that fit are taken, and we still need `target` of them.
        if ((size - pos) * 8 / size_t(bit_width) < target - out.size()) fail();
      }
      const size_t take = std::min(values, target - out.size());
      const uint64_t mask = (uint64_t(1) << bit_width) - 1;
      for (size_t i = 0; i < take; ++i) {
        const size_t bit = i * size_t(bit_width);
        uint64_t v = 0;
        for (size_t k = 0; k * 8 < size_t(bit_width) + (bit % 8); ++k)
          v |= uint64_t(data[pos + bit / 8 + k]) << (8 * k);
        out.push_back(uint32_t((v >> (bit % 8)) & mask));
      }
      pos += std::min(bytes, size - pos);
    } else {
      const size_t run = size_t(header >> 1);
      const size_t width_bytes = size_t(bit_width + 7) / 8;
      if (width_bytes > size - pos) fail();
      uint32_t v = 0;
      for (size_t k = 0; k < width_bytes; ++k) v |= uint32_t(data[pos + k]) << (8 * k);
      pos += width_bytes;
      out.resize(out.size() + std::min(run, target - out.size()), v);
    }
  }
}

}  // namespace aiperf
