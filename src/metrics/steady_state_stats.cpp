#include "metrics/steady_state_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <boost/math/distributions/students_t.hpp>

namespace aiperf {
namespace {

double median_of(std::vector<double> v) {
  const size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
  const double upper = v[mid];
  if (v.size() % 2 == 1) return upper;
  return (*std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid)) + upper) / 2;
}

// One direction of the two-sided tabular CUSUM, from bin `from` stepping by `step` (+1 or -1)
// while `inside(i)`: the last bin where both sums were zero before the first alarm, or nullopt
// without an alarm.
template <class Inside>
std::optional<size_t> cusum_change(std::span<const double> x, size_t from, int step, Inside inside, double target,
                                   double k, double h) {
  double hi = 0, lo = 0;
  std::optional<size_t> last_zero_hi, last_zero_lo;
  for (size_t i = from; inside(i); i = size_t(std::ptrdiff_t(i) + step)) {
    hi = std::max(0.0, hi + (x[i] - target) - k);
    lo = std::max(0.0, lo + (target - x[i]) - k);
    if (hi == 0) last_zero_hi = i;
    if (lo == 0) last_zero_lo = i;
    // Before any zero, the change is at the scan's start: the plateau is empty on this side.
    if (hi > h) return last_zero_hi ? *last_zero_hi : size_t(std::ptrdiff_t(from) - step);
    if (lo > h) return last_zero_lo ? *last_zero_lo : size_t(std::ptrdiff_t(from) - step);
  }
  return std::nullopt;
}

}  // namespace

Plateau cusum_plateau(std::span<const double> x, CusumNoiseFloor floor) {
  const size_t n = x.size();
  if (n < 4) return {0, n};
  std::vector<double> middle(x.begin() + std::ptrdiff_t(n / 4), x.begin() + std::ptrdiff_t(n - n / 4));
  const double target = median_of(middle);
  for (double& v : middle) v = std::abs(v - target);
  double sigma = std::max({1.4826 * median_of(middle), floor.relative_floor * std::abs(target), 1e-12});
  if (floor.counts) sigma = std::max(sigma, std::sqrt(std::abs(target)));
  const double k = 0.5 * sigma, h = 5 * sigma;
  const size_t centre = n / 2;
  Plateau p{0, n};
  // Backwards: a change at bin i means bins [i, centre] are the plateau. The scan's "start
  // minus one step" is centre + 1: no plateau bin before the centre.
  if (auto i = cusum_change(x, centre, -1, [](size_t j) { return j != size_t(-1); }, target, k, h)) p.first = *i;
  if (auto i = cusum_change(x, centre, +1, [n](size_t j) { return j < n; }, target, k, h)) p.end = *i + 1;
  if (p.end < p.first) p.end = p.first;
  return p;
}

void BatchMeans::add(double value, int64_t time_ns) {
  if (batches_.empty() || batches_.back().count == batch_size_) {
    if (batches_.size() == max_batches_) merge_pairs();
    if (batches_.empty() || batches_.back().count == batch_size_) batches_.push_back({0, 0, time_ns});
  }
  Batch& b = batches_.back();
  b.sum += value;
  ++b.count;
  ++samples_;
}

void BatchMeans::merge_pairs() {
  std::vector<Batch> merged;
  merged.reserve(batches_.size() / 2 + 1);
  for (size_t i = 0; i < batches_.size(); i += 2) {
    Batch b = batches_[i];
    if (i + 1 < batches_.size()) {
      b.sum += batches_[i + 1].sum;
      b.count += batches_[i + 1].count;
    }
    merged.push_back(b);
  }
  batches_ = std::move(merged);
  batch_size_ *= 2;
}

std::span<const BatchMeans::Batch> BatchMeans::complete() const {
  size_t n = batches_.size();
  if (n > 0 && batches_.back().count < batch_size_) --n;
  return {batches_.data(), n};
}

std::vector<double> BatchMeans::means() const {
  std::vector<double> out;
  for (const Batch& b : complete()) out.push_back(b.sum / double(b.count));
  return out;
}

