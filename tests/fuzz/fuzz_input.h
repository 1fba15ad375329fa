#pragma once
// Reads a fuzz input as a few leading selector bytes (which parser, which mode, how to split the
// data into reads) followed by the data itself. A selector past the end reads as 0, so every
// input, even an empty one, is a valid case.
#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <string_view>

namespace aiperf::fuzz {

class FuzzInput {
 public:
  FuzzInput(const uint8_t* data, size_t size) : rest_(reinterpret_cast<const char*>(data), size) {}

  uint8_t take_byte() {
    if (rest_.empty()) return 0;
    auto b = uint8_t(rest_.front());
    rest_.remove_prefix(1);
    return b;
  }
  // Everything not yet taken.
  std::string_view rest() const { return rest_; }

 private:
  std::string_view rest_;
};

// Cuts a byte string into pieces whose sizes follow from `seed`, so that one input also checks
// that a parser fed in arbitrary reads gets the same answer as one fed everything at once
// (seed 0: one piece).
class ReadSplitter {
 public:
  ReadSplitter(std::string_view data, uint8_t seed) : rest_(data), state_(seed) {}

  bool done() const { return rest_.empty(); }
  std::string_view next() {
    size_t n = rest_.size();
    if (state_ != 0) {
      state_ = uint32_t(state_ * 1103515245u + 12345u);  // any cheap deterministic sequence
      n = std::min<size_t>(n, 1 + (state_ >> 16) % 64);
    }
    std::string_view piece = rest_.substr(0, n);
    rest_.remove_prefix(n);
    return piece;
  }

 private:
  std::string_view rest_;
  uint32_t state_;
};

}  // namespace aiperf::fuzz
