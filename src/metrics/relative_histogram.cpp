#include "metrics/relative_histogram.h"

#include <algorithm>
#include <cmath>

#include "metrics/statistics.h"

namespace aiperf {

namespace {
// Values at or below this are kept as zeros: far below any unit the metrics use.
constexpr double kSmallest = 1e-9;
}  // namespace

RelativeHistogram::RelativeHistogram(double relative_accuracy)
    : gamma_((1 + relative_accuracy) / (1 - relative_accuracy)), log_gamma_(std::log(gamma_)) {}

void RelativeHistogram::add(double value) {
  if (!(value > 0)) value = 0;  // NaN too
  ++count_;
  if (count_ == 1) {
    min_ = max_ = value;
  } else {
    min_ = std::min(min_, value);
    max_ = std::max(max_, value);
  }
  const double delta = value - mean_;
  mean_ += delta / double(count_);
  m2_ += delta * (value - mean_);
  if (value <= kSmallest) {
    ++zeros_;
    return;
  }
  const int64_t index = int64_t(std::ceil(std::log(value) / log_gamma_));
  if (buckets_.empty()) {
    offset_ = index;
    buckets_.assign(1, 0);
  } else if (index < offset_) {
    buckets_.insert(buckets_.begin(), size_t(offset_ - index), 0);
    offset_ = index;
  } else if (index >= offset_ + int64_t(buckets_.size())) {
    buckets_.resize(size_t(index - offset_ + 1), 0);
  }
  ++buckets_[size_t(index - offset_)];
}

double RelativeHistogram::population_std() const {
  return count_ > 0 ? std::sqrt(m2_ / double(count_)) : 0.0;
}

double RelativeHistogram::value_at_rank(int64_t rank) const {
  if (rank < zeros_) return std::clamp(0.0, min_, max_);
  int64_t seen = zeros_;
  for (size_t i = 0; i < buckets_.size(); ++i) {
    seen += buckets_[i];
    if (rank < seen) {
      // The bucket (γ^(k−1), γ^k] is represented by the point whose relative distance to
      // both ends is α.
      const double upper = std::exp(double(offset_ + int64_t(i)) * log_gamma_);
      return std::clamp(2 * upper / (gamma_ + 1), min_, max_);
    }
  }
  return max_;
}

double RelativeHistogram::percentile(double q) const {
  if (count_ == 0) return 0;
  const LinearRanks r = linear_ranks(size_t(count_), q);
  if (r.lo == 0 && r.t == 0) return min_;
  if (r.lo == size_t(count_ - 1)) return max_;
  return lerp_linear(value_at_rank(int64_t(r.lo)), value_at_rank(int64_t(r.hi)), r.t);
}

}  // namespace aiperf
