#include "mock_server/error_injection.h"

namespace aiperf::mock {

uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

bool ErrorInjector::next_fails() {
  if (rate_ <= 0.0) return false;
  if (rate_ >= 1.0) return true;
  uint64_t n = decisions_.fetch_add(1, std::memory_order_relaxed);
  double u = static_cast<double>(splitmix64(seed_ ^ splitmix64(n)) >> 11) * 0x1.0p-53;
  return u < rate_;
}

}  // namespace aiperf::mock
