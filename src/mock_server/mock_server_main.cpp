// aiperf-mock-server: an OpenAI-compatible endpoint for tests and benchmarks (docs/mock-server.md).
#include <signal.h>
#include <sys/resource.h>

#include <cstdio>
#include <exception>
#include <string_view>
#include <vector>

#include "mock_server/mock_config.h"
#include "mock_server/mock_server.h"
#include "mock_server/serving_model.h"

namespace {

// Thousands of concurrent streams need thousands of descriptors; take all the hard limit allows.
void raise_fd_limit() {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
    lim.rlim_cur = lim.rlim_max;
    setrlimit(RLIMIT_NOFILE, &lim);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string_view> args(argv + 1, argv + argc);
  aiperf::mock::MockArgs parsed = aiperf::mock::parse_mock_args(args);
  if (!parsed.error.empty()) {
    std::fprintf(stderr, "aiperf-mock-server: error: %s\n", parsed.error.c_str());
    return 2;
  }
  if (parsed.show_help) {
    std::fwrite(aiperf::mock::mock_usage().data(), 1, aiperf::mock::mock_usage().size(), stdout);
    return 0;
  }
  if (parsed.print_knee) {
    std::printf("%s\n", aiperf::mock::knee_report_json(parsed.config.serving, *parsed.print_knee).c_str());
    return 0;
  }
  raise_fd_limit();

  // Blocked before the workers start so that only sigwait below ever sees these signals.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  try {
    aiperf::mock::MockServer server(parsed.config);
    std::printf("aiperf-mock-server listening on %s\n", server.url().c_str());
    std::fflush(stdout);
    int sig = 0;
    sigwait(&stop_signals, &sig);
    server.stop();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aiperf-mock-server: error: %s\n", e.what());
    return e.what()[0] == '-' ? 2 : 1;  // a message naming a flag means bad input
  }
  return 0;
}
