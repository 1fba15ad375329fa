#include "app/interrupt.h"

#include <atomic>
#include <csignal>
#include <unistd.h>

namespace aiperf {

namespace {

std::atomic<CreditIssuer*> g_issuer{nullptr};
std::atomic<int> g_signals{0};

void on_signal(int) {
  if (g_signals.fetch_add(1) > 0) {
    static const char kMsg[] = "\nForce quit.\n";
    [[maybe_unused]] ssize_t n = write(STDERR_FILENO, kMsg, sizeof kMsg - 1);
    _exit(130);
  }
  if (CreditIssuer* issuer = g_issuer.load()) issuer->request_cancel();
}

}  // namespace

InterruptGuard::InterruptGuard(CreditIssuer& issuer) {
  g_issuer.store(&issuer);
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

bool InterruptGuard::interrupted() { return g_signals.load() > 0; }

}  // namespace aiperf
