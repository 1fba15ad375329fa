#pragma once
// The statistics behind --steady-state window detection (metrics-and-outputs.md §7.10,
// docs/steady_state.md): CUSUM change points on a binned curve, MSER-5 truncation on batch
// means, lag-1 autocorrelation, a Spearman trend test and a percentile bootstrap. Pure
// functions over series; metrics/steady_state.cpp builds the series from the run's records.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace aiperf {

// The plateau of a binned curve, as bin indices: [first, end). A curve without a detected
// ramp-up has first 0; without a ramp-down, end = the number of bins.
struct Plateau {
  size_t first = 0;
  size_t end = 0;
};

// How noisy a curve may be before CUSUM calls it a change: sigma is at least
// `relative_floor` x |target|, and with `counts` at least sqrt(|target|) (Poisson noise of
// per-bin counts), so a curve flat to the last digit does not alarm on rounding.
struct CusumNoiseFloor {
  double relative_floor = 0.05;
  bool counts = false;
};

// Two-sided tabular CUSUM (Page) against the plateau level: the target is the median of the
// curve's middle half, sigma 1.4826 x its median absolute deviation (at least the floor),
// slack k = 0.5 sigma, alarm h = 5 sigma. Scanned from the middle bin back to the first, the
// first alarm marks a ramp-up and the change point is the last bin where the alarming sum was
// zero (the plateau's first bin); scanned forwards to the last bin, likewise the ramp-down.
// Fewer than 4 bins: the whole curve.
Plateau cusum_plateau(std::span<const double> curve, CusumNoiseFloor floor = {});

// Means of consecutive batches of a series in time order, with each batch's first time stamp.
// At most `max_batches` are kept: past that, neighbours are merged pairwise and the batch
// size doubles, so memory stays bounded on any run (the batch size is then 5 x 2^k).
class BatchMeans {
 public:
  explicit BatchMeans(size_t batch_size = 5, size_t max_batches = size_t(1) << 16)
      : batch_size_(batch_size), max_batches_(max_batches) {}
  void add(double value, int64_t time_ns);
  size_t batch_size() const { return batch_size_; }
  size_t samples() const { return samples_; }
  // Complete batches only (a trailing partial batch is left out, as MSER-5 does).
  std::vector<double> means() const;
  int64_t first_time(size_t batch) const { return batches_[batch].first_ns; }
  // Every sample's (sum, count) per complete batch: the bootstrap's blocks.
  struct Batch {
    double sum = 0;
    size_t count = 0;
    int64_t first_ns = 0;
  };
  std::span<const Batch> complete() const;

 private:
  void merge_pairs();
  size_t batch_size_, max_batches_;
  size_t samples_ = 0;
  std::vector<Batch> batches_;  // the last one may be partial
};

// MSER truncation point d* over batch means Y_0..Y_{m-1}: the d in [0, m/2] minimising
// sum_{j>=d} (Y_j - mean_d)^2 / (m - d)^2 (White 1997; ties: the smallest d), the means first
// winsorized at their median +- 5 robust sigma (1.4826 x MAD). nullopt below 10 batches (too
// short a series to judge).
std::optional<size_t> mser_truncation(std::span<const double> batch_means);

// Lag-1 autocorrelation of a series fed in time order, in one pass (values are shifted by the
// first one to keep the sums well conditioned).
class Lag1Autocorrelation {
 public:
  void add(double x);
  size_t count() const { return n_; }
  // nullopt below 3 values or for a constant series.
  std::optional<double> value() const;

 private:
  size_t n_ = 0;
  double shift_ = 0, last_ = 0;
  double sum_ = 0, sum_sq_ = 0, sum_lag_ = 0;
};

// Variance inflation factor (1 + rho) / (1 - rho) of an AR(1)-like series, rho clamped to
// [0, 0.99]: negative autocorrelation earns no credit, and the factor stays finite.
double variance_inflation_factor(double rho);

struct Correlation {
  double r = 0;
  double p_value = 1;  // two-sided
};
// Spearman's rank correlation of `y` against its order (0, 1, 2, ...), ties ranked by their
// average rank, with the two-sided p-value of t = r sqrt((n-2)/(1-r^2)) on n-2 degrees of
// freedom (Boost.Math's Student t). nullopt below 3 values or for a constant series.
std::optional<Correlation> spearman_trend(std::span<const double> y);

// Percentile bootstrap: `iterations` resamples of `n` indices with replacement, each scored by
// `statistic(indices)`; the (1-level)/2 and (1+level)/2 quantiles (linear, as numpy) of the
// scores. Deterministic for a seed (a SplitMix64 stream: the same on every platform).
struct Interval {
  double low = 0, high = 0;
};
template <class Statistic>
std::optional<Interval> bootstrap_interval(size_t n, int64_t iterations, double level, uint64_t seed,
                                           Statistic&& statistic);

// SplitMix64 (Vigna): small, fast, and its output is defined, unlike std:: distributions'.
struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) (Lemire's multiply-shift; the bias is below 2^-32 for any n a run has).
  size_t below(size_t n) { return size_t((unsigned __int128)next() * n >> 64); }
};

// The two quantiles of `scores` (sorted in place).
Interval quantile_interval(std::vector<double>& scores, double level);

template <class Statistic>
std::optional<Interval> bootstrap_interval(size_t n, int64_t iterations, double level, uint64_t seed,
                                           Statistic&& statistic) {
  if (n < 2 || iterations <= 0) return std::nullopt;
  SplitMix64 rng{seed};
  std::vector<size_t> picks(n);
  std::vector<double> scores;
  scores.reserve(size_t(iterations));
  for (int64_t i = 0; i < iterations; ++i) {
    for (size_t& p : picks) p = rng.below(n);
    scores.push_back(statistic(std::span<const size_t>(picks)));
  }
  return quantile_interval(scores, level);
}

}  // namespace aiperf
