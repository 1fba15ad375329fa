#pragma once
// One benchmark of a study, run in a child process of its own (cli-and-load.md §5: "each trial =
// a fresh benchmark"). fork() from the study's single-threaded parent gives every trial the state a
// fresh `aiperf profile` starts from: no connection, tokenizer cache, RNG or record of an earlier
// trial can leak into it, and a trial that crashes cannot take the study down.
#include <string>

#include "app/profile_run.h"
#include "config/profile_config.h"

namespace aiperf {

struct TrialExit {
  int exit_code = 0;      // run_profile's code, 128+N when killed by signal N
  bool interrupted = false;  // the study was asked to stop (Ctrl-C, SIGTERM) while it ran
};

// Runs `config` with run_profile in a child and waits for it. The parent must not have started a
// thread. A SIGINT/SIGTERM/SIGHUP to the study is passed on to the running trial (which then
// writes what it measured), and remembered: study_stop_requested() says so afterwards.
// `tokenizer` (may be null) was loaded by the parent and is handed to the child as it is.
TrialExit run_trial_process(const ProfileConfig& config, const RunTokenizer* tokenizer);

// Installs the study's signal handling (once, before the first trial).
void install_study_signal_handlers();
bool study_stop_requested();

// Sleeps `seconds` unless the study is asked to stop first; false when it was.
bool study_cooldown(double seconds);

}  // namespace aiperf
