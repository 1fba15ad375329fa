#pragma once
// One metric's samples in arrival order, stored in chunks that never move: appending never
// copies what is already there (no 2x peak while a vector regrows) and allocates once per
// chunk, not per record. Chunks start small (timeslices keep one column per metric per
// slice) and double up to kMaxChunk.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace aiperf {

class SampleColumn {
 public:
  void push_back(double v) {
    if (fill_ == capacity_) grow();
    chunks_.back()[fill_++] = v;
    ++size_;
  }
  void append(std::span<const double> values) {
    for (double v : values) push_back(v);
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // Calls f(std::span<const double>) for each chunk, in arrival order.
  template <class F>
  void for_each_chunk(F&& f) const {
    for (size_t i = 0; i < chunks_.size(); ++i)
      f(std::span<const double>(chunks_[i].get(), i + 1 == chunks_.size() ? fill_ : chunk_size(i)));
  }

  std::vector<double> to_vector() const {
    std::vector<double> out;
    out.reserve(size_);
    for_each_chunk([&](std::span<const double> c) { out.insert(out.end(), c.begin(), c.end()); });
    return out;
  }

 private:
  static constexpr size_t kFirstChunk = 64;
  static constexpr size_t kMaxChunk = size_t(1) << 16;  // 512 KiB

  static size_t chunk_size(size_t i) { return std::min(kFirstChunk << std::min<size_t>(i, 20), kMaxChunk); }

  void grow() {
    capacity_ = chunk_size(chunks_.size());
    chunks_.push_back(std::make_unique_for_overwrite<double[]>(capacity_));
    fill_ = 0;
  }

  std::vector<std::unique_ptr<double[]>> chunks_;
  size_t fill_ = 0, capacity_ = 0, size_ = 0;
};

}  // namespace aiperf
