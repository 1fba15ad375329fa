// aiperf: the command-line entry point. Dispatches subcommands and turns every error that
// reaches here into one line on stderr and a non-zero exit, never a stack trace.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "app/analyze_swim_lane_command.h"
#include "app/analyze_trace_command.h"
#include "app/synthesize_command.h"
#include "app/chat_command.h"
#include "app/config_command.h"
#include "app/kube_command.h"
#include "app/merge_command.h"
#include "app/plot_command.h"
#include "app/plugins_command.h"
#include "app/profile_run.h"
#include "app/slurm_command.h"
#include "app/speed_bench_report_command.h"
#include "app/study_run.h"
#include "app/tokenize_command.h"
#include "app/validate_command.h"
#include "cli/profile_cli.h"
#include "cli/study.h"
#include "cli/shell_completion.h"
#include "common/log.h"
#include "config/env_settings.h"
#include "config/profile_config.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "-h" || args[0] == "--help") {
    std::cout << aiperf::aiperf_usage();
    return args.empty() ? 1 : 0;
  }
  if (args[0] == "--version" || args[0] == "-V") {
    std::cout << "aiperf-cpp " << AIPERF_VERSION << "\n";
    return 0;
  }
  // Every AIPERF_* setting is read and checked once, before any command does work.
  try {
    aiperf::load_env_settings();
  } catch (const aiperf::ConfigError& e) {
    aiperf::log(aiperf::LogLevel::error, e.what());
    return 1;
  }
  for (const aiperf::UnknownEnvVariable& u : aiperf::unknown_env_variables(aiperf::environment_names()))
    aiperf::log_warning(u.name + " is not a setting aiperf-cpp reads" +
                        (u.nearest.empty() ? "" : " (did you mean " + u.nearest + "?)") + "; it is ignored");
  if (args[0] == "tokenize") return aiperf::run_tokenize_command({args.begin() + 1, args.end()});
  if (args[0] == "analyze-trace") return aiperf::run_analyze_trace_command({args.begin() + 1, args.end()});
  if (args[0] == "analyze") return aiperf::run_analyze_command({args.begin() + 1, args.end()});
  if (args[0] == "synthesize") return aiperf::run_synthesize_command({args.begin() + 1, args.end()});
  if (args[0] == "speed-bench-report")
    return aiperf::run_speed_bench_report_command({args.begin() + 1, args.end()});
  if (args[0] == "plot") return aiperf::run_plot_command({args.begin() + 1, args.end()});
  if (args[0] == "kube") return aiperf::run_kube_command({args.begin() + 1, args.end()});
  if (args[0] == "slurm") return aiperf::run_slurm_command({args.begin() + 1, args.end()});
  if (args[0] == "merge") return aiperf::run_merge_command({args.begin() + 1, args.end()});
  if (args[0] == "plugins") return aiperf::run_plugins_command({args.begin() + 1, args.end()});
  if (args[0] == "config") return aiperf::run_config_command({args.begin() + 1, args.end()});
  if (args[0] == "validate") return aiperf::run_validate_command({args.begin() + 1, args.end()});
  if (args[0] == "chat") return aiperf::run_chat_command({args.begin() + 1, args.end()});
  if (args[0] == "--install-completion") {
    try {
      return aiperf::run_install_completion({args.begin() + 1, args.end()});
    } catch (const std::exception& e) {
      aiperf::log(aiperf::LogLevel::error, e.what());
      return 1;
    }
  }
  if (args[0] != "profile") {
    std::cerr << "error: unknown command '" << args[0]
              << "' (supported: profile, plot, kube, slurm, merge, config, validate, chat, plugins, tokenize, analyze-trace, analyze, synthesize, speed-bench-report, --install-completion)\n";
    return 1;
  }
  aiperf::LogFileCloser log_file_closer;  // after the error below is written to the run's log
  try {
    std::optional<aiperf::Study> study =
        aiperf::parse_profile_study(std::vector<std::string>(args.begin() + 1, args.end()));
    if (!study) return 0;  // --help was printed
    if (study->needs_study_runner()) return aiperf::run_study(*study);
    return aiperf::run_profile(study->variations.front().config);
  } catch (const std::exception& e) {  // ConfigError and every other failure: one line, exit 1
    aiperf::log(aiperf::LogLevel::error, e.what());
    return 1;
  }
}
