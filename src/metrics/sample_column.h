#pragma once
// One metric's samples in arrival order, stored in chunks that never move: appending never
// copies what is already there (no 2x peak while a vector regrows) and allocates once per
// chunk, not per record. Chunks start small (timeslices keep one column per metric per
// slice) and double up to kMaxChunk.
//
// Most samples are whole numbers below 2^32 (latencies in ns, token counts): a chunk keeps
// them in 4 bytes each, exactly, and switches to 8-byte doubles the first time a value is
// not one (rates, fractions, -0.0, NaN). Reading gives back the very same doubles.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace aiperf {

class SampleColumn {
 public:
  void push_back(double v) {
    if (room_ == 0) grow();
    --room_;
    ++size_;
    if (narrow_tail_) {
      if (fits_narrow(v)) {
        *narrow_tail_++ = uint32_t(v);
        return;
      }
      widen();
    }
    *wide_tail_++ = v;
  }
  void append(std::span<const double> values) {
    for (double v : values) push_back(v);
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // Calls f(double) for every sample, in arrival order.
  template <class F>
  void for_each(F&& f) const {
    for (size_t i = 0; i < chunks_.size(); ++i) {
      const Chunk& c = chunks_[i];
      const size_t n = used(i);
      if (c.narrow) {
        for (size_t j = 0; j < n; ++j) f(double(c.narrow[j]));
      } else {
        for (size_t j = 0; j < n; ++j) f(c.wide[j]);
      }
    }
  }

  // Every sample is a whole number in [0, 2^32) (kept in 4 bytes).
  bool whole_numbers() const {
    return std::all_of(chunks_.begin(), chunks_.end(), [](const Chunk& c) { return c.narrow != nullptr; });
  }
  // Calls f(uint32_t) for every sample, in arrival order; only when whole_numbers().
  template <class F>
  void for_each_whole(F&& f) const {
    for (size_t i = 0; i < chunks_.size(); ++i)
      for (size_t j = 0, n = used(i); j < n; ++j) f(chunks_[i].narrow[j]);
  }

  std::vector<double> to_vector() const {
    std::vector<double> out;
    out.reserve(size_);
    for_each([&](double v) { out.push_back(v); });
    return out;
  }

 private:
  static constexpr size_t kFirstChunk = 64;
  static constexpr size_t kMaxChunk = size_t(1) << 16;

  struct Chunk {
    std::unique_ptr<uint32_t[]> narrow;  // set: whole numbers so far
    std::unique_ptr<double[]> wide;      // set once a value did not fit
    size_t capacity = 0;
  };

  static bool fits_narrow(double v) {
    // A whole number in [0, 2^32) other than -0.0 round-trips through uint32_t exactly.
    return v >= 0 && v < 4294967296.0 && double(uint32_t(v)) == v && std::bit_cast<uint64_t>(v) != (uint64_t(1) << 63);
  }

  size_t used(size_t chunk) const {
    return chunks_[chunk].capacity - (chunk + 1 == chunks_.size() ? room_ : 0);
  }

  void grow() {
    Chunk c;
    c.capacity = std::min(kFirstChunk << std::min<size_t>(chunks_.size(), 20), kMaxChunk);
    c.narrow = std::make_unique_for_overwrite<uint32_t[]>(c.capacity);
    narrow_tail_ = c.narrow.get();
    wide_tail_ = nullptr;
    room_ = c.capacity;
    chunks_.push_back(std::move(c));
  }

  // The current chunk's first value that is not a whole number: it becomes doubles.
  void widen() {
    Chunk& c = chunks_.back();
    const size_t n = size_t(narrow_tail_ - c.narrow.get());
    c.wide = std::make_unique_for_overwrite<double[]>(c.capacity);
    for (size_t i = 0; i < n; ++i) c.wide[i] = double(c.narrow[i]);
    c.narrow.reset();
    narrow_tail_ = nullptr;
    wide_tail_ = c.wide.get() + n;
  }

  std::vector<Chunk> chunks_;
  uint32_t* narrow_tail_ = nullptr;  // where the next value goes: one of these is set
  double* wide_tail_ = nullptr;
  size_t room_ = 0;  // free slots in the last chunk
  size_t size_ = 0;
};

}  // namespace aiperf
