#pragma once
// One record metric's samples for a whole run, in memory that does not grow with the run:
// the newest are kept in a SampleColumn; once it holds the budget's worth they are sorted and
// appended to the spill file as one run (value, repeat count; delta-coded), and the column
// starts again. Nothing spilled: statistics read the column exactly as before. Spilled: they
// read every run merged, ascending, which is the very sequence the in-memory sort gives, so
// every statistic is the same to the last bit (tests/unit/metrics/spilled_samples_test.cpp).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "metrics/sample_column.h"
#include "metrics/sorted_runs.h"
#include "metrics/sorted_samples.h"

namespace aiperf {

// A run item: a finite sample's ordered_bits() and how many times it occurs.
struct SampleRunCodec {
  struct Item {
    uint64_t key = 0;
    uint64_t count = 0;
  };
  struct State {
    uint64_t key = 0;
  };
  static void encode(std::string& out, const Item& item, State& s) {
    put_varint(out, item.key - s.key);  // ascending: small deltas (modular, so never wrong)
    put_varint(out, item.count);
    s.key = item.key;
  }
  static Item decode(RunBytes& in, State& s) {
    Item item;
    item.key = s.key += in.varint();
    item.count = in.varint();
    return item;
  }
  static bool less(const Item& a, const Item& b) { return a.key < b.key; }
  static bool coalesce(Item& into, const Item& next) {
    if (into.key != next.key) return false;
    into.count += next.count;
    return true;
  }
};

// The finite samples of spilled runs, ascending, read from the file (each pass merges the runs
// again). The same interface as SortedSamples, for describe_ascending().
class MergedSamples {
 public:
  MergedSamples(const SpillFile& file, const SortedRuns<SampleRunCodec>& runs, size_t size)
      : file_(&file), runs_(&runs), size_(size) {}
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  template <class F>
  void for_each(F&& f) const {
    MergedRuns<SampleRunCodec> in = runs_->merged(*file_);
    SampleRunCodec::Item item;
    while (in.next(item)) {
      const double v = from_ordered_bits(item.key);
      for (uint64_t c = item.count; c > 0; --c) f(v);
    }
  }
  // out[i] = the sample of rank ranks[i] (0 = smallest); one pass whatever the ranks' order.
  void values_at(std::span<const size_t> ranks, std::span<double> out) const;

 private:
  const SpillFile* file_;
  const SortedRuns<SampleRunCodec>* runs_;
  size_t size_;
};

class MetricSamples {
 public:
  void push_back(double v) {
    recent_.push_back(v);
    arrival_sum_ += v;
    zeros_ += v == 0;
    ++size_;
  }
  void append(std::span<const double> values) {
    for (double v : values) push_back(v);
  }

  size_t size() const { return size_; }  // every sample, finite or not
  bool empty() const { return size_ == 0; }
  // Σ of every sample in arrival order (the total_* metrics sum in that order).
  double arrival_sum() const { return arrival_sum_; }
  uint64_t zeros() const { return zeros_; }

  size_t in_memory() const { return recent_.size(); }
  bool spilled() const { return !runs_.empty(); }
  // Nothing spilled: the samples, in arrival order.
  const SampleColumn& in_memory_samples() const { return recent_; }

  // The in-memory samples' finite ones become one sorted run; memory starts again.
  void spill(SpillFile& file);
  // Spilled: every finite sample, ascending (what is still in memory is spilled first, and
  // the runs merged down to SortedRuns::kMaxFanIn). Valid until the next change.
  MergedSamples merged(SpillFile& file);

 private:
  SampleColumn recent_;
  SortedRuns<SampleRunCodec> runs_;
  size_t spilled_finite_ = 0;
  size_t size_ = 0;
  double arrival_sum_ = 0;
  uint64_t zeros_ = 0;
};

}  // namespace aiperf
