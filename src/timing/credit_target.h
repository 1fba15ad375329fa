#pragma once
// What the credit issuer needs from a worker. Both calls may come from the timing thread
// while the worker runs; implementations hand the work to the worker's own thread.
#include "timing/credit.h"

namespace aiperf {

class CreditTarget {
 public:
  virtual ~CreditTarget() = default;
  virtual void deliver(const Credit& credit) = 0;
  // Abort every in-flight request of `phase`; each still returns its credit (as cancelled).
  virtual void cancel_in_flight(BenchmarkPhase phase) = 0;
};

}  // namespace aiperf
