#include "metrics/metric_samples.h"

#include <algorithm>
#include <numeric>

namespace aiperf {

void MergedSamples::values_at(std::span<const size_t> ranks, std::span<double> out) const {
  std::vector<size_t> order(ranks.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return ranks[a] < ranks[b]; });
  MergedRuns<SampleRunCodec> in = runs_->merged(*file_);
  SampleRunCodec::Item item;
  uint64_t end = 0;  // ranks [end - item.count, end) hold the current item
  size_t next = 0;
  while (next < order.size() && in.next(item)) {
    end += item.count;
    for (; next < order.size() && ranks[order[next]] < end; ++next) out[order[next]] = from_ordered_bits(item.key);
  }
}

void MetricSamples::spill(SpillFile& file) {
  if (recent_.empty()) return;
  SampleSorter sorter;  // buffers freed after the spill: memory stays bounded between spills
  const std::span<const double> sorted = sorter.sorted_finite(recent_);
  RunWriter<SampleRunCodec> out(file);
  for (size_t i = 0; i < sorted.size();) {
    const uint64_t key = ordered_bits(sorted[i]);
    size_t j = i + 1;
    while (j < sorted.size() && ordered_bits(sorted[j]) == key) ++j;
    out.put({key, uint64_t(j - i)});
    i = j;
  }
  runs_.add(out.finish());
  spilled_finite_ += sorted.size();
  recent_ = SampleColumn();
}

MergedSamples MetricSamples::merged(SpillFile& file) {
  spill(file);
  runs_.compact(file);
  return MergedSamples(file, runs_, spilled_finite_);
}

}  // namespace aiperf
