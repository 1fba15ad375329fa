#pragma once
// An explicit-bucket histogram as OTLP carries it: bucket i counts values in
// (bounds[i-1], bounds[i]] (upper bound inclusive, the OTLP definition), the last bucket
// everything above the last bound; plus count, sum, min and max.
#include <cstdint>
#include <span>
#include <vector>

namespace aiperf {

// The GenAI semantic conventions' advisory boundaries (OpenTelemetry semconv, GenAI metrics):
// seconds for gen_ai.client.operation.duration and the chunk timings, tokens for
// gen_ai.client.token.usage.
inline constexpr double kGenAiDurationBounds[] = {0.01, 0.02, 0.04, 0.08,  0.16,  0.32,  0.64,
                                                  1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92};
inline constexpr double kGenAiTokenBounds[] = {1,     4,     16,     64,      256,     1024,     4096,
                                               16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864};
// The OpenTelemetry SDKs' default boundaries, for aiperf.<tag> histograms (no advice exists).
inline constexpr double kOtelDefaultBounds[] = {0,   5,   10,   25,   50,   75,   100,  250,
                                                500, 750, 1000, 2500, 5000, 7500, 10000};

class ExplicitHistogram {
 public:
  explicit ExplicitHistogram(std::span<const double> bounds);
  void add(double value);

  const std::vector<double>& bounds() const { return bounds_; }
  const std::vector<uint64_t>& counts() const { return counts_; }  // bounds().size() + 1 buckets
  uint64_t count() const { return count_; }
  double sum() const { return sum_; }
  double min() const { return min_; }  // meaningful when count() > 0
  double max() const { return max_; }

 private:
  std::vector<double> bounds_;
  std::vector<uint64_t> counts_;
  uint64_t count_ = 0;
  double sum_ = 0, min_ = 0, max_ = 0;
};

}  // namespace aiperf
