#pragma once
// --request-cancellation-rate / --request-cancellation-delay (cli-and-load.md §4.7): which
// profiling requests the worker cancels, and how long after the body is written.
//
// Each request gets an independent Bernoulli draw U[0,1) < rate/100. The draws form one
// seeded stream (`timing.request_cancellation` of --random-seed) indexed by the request's
// number in its phase (SplitMix64 at that position), not consumed in issue order: a
// closed-loop worker that renews a credit on its own thread (RenewalBudget) draws exactly
// what the issuer would have, so the same seed cancels the same requests whatever the
// worker count or thread timing. Warm-up phases get a disabled draw and consume nothing.
// Immutable after construction; any thread.
#include <cstdint>
#include <optional>

namespace aiperf {

class CancellationDraw {
 public:
  CancellationDraw() = default;  // cancels nothing
  CancellationDraw(double rate_percent, double delay_s, std::optional<uint64_t> seed);

  bool enabled() const { return threshold_ > 0; }
  // Nanoseconds after the body is written at which request `request_num` is cut off; -1 = never.
  int64_t cancel_after_ns(uint64_t request_num) const;

 private:
  uint64_t key_ = 0;
  uint64_t threshold_ = 0;  // cancel when the 53-bit draw is below this (0: never)
  bool always_ = false;     // rate 100: every request, no draw needed
  int64_t delay_ns_ = 0;
};

}  // namespace aiperf
