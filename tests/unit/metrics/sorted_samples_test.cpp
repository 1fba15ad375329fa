// The radix sample sorter and describe_sorted() against a plain std::sort reference, bit for
// bit, on random data with ties, negatives, non-finite values and both sides of the
// comparison-sort threshold.
#include "metrics/sorted_samples.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "metrics/statistics.h"
#include "sample_shapes.h"

namespace aiperf {
namespace {

std::vector<double> reference_sorted(const std::vector<double>& x) {
  std::vector<double> out;
  for (double v : x)
    if (std::isfinite(v)) out.push_back(v);
  std::sort(out.begin(), out.end());
  return out;
}

// Same numbers, bit for bit (EXPECT_EQ on doubles would let -0.0 == +0.0 through).
void expect_bits(std::span<const double> got, std::span<const double> want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_EQ(std::bit_cast<uint64_t>(got[i]), std::bit_cast<uint64_t>(want[i])) << "at " << i;
}

using testing::sample;
using testing::Shape;

TEST(SortedSamples, MatchStdSortBitForBit) {
  std::mt19937_64 rng(42);
  for (size_t n : {1u, 2u, 3u, 255u, 256u, 1000u, 20000u}) {
    for (Shape shape : {Shape::whole_ns, Shape::small_ints, Shape::ties, Shape::reals, Shape::signed_reals, Shape::wide}) {
      const std::vector<double> x = sample(rng, n, shape);
      SampleColumn column;
      for (double v : x) column.push_back(v);
      SampleSorter sorter;
      const std::vector<double> want = reference_sorted(x);
      expect_bits(sorter.sorted_finite(column), want);
      expect_bits(sorter.sorted_finite(std::span<const double>(x)), want);  // buffers reused
    }
  }
}

TEST(SortedSamples, DropNonFiniteAndHandleConstantColumns) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> x(1000, 5.0);
  x[10] = std::nan("");
  x[20] = inf;
  x[30] = -inf;
  SampleSorter sorter;
  expect_bits(sorter.sorted_finite(std::span<const double>(x)), std::vector<double>(997, 5.0));
  std::vector<double> none(500, std::nan(""));
  EXPECT_TRUE(sorter.sorted_finite(std::span<const double>(none)).empty());
}

// describe() (radix path) against the same statistics over a std::sort-ed copy: the sums
// run over the same ascending sequence, so every field is identical.
TEST(SortedSamples, DescribeEqualsSortBasedReference) {
  std::mt19937_64 rng(7);
  for (size_t n : {1u, 2u, 3u, 1000u, 5000u}) {
    for (Shape shape : {Shape::whole_ns, Shape::small_ints, Shape::ties, Shape::reals, Shape::signed_reals}) {
      const std::vector<double> x = sample(rng, n, shape);
      const std::vector<double> s = reference_sorted(x);
      std::optional<DistributionStats> got = describe(x);
      ASSERT_TRUE(got);
      double sum = 0;
      for (double v : s) sum += v;
      EXPECT_EQ(got->count, int64_t(n));
      EXPECT_EQ(got->sum, sum);
      EXPECT_EQ(got->avg, sum / double(n));
      EXPECT_EQ(got->min, s.front());
      EXPECT_EQ(got->max, s.back());
      EXPECT_EQ(got->std, population_std(s, sum / double(n)));
      for (size_t i = 0; i < kPercentiles.size(); ++i) EXPECT_EQ(got->p[i], percentile_linear(s, kPercentiles[i]));
      // From a column: whole numbers over a narrow range are described from their counts.
      SampleColumn column;
      for (double v : x) column.push_back(v);
      SampleSorter sorter;
      const SortedSamples view = sorter.sorted_or_counted(column);
      ASSERT_EQ(view.size(), s.size());
      for (size_t i = 0; i < s.size(); ++i) ASSERT_EQ(view[i], s[i]) << "rank " << i;
      std::optional<DistributionStats> counted = describe_sorted(view);
      ASSERT_TRUE(counted);
      EXPECT_EQ(counted->sum, got->sum);
      EXPECT_EQ(counted->std, got->std);
      for (size_t i = 0; i < kPercentiles.size(); ++i) EXPECT_EQ(counted->p[i], got->p[i]);
    }
  }
}

TEST(SampleColumn, KeepsArrivalOrderAcrossChunks) {
  SampleColumn c;
  std::vector<double> want;
  for (int i = 0; i < 100000; ++i) {
    c.push_back(double(i) * 0.5);
    want.push_back(double(i) * 0.5);
  }
  c.append(std::vector<double>{1, 2, 3});
  want.insert(want.end(), {1, 2, 3});
  EXPECT_EQ(c.size(), want.size());
  EXPECT_EQ(c.to_vector(), want);
}

// Whole numbers are kept in 4 bytes until a value is not one; either way every double
// comes back bit for bit, in order.
TEST(SampleColumn, NarrowAndWideValuesRoundTrip) {
  const std::vector<double> values = {0, 1, 4294967295.0, 7, 4294967296.0, -0.0, 2.5, -3, 1e300, std::nan(""), 9};
  for (size_t start = 0; start < values.size(); ++start) {
    SampleColumn c;
    std::vector<double> want;
    for (int i = 0; i < 200; ++i) {  // crosses chunk boundaries
      const double v = i % 5 == 0 ? values[(start + size_t(i)) % values.size()] : double(i);
      c.push_back(v);
      want.push_back(v);
    }
    const std::vector<double> got = c.to_vector();
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
      ASSERT_EQ(std::bit_cast<uint64_t>(got[i]), std::bit_cast<uint64_t>(want[i])) << i;
  }
}

}  // namespace
}  // namespace aiperf
