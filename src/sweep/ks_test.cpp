#include "sweep/ks_test.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include <boost/math/distributions/kolmogorov_smirnov.hpp>

namespace aiperf {
namespace {

std::vector<double> sorted_without_nan(std::span<const double> values) {
  std::vector<double> out;
  out.reserve(values.size());
  for (double v : values)
    if (!std::isnan(v)) out.push_back(v);
  std::sort(out.begin(), out.end());
  return out;
}

// max over the merged order of |i*n - j*m|, stepping past all copies of a value at once.
std::int64_t max_deviation(const std::vector<double>& a, const std::vector<double>& b) {
  const auto m = static_cast<std::int64_t>(a.size());
  const auto n = static_cast<std::int64_t>(b.size());
  std::int64_t i = 0, j = 0, h = 0;
  while (i < m && j < n) {
    const double v = std::min(a[size_t(i)], b[size_t(j)]);
    while (i < m && a[size_t(i)] == v) ++i;
    while (j < n && b[size_t(j)] == v) ++j;
    h = std::max(h, i * n > j * m ? i * n - j * m : j * m - i * n);
  }
  // Once one sample is spent the other's CDF only closes the gap: the maximum is already seen.
  return h;
}

// Fraction of the C(m+n, m) lattice paths whose deviation |i*n - j*m| reaches h.
double exact_p(std::int64_t m, std::int64_t n, std::int64_t h) {
  if (h <= 0) return 1.0;
  std::vector<double> c(size_t(n) + 1);
  for (std::int64_t i = 0; i <= m; ++i) {
    // Row i is inside the band for j*m in (i*n - h, i*n + h).
    for (std::int64_t j = 0; j <= n; ++j) {
      const std::int64_t dev = i * n - j * m;
      if (dev >= h || -dev >= h) {
        c[size_t(j)] = 1.0;
      } else if (i + j == 0) {
        c[0] = 0.0;
      } else {
        const double up = j > 0 ? double(j) * c[size_t(j - 1)] : 0.0;
        c[size_t(j)] = (double(i) * c[size_t(j)] + up) / double(i + j);
      }
    }
  }
  return std::clamp(c[size_t(n)], 0.0, 1.0);
}

double asymptotic_p(std::int64_t m, std::int64_t n, double d) {
  if (d <= 0) return 1.0;
  const double en = double(m) * double(n) / double(m + n);
  boost::math::kolmogorov_smirnov_distribution<double> dist(en);
  return std::clamp(boost::math::cdf(boost::math::complement(dist, d)), 0.0, 1.0);
}

}  // namespace

KsResult ks_2samp(std::span<const double> a_in, std::span<const double> b_in, KsMethod method) {
  const std::vector<double> a = sorted_without_nan(a_in);
  const std::vector<double> b = sorted_without_nan(b_in);
  if (a.empty() || b.empty()) throw std::invalid_argument("ks_2samp: both samples need at least one value");
  const auto m = static_cast<std::int64_t>(a.size());
  const auto n = static_cast<std::int64_t>(b.size());
  const std::int64_t h = max_deviation(a, b);

  KsResult r;
  r.statistic = double(h) / (double(m) * double(n));
  r.exact = method == KsMethod::exact ||
            (method == KsMethod::automatic && double(m) * double(n) <= double(kKsExactMaxCells));
  r.p_value = r.exact ? exact_p(m, n, h) : asymptotic_p(m, n, r.statistic);
  return r;
}

}  // namespace aiperf
