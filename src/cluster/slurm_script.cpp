#include "cluster/slurm_script.h"

#include <regex>

#include "common/shell_words.h"
#include "config/profile_config.h"

namespace aiperf {

namespace {

// sbatch reads `#SBATCH` lines with its own word splitting: a value it can carry has no blank,
// quote, backslash or `#`.
bool sbatch_safe(const std::string& v) { return !v.empty() && v.find_first_of(" \t\r\n'\"\\#") == std::string::npos; }

void check_sbatch_value(const char* option, const std::string& v) {
  if (!v.empty() && !sbatch_safe(v))
    throw ConfigError(std::string(option) + ": '" + v + "' cannot go on an #SBATCH line (no blanks, quotes, '\\' or '#')");
}

bool is_shell_name(const std::string& v) { return std::regex_match(v, std::regex("[A-Za-z_][A-Za-z0-9_]*")); }

// Slurm's log file name: `%` starts a pattern (%j the job id), so a literal one is doubled.
std::string slurm_log_path(const std::string& dir) {
  std::string out;
  for (char c : dir) out += c == '%' ? std::string("%%") : std::string(1, c);
  return out + "/slurm-%j.out";
}

}  // namespace

void check_slurm_settings(const SlurmScriptSettings& s) {
  if (s.tasks < 1) throw ConfigError("--tasks: the number of shards (srun tasks) is required and must be 1 or more");
  if (s.nodes && (*s.nodes < 1 || *s.nodes > s.tasks))
    throw ConfigError("--nodes: " + std::to_string(*s.nodes) + " must be between 1 and --tasks (" +
                      std::to_string(s.tasks) + ")");
  check_sbatch_value("--partition", s.partition);
  check_sbatch_value("--job-name", s.job_name);
  if (!s.time.empty() &&
      !std::regex_match(s.time, std::regex("[0-9]+(:[0-9]{1,2}){0,2}|[0-9]+-[0-9]{1,2}(:[0-9]{1,2}){0,2}")))
    throw ConfigError("--time: '" + s.time + "' is not a Slurm time limit (HH:MM:SS, MM, D-HH:MM:SS, ...)");
  if (s.port && (*s.port < 1 || *s.port > 65535)) throw ConfigError("--port: must be 1..65535");
  if (!s.artifact_dir.empty() && s.artifact_dir.front() == '-')
    throw ConfigError("--artifact-dir: '" + s.artifact_dir + "' starts with '-' (write ./" + s.artifact_dir + ")");
  if (s.aiperf.empty()) throw ConfigError("--aiperf: the path of aiperf on the compute nodes is empty");
  if (!s.api_key_env.empty() && !is_shell_name(s.api_key_env))
    throw ConfigError("--api-key-env: '" + s.api_key_env + "' is not an environment variable name");
  for (const std::string& a : s.profile_args) {
    const std::string flag = a.substr(0, a.find('='));
    for (const char* owned : {"--num-shards", "--shard-index", "--artifact-dir", "--ui-type", "--ui"})
      if (flag == owned) throw ConfigError(flag + " after -- is set by the script itself; leave it out");
    if (flag == "--api-key")
      throw ConfigError("--api-key after -- would be written into the script in clear; export the key and "
                        "pass --api-key-env VAR");
  }
}

std::string slurm_artifact_dir(const SlurmScriptSettings& s) {
  if (!s.artifact_dir.empty()) return s.artifact_dir;
  return "artifacts/" + (s.job_name.empty() ? std::string("aiperf") : s.job_name);
}

std::string slurm_script(const SlurmScriptSettings& s) {
  check_slurm_settings(s);
  const std::string dir = slurm_artifact_dir(s);
  const bool log_on_sbatch_line = sbatch_safe(dir);
  std::string out = "#!/bin/bash\n";
  out += "#SBATCH --ntasks=" + std::to_string(s.tasks) + "\n";
  if (s.nodes) out += "#SBATCH --nodes=" + std::to_string(*s.nodes) + "\n";
  if (!s.partition.empty()) out += "#SBATCH --partition=" + s.partition + "\n";
  if (!s.time.empty()) out += "#SBATCH --time=" + s.time + "\n";
  if (!s.job_name.empty()) out += "#SBATCH --job-name=" + s.job_name + "\n";
  if (log_on_sbatch_line) out += "#SBATCH --output=" + slurm_log_path(dir) + "\n";
  out += "# aiperf-cpp " AIPERF_VERSION ": " + std::to_string(s.tasks) + " shards of one benchmark (docs/cluster.md).\n";
  if (log_on_sbatch_line)
    out += "# Slurm opens the log before this script runs: create the directory first,\n"
           "#   mkdir -p " + shell_quote(dir) + " && sbatch THIS_SCRIPT\n";
  // Not -e: the merge runs even after a failed shard, and both statuses decide the exit.
  out += "set -u\n\n";
  const std::string aiperf = shell_quote(s.aiperf), qdir = shell_quote(dir);
  if (s.port) out += "export AIPERF_SHARD_PORT=" + std::to_string(*s.port) + "\n";
  out += "mkdir -p " + qdir + " || exit 1\n";
  if (!log_on_sbatch_line) out += "exec >>" + qdir + "/slurm-\"${SLURM_JOB_ID:-local}\".out 2>&1\n";
  if (!s.api_key_env.empty())
    out += ": \"${" + s.api_key_env + ":?export " + s.api_key_env + " (the API key) before sbatch}\"\n";
  out += "\n# Each task is one shard: index SLURM_PROCID, shard 0 on the step's first node.\n";
  out += "srun --kill-on-bad-exit=0 " + aiperf + " profile";
  if (!s.config.empty()) out += " --config " + shell_quote(s.config);
  for (const std::string& a : s.profile_args) out += " " + shell_quote(a);
  out += " --num-shards " + std::to_string(s.tasks) + " --artifact-dir " + qdir + " --ui-type none";
  if (!s.api_key_env.empty()) out += " --api-key \"$" + s.api_key_env + "\"";
  out += "\nsrun_status=$?\n\n";
  // The run's shards into DIR/merged; a sweep's (DIR/<cell>/shard-*) are merged by giving
  // aiperf merge DIR itself: every cell into DIR/merged/<cell>, then the sweep aggregate.
  out += "shopt -s nullglob\n";
  out += "shards=(" + qdir + "/shard-*)\n";
  out += "cells=(" + qdir + "/*/shard-*)\n";
  out += "merge_status=0\n";
  out += "if [ ${#shards[@]} -gt 0 ]; then\n";
  out += "  " + aiperf + " merge \"${shards[@]}\" --output " + qdir + "/merged\n";
  out += "  merge_status=$?\n";
  out += "elif [ ${#cells[@]} -gt 0 ]; then\n";
  out += "  " + aiperf + " merge " + qdir + " --output " + qdir + "/merged\n";
  out += "  merge_status=$?\n";
  if (s.tasks > 1) {
    out += "else\n";
    out += "  echo \"aiperf: no shard directories in \"" + qdir + "\" to merge\" >&2\n";
    out += "  merge_status=1\n";
  }
  out += "fi\n\n";
  out += "if [ \"$srun_status\" -ne 0 ] || [ \"$merge_status\" -ne 0 ]; then\n";
  out += "  echo \"aiperf: shards exited $srun_status, merge exited $merge_status\" >&2\n";
  out += "  exit 1\n";
  out += "fi\n";
  return out;
}

}  // namespace aiperf
