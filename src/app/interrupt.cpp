#include "app/interrupt.h"

#include <atomic>
#include <csignal>
#include <unistd.h>

namespace aiperf {

namespace {

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

std::atomic<CreditIssuer*> g_issuer{nullptr};
std::atomic<int> g_signals{0};
std::atomic<bool> g_started{false};  // an issuer was attached once: the benchmark began
std::atomic<void (*)()> g_cleanup{nullptr};

void say(const char* msg, size_t n) { [[maybe_unused]] ssize_t w = write(STDERR_FILENO, msg, n); }

void on_signal(int) {
  if (g_signals.fetch_add(1) > 0) {
    if (void (*cleanup)() = g_cleanup.load()) cleanup();
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
  // SIGHUP (the terminal was closed) too: the run still stops with what it measured.
  for (int sig : kStopSignals) sigaction(sig, &sa, nullptr);
  // With the terminal gone, a `| tee` reader dies too: writing the report to that pipe must not
  // kill the run before its files are written (sockets never raise it: asio sends MSG_NOSIGNAL).
  signal(SIGPIPE, SIG_IGN);
}

InterruptGuard::~InterruptGuard() {
  for (int sig : kStopSignals) signal(sig, SIG_DFL);
  g_issuer.store(nullptr);
}

void InterruptGuard::attach(CreditIssuer& issuer) {
  g_started.store(true);
  g_issuer.store(&issuer);
}

void InterruptGuard::detach() { g_issuer.store(nullptr); }

void set_force_quit_cleanup(void (*cleanup)()) { g_cleanup.store(cleanup); }

}  // namespace aiperf
