#pragma once
// Ctrl-C / SIGTERM: the first signal cancels the run gracefully (in-flight requests are
// cancelled, partial results are written); a second one exits at once.
#include "timing/credit_issuer.h"

namespace aiperf {

class InterruptGuard {
 public:
  explicit InterruptGuard(CreditIssuer& issuer);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  static bool interrupted();
};

}  // namespace aiperf
