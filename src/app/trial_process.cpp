#include "app/trial_process.h"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <exception>
#include <iostream>

#include "app/profile_run.h"
#include "common/log.h"

namespace aiperf {
namespace {

std::atomic<pid_t> g_trial{0};
std::atomic<int> g_stop_signals{0};

void on_study_signal(int sig) {
  g_stop_signals.fetch_add(1);
  // The trial runs in its own process group (a terminal's Ctrl-C reaches only the study), so
  // each signal reaches it exactly once: the first stops its run, a second quits it.
  if (const pid_t child = g_trial.load(); child > 0) kill(child, sig);
}

}  // namespace

void install_study_signal_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_study_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &sa, nullptr);
  signal(SIGPIPE, SIG_IGN);
}

bool study_stop_requested() { return g_stop_signals.load() > 0; }

bool study_cooldown(double seconds) {
  const long total_ms = long(seconds * 1000);
  for (long slept = 0; slept < total_ms && !study_stop_requested(); slept += 50) {
    timespec ts{0, 50'000'000};
    nanosleep(&ts, nullptr);
  }
  return !study_stop_requested();
}

TrialExit run_trial_process(const ProfileConfig& config, const RunTokenizer* tokenizer) {
  std::cout.flush();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("could not start a trial: fork failed");
  if (pid == 0) {
    setpgid(0, 0);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) signal(sig, SIG_DFL);
    int code = 1;
    try {
      code = run_profile(config, tokenizer);
    } catch (const std::exception& e) {
      log(LogLevel::error, e.what());
    }
    close_log_file();
    std::cout.flush();
    std::fflush(nullptr);
    _exit(code);
  }
  setpgid(pid, pid);  // also here: whichever runs first, the group exists before a signal is passed on
  g_trial.store(pid);
  const int stops_before = g_stop_signals.load();
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  g_trial.store(0);
  TrialExit exit;
  exit.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  exit.interrupted = g_stop_signals.load() > stops_before || exit.exit_code == 130;
  return exit;
}

}  // namespace aiperf
