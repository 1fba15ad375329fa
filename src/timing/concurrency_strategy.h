#pragma once
// Closed loop (cli-and-load.md §4.1): keep exactly N requests in flight; a returned credit
// is replaced at once while the stop conditions allow.
#include "timing/load_strategy.h"

namespace aiperf {

class ConcurrencyStrategy : public LoadStrategy {
 public:
  explicit ConcurrencyStrategy(int64_t concurrency) : concurrency_(concurrency) {}
  void start(PhaseControl& control) override { fill(control); }
  void credit_returned(PhaseControl& control) override { fill(control); }
  bool renewable() const override { return true; }

 private:
  void fill(PhaseControl& control) {
    while (control.in_flight() < concurrency_ && control.can_send()) control.issue();
  }
  int64_t concurrency_;
};

}  // namespace aiperf