std::optional<size_t> mser_truncation(std::span<const double> batch_means) {
  const size_t m = batch_means.size();
  if (m < 10) return std::nullopt;
  // Winsorized at median +- 5 robust sigma: one stray request must not make MSER cut the run
  // off just after it (in a flat series, dropping one far point lowers the statistic more than
  // the shorter tail raises it); a real transient is many batches off and still counts.
  std::vector<double> y(batch_means.begin(), batch_means.end());
  const double median = median_of(y);
  std::vector<double> deviations(m);
  for (size_t i = 0; i < m; ++i) deviations[i] = std::abs(y[i] - median);
  double sigma = 1.4826 * median_of(deviations);
  if (sigma == 0)  // more than half the batches equal: the mean absolute deviation instead
    sigma = 1.2533 * std::accumulate(deviations.begin(), deviations.end(), 0.0) / double(m);
  for (double& v : y) v = std::clamp(v, median - 5 * sigma, median + 5 * sigma);
  // Suffix sums from the end: the statistic for every d in one pass, centred on the overall
  // mean so the sums of squares do not cancel.
  const double centre = std::accumulate(y.begin(), y.end(), 0.0) / double(m);
  double sum = 0, sum_sq = 0;
  std::vector<double> stat(m / 2 + 1);
  for (size_t j = m; j-- > 0;) {
    const double v = y[j] - centre;
    sum += v;
    sum_sq += v * v;
    if (j <= m / 2) {
      const double count = double(m - j);
      stat[j] = std::max(0.0, sum_sq - sum * sum / count) / (count * count);
    }
  }
  return size_t(std::min_element(stat.begin(), stat.end()) - stat.begin());
}

void Lag1Autocorrelation::add(double x) {
  if (n_ == 0) shift_ = x;  // the first value, shifted, is 0
  const double v = x - shift_;
  if (n_ > 0) sum_lag_ += last_ * v;
  sum_ += v;
  sum_sq_ += v * v;
  last_ = v;
  ++n_;
}

std::optional<double> Lag1Autocorrelation::value() const {
  if (n_ < 3) return std::nullopt;
  const double n = double(n_), mean = sum_ / n;
  const double denominator = sum_sq_ - n * mean * mean;
  if (!(denominator > 0)) return std::nullopt;
  // sum_{t<n} (x_t - m)(x_{t+1} - m) = sum_lag - m (2 sum - first - last) + (n - 1) m^2; first = 0.
  const double numerator = sum_lag_ - mean * (2 * sum_ - last_) + (n - 1) * mean * mean;
  return std::clamp(numerator / denominator, -1.0, 1.0);
}

double variance_inflation_factor(double rho) {
  rho = std::clamp(rho, 0.0, 0.99);
  return (1 + rho) / (1 - rho);
}

std::optional<Correlation> spearman_trend(std::span<const double> y) {
  const size_t n = y.size();
  if (n < 3) return std::nullopt;
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return y[a] < y[b]; });
  std::vector<double> rank(n);
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j + 1 < n && y[order[j + 1]] == y[order[i]]) ++j;
    const double average = (double(i) + double(j)) / 2;
    for (size_t t = i; t <= j; ++t) rank[order[t]] = average;
    i = j + 1;
  }
  // Pearson of the ranks against the time ranks 0..n-1 (no ties there).
  const double mean = (double(n) - 1) / 2;
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < n; ++i) {
    const double dx = double(i) - mean, dy = rank[i] - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (!(syy > 0)) return std::nullopt;
  Correlation c;
  c.r = std::clamp(sxy / std::sqrt(sxx * syy), -1.0, 1.0);
  if (std::abs(c.r) >= 1) {  // a perfectly monotonic series: t is infinite
    c.p_value = 0;
    return c;
  }
  const double df = double(n) - 2;
  const double t = c.r * std::sqrt(df / (1 - c.r * c.r));
  const boost::math::students_t dist(df);
  c.p_value = std::min(1.0, 2 * boost::math::cdf(boost::math::complement(dist, std::abs(t))));
  return c;
}

Interval quantile_interval(std::vector<double>& scores, double level) {
  std::sort(scores.begin(), scores.end());
  auto at = [&](double q) {
    const double pos = q * double(scores.size() - 1);
    const size_t lo = size_t(std::floor(pos));
    const size_t hi = std::min(lo + 1, scores.size() - 1);
    return scores[lo] + (scores[hi] - scores[lo]) * (pos - double(lo));
  };
  return {at((1 - level) / 2), at((1 + level) / 2)};
}

}  // namespace aiperf
