#include "app/interrupt.h"

#include <atomic>
#include <csignal>
#include <unistd.h>

namespace aiperf {

namespace {

std::atomic<CreditIssuer*> g_issuer{nullptr};
std::atomic<int> g_signals{0};
std::atomic<bool> g_started{false};  // an issuer was attached once: the benchmark began

void say(const char* msg, size_t n) { [[maybe_unused]] ssize_t w = write(STDERR_FILENO, msg, n); }

void on_signal(int) {
  if (g_signals.fetch_add(1) > 0) {
    static const char kMsg[] = "\nForce quit.\n";
    say(kMsg, sizeof kMsg - 1);
    _exit(130);
  }
  if (CreditIssuer* issuer = g_issuer.load()) {
    issuer->request_cancel();
    return;
  }
  if (g_started.load()) {  // results are being written: let that finish, a second signal quits
    return;
  }
  static const char kMsg[] = "\nInterrupted before the benchmark started; nothing was measured.\n";
  say(kMsg, sizeof kMsg - 1);
  _exit(130);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

InterruptGuard::~InterruptGuard() {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  g_issuer.store(nullptr);
}

void InterruptGuard::attach(CreditIssuer& issuer) {
  g_started.store(true);
  g_issuer.store(&issuer);
}

void InterruptGuard::detach() { g_issuer.store(nullptr); }

}  // namespace aiperf
