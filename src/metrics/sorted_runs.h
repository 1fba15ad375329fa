#pragma once
// Sorted runs kept in a SpillFile: each run is written once, in order, as compact varint
// records; reading merges any number of them back into one ascending stream (a k-way heap
// merge), and compact() merges them `kMaxFanIn` at a time so a read never opens more than
// that many. What an item is and how it is coded is the Codec's business:
//
//   struct Codec {
//     struct Item;   // one record of a run
//     struct State;  // what the coder carries from one item to the next (deltas), {} at a run's start
//     static void encode(std::string& out, const Item&, State&);
//     static Item decode(RunBytes&, State&);
//     static bool less(const Item&, const Item&);  // the runs' order
//     static bool coalesce(Item& into, const Item& next);  // merge an equal neighbour (or false)
//   };
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "metrics/spill_file.h"

namespace aiperf {

inline void put_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(char(uint8_t(v) | 0x80));
    v >>= 7;
  }
  out.push_back(char(v));
}
inline uint64_t zigzag(int64_t v) { return (uint64_t(v) << 1) ^ uint64_t(v >> 63); }
inline int64_t unzigzag(uint64_t v) { return int64_t(v >> 1) ^ -int64_t(v & 1); }

// A double as one varint when it is a whole number (token counts, ns: the usual case), else
// a tag and its 8 bytes; read back bit for bit by RunBytes::number().
inline void put_number(std::string& out, double v) {
  if (v >= 0 && v < 0x1p62 && std::floor(v) == v && !std::signbit(v)) {
    put_varint(out, uint64_t(v) << 1);
    return;
  }
  put_varint(out, 1);
  const uint64_t bits = std::bit_cast<uint64_t>(v);
  for (int i = 0; i < 8; ++i) out.push_back(char(uint8_t(bits >> (8 * i))));
}

struct SpillRun {
  uint64_t offset = 0;  // where its bytes start in the file
  uint64_t bytes = 0;
  uint64_t items = 0;
};

// One run's bytes, read a buffer at a time from its start.
class RunBytes {
 public:
  RunBytes(const SpillFile& file, SpillRun run) : file_(&file), next_(run.offset), left_(run.bytes) {}
  uint8_t byte() {
    if (pos_ == end_) refill();
    return uint8_t(buffer_[pos_++]);
  }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
      const uint8_t b = byte();
      v |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
  }
  double number() {  // what put_number() wrote
    const uint64_t tag = varint();
    if (!(tag & 1)) return double(tag >> 1);
    uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) bits |= uint64_t(byte()) << (8 * i);
    return std::bit_cast<double>(bits);
  }

 private:
  static constexpr size_t kBuffer = size_t(64) << 10;
  void refill() {
    const size_t want = size_t(std::min<uint64_t>(left_, kBuffer));
    if (buffer_.size() < want) buffer_.resize(want);  // a small run gets a small buffer
    if (want == 0 || file_->read_at(next_, std::span(buffer_.data(), want)) != want)
      throw std::runtime_error("metrics spill file: a run ended early");
    next_ += want;
    left_ -= want;
    pos_ = 0;
    end_ = want;
  }
  const SpillFile* file_;
  uint64_t next_, left_;
  std::vector<char> buffer_;
  size_t pos_ = 0, end_ = 0;
};

// Writes one run at the end of the file. One writer per file at a time: a run is contiguous.
template <class Codec>
class RunWriter {
 public:
  explicit RunWriter(SpillFile& file) : file_(file) { run_.offset = file.size(); }
  void put(const typename Codec::Item& item) {
    Codec::encode(buffer_, item, state_);
    ++run_.items;
    if (buffer_.size() >= kFlushBytes) flush();
  }
  SpillRun finish() {
    flush();
    return run_;
  }

 private:
  static constexpr size_t kFlushBytes = size_t(1) << 20;
  void flush() {
    if (buffer_.empty()) return;
    file_.append(buffer_);
    run_.bytes += buffer_.size();
    buffer_.clear();
  }
  SpillFile& file_;
  std::string buffer_;
  typename Codec::State state_{};
  SpillRun run_;
};

template <class Codec>
class RunReader {
 public:
  RunReader(const SpillFile& file, SpillRun run) : bytes_(file, run), left_(run.items) {}
  bool next(typename Codec::Item& item) {
    if (left_ == 0) return false;
    --left_;
    item = Codec::decode(bytes_, state_);
    return true;
  }

 private:
  RunBytes bytes_;
  typename Codec::State state_{};
  uint64_t left_;
};

// Several runs read as one ascending stream (ties: the earlier run first).
template <class Codec>
class MergedRuns {
 public:
  using Item = typename Codec::Item;
  MergedRuns(const SpillFile& file, const std::vector<SpillRun>& runs) {
    readers_.reserve(runs.size());
    heads_.resize(runs.size());
    for (size_t i = 0; i < runs.size(); ++i) {
      readers_.emplace_back(file, runs[i]);
      if (readers_[i].next(heads_[i])) heap_.push_back(uint32_t(i));
    }
    std::make_heap(heap_.begin(), heap_.end(), later());
  }
  bool next(Item& item) {
    if (heap_.empty()) return false;
    std::pop_heap(heap_.begin(), heap_.end(), later());
    const uint32_t i = heap_.back();
    item = heads_[i];
    if (readers_[i].next(heads_[i])) std::push_heap(heap_.begin(), heap_.end(), later());
    else heap_.pop_back();
    return true;
  }

 private:
  // std heaps put the greatest first: "later" puts the earliest item on top.
  auto later() const {
    return [this](uint32_t a, uint32_t b) {
      if (Codec::less(heads_[b], heads_[a])) return true;
      if (Codec::less(heads_[a], heads_[b])) return false;
      return a > b;
    };
  }
  std::vector<RunReader<Codec>> readers_;
  std::vector<Item> heads_;
  std::vector<uint32_t> heap_;
};

// Runs of one kind of item in one file.
template <class Codec>
class SortedRuns {
 public:
  static constexpr size_t kMaxFanIn = 64;  // 64 readers x 64 KiB of buffers while merging

  void add(SpillRun run) { runs_.push_back(run); }
  bool empty() const { return runs_.empty(); }
  size_t size() const { return runs_.size(); }

  // Merges the oldest runs kMaxFanIn at a time until at most kMaxFanIn remain; each pass
  // frees the space of the runs it read.
  void compact(SpillFile& file) {
    while (runs_.size() > kMaxFanIn) {
      const std::vector<SpillRun> group(runs_.begin(), runs_.begin() + kMaxFanIn);
      runs_.erase(runs_.begin(), runs_.begin() + kMaxFanIn);
      runs_.push_back(merge(file, group));
      for (const SpillRun& r : group) file.release(r.offset, r.bytes);
    }
  }
  // Every item, ascending. Call compact() first to bound the readers.
  MergedRuns<Codec> merged(const SpillFile& file) const { return MergedRuns<Codec>(file, runs_); }

 private:
  static SpillRun merge(SpillFile& file, const std::vector<SpillRun>& group) {
    MergedRuns<Codec> in(file, group);
    RunWriter<Codec> out(file);
    typename Codec::Item pending, item;
    if (!in.next(pending)) return out.finish();
    while (in.next(item))
      if (!Codec::coalesce(pending, item)) out.put(std::exchange(pending, item));
    out.put(pending);
    return out.finish();
  }
  std::vector<SpillRun> runs_;
};

}  // namespace aiperf
