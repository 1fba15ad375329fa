#pragma once
// Decides which completion requests fail with 500 (--error-rate). The n-th decision depends only
// on (seed, n), so a run with the same seed and request order fails the same requests.
#include <atomic>
#include <cstdint>

namespace aiperf::mock {

uint64_t splitmix64(uint64_t x);

class ErrorInjector {
 public:
  ErrorInjector(double rate, uint64_t seed) : rate_(rate), seed_(seed) {}

  // Thread-safe; rates of exactly 0 and 1 never touch the shared counter.
  bool next_fails();

 private:
  double rate_;
  uint64_t seed_;
  std::atomic<uint64_t> decisions_{0};
};

}  // namespace aiperf::mock
