#pragma once
// Ctrl-C / SIGTERM / SIGHUP (terminal closed), all alike. Before the benchmark starts (tokenizer download, prompt synthesis) the first
// signal exits at once: nothing has been measured. Once a CreditIssuer is attached, the first
// signal cancels the run gracefully (in-flight requests are cancelled, partial results are
// written) and a second one exits at once.
//
// Installed first thing, so that a signal can never fall into the gap before the handler: a
// process started in the background by a script inherits SIGINT *ignored*, and a Ctrl-C
// during start-up would otherwise be lost.
#include "timing/credit_issuer.h"

namespace aiperf {

class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // From here on a signal cancels this issuer's run instead of exiting. A signal that
  // arrives during the call is not lost: either it exited already or the issuer sees it.
  void attach(CreditIssuer& issuer);
  // After the run: a first signal no longer cancels anything (results are being written), a
  // second one still exits at once.
  void detach();
};

// Called (async-signal-safe) just before a second signal exits the process at once: gives the
// terminal back when a full-screen view holds it. nullptr: nothing to do.
void set_force_quit_cleanup(void (*cleanup)());

}  // namespace aiperf
