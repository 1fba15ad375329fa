#include "metrics/sorted_samples.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "metrics/radix_sort.h"

namespace aiperf {
namespace {

constexpr size_t kSmall = 256;  // below this, comparisons beat the radix passes

template <class ForEachChunk>
std::vector<double> sorted_finite_of(size_t size, ForEachChunk&& for_each_chunk) {
  std::vector<double> out;
  if (size < kSmall) {
    for_each_chunk([&](std::span<const double> c) {
      for (double v : c)
        if (std::isfinite(v)) out.push_back(v);
    });
    std::sort(out.begin(), out.end());
    return out;
  }
  std::vector<uint64_t> keys;
  keys.reserve(size);
  for_each_chunk([&](std::span<const double> c) {
    for (double v : c)
      if (std::isfinite(v)) keys.push_back(ordered_bits(v));
  });
  radix_sort_by_key(keys, [](uint64_t k) { return k; });
  out.resize(keys.size());
  std::transform(keys.begin(), keys.end(), out.begin(), from_ordered_bits);
  return out;
}

}  // namespace

std::vector<double> sorted_finite(std::span<const double> samples) {
  return sorted_finite_of(samples.size(), [&](auto&& f) { f(samples); });
}

std::vector<double> sorted_finite(const SampleColumn& samples) {
  return sorted_finite_of(samples.size(), [&](auto&& f) { samples.for_each_chunk(f); });
}

}  // namespace aiperf
