#include "dataset/sequence_distribution.h"

namespace aiperf {

size_t pick_bucket(const std::vector<SequenceLengthBucket>& buckets, std::mt19937_64& rng) {
  double total = 0;
  for (const SequenceLengthBucket& b : buckets) total += b.weight;
  const double u = double(rng() >> 11) * 0x1.0p-53 * total;  // uniform in [0, total)
  double upper = 0;
  for (size_t i = 0; i < buckets.size(); ++i) {
    upper += buckets[i].weight;
    if (u < upper) return i;
  }
  // Rounding can leave u just above the summed weights: the last bucket with weight owns it.
  for (size_t i = buckets.size(); i-- > 0;)
    if (buckets[i].weight > 0) return i;
  return 0;
}

}  // namespace aiperf
