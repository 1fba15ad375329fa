#pragma once
// A load value another thread may move while a phase runs: adaptive scale (cli-and-load.md
// §5.7) judges windows on the record thread and sets here the concurrency, prefill limit or
// request rate the profiling phase should run at, and when to stop sending. The phase's
// strategy reads it on the issuer thread every kPollNs; nothing else is shared, and no lock is
// taken.
#include <atomic>
#include <cstdint>

namespace aiperf {

class LoadKnob {
 public:
  // How often the strategy looks: changes come once per assessment window (seconds), so 10 ms
  // late is nothing, and the issuer wakes 100 times a second at most for it.
  static constexpr int64_t kPollNs = 10'000'000;

  explicit LoadKnob(double initial) : value_(initial) {}

  // Record thread.
  void set(double value) { value_.store(value, std::memory_order_release); }
  // No credit is issued at or after `at_ns` (monotonic); in-flight requests finish as usual.
  void stop_at(int64_t at_ns) { stop_at_ns_.store(at_ns, std::memory_order_release); }

  // Issuer thread.
  double value() const { return value_.load(std::memory_order_acquire); }
  int64_t stop_at_ns() const { return stop_at_ns_.load(std::memory_order_acquire); }  // 0 = not set
  bool stopped(int64_t now_ns) const {
    const int64_t at = stop_at_ns();
    return at != 0 && now_ns >= at;
  }

 private:
  std::atomic<double> value_;
  std::atomic<int64_t> stop_at_ns_{0};
};

}  // namespace aiperf
