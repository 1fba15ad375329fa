#pragma once
// A quantile sketch with a bounded relative error, for statistics that must be cheap to keep
// for ever (the live view's real-time metrics, docs/ui.md): every positive value falls into a
// logarithmic bucket (γ = (1 + α) / (1 − α)), so a quantile it reports lies within α of a
// sample at the same rank, while the memory depends on the range of the values, not on how
// many there are (a few thousand buckets from microseconds to hours). Count, mean, min, max and
// the population standard deviation are exact.
#include <cstdint>
#include <vector>

namespace aiperf {

class RelativeHistogram {
 public:
  explicit RelativeHistogram(double relative_accuracy = 0.001);

  void add(double value);  // negative values count as 0

  int64_t count() const { return count_; }
  double mean() const { return mean_; }
  double min() const { return min_; }  // 0 when empty
  double max() const { return max_; }
  double population_std() const;
  // NumPy's linear percentile (q in [0, 100]) read from the buckets: each rank's value is its
  // bucket's representative, clamped to [min, max]. 0 when empty.
  double percentile(double q) const;

 private:
  double value_at_rank(int64_t rank) const;

  double gamma_, log_gamma_;
  std::vector<uint32_t> buckets_;  // buckets_[i] counts values in bucket index offset_ + i
  int64_t offset_ = 0;
  int64_t zeros_ = 0;              // values <= the smallest positive bucket
  int64_t count_ = 0;
  double mean_ = 0, m2_ = 0, min_ = 0, max_ = 0;  // Welford
};

}  // namespace aiperf
