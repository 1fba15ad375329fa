#pragma once
// A phase sending at a constant `rate` (requests/s) with no concurrency limit
// (request_rate_strategy_test.cpp, prefill_concurrency_test.cpp).
#include "timing/phase.h"

namespace aiperf::testing {

inline PhaseSpec constant_rate(double rate) {
  PhaseSpec spec;
  spec.request_rate = rate;
  spec.arrival_pattern = ArrivalPattern::constant;
  spec.concurrency = 0;
  return spec;
}

}  // namespace aiperf::testing
