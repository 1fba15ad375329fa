#include "app/slurm_command.h"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/subcommand_parse.h"
#include "cluster/slurm_script.h"

namespace aiperf {

namespace {

int generate(const std::vector<std::string>& args) {
  CLI::App app("Write an sbatch script that runs one benchmark as --tasks shards (one srun step) and merges their "
               "results into <artifact-dir>/merged (docs/cluster.md). Profile options go after --.",
               "aiperf slurm generate");
  SlurmScriptSettings s;
  int64_t nodes = 0, port = 0;
  std::string output;
  app.add_option("--tasks", s.tasks, "Shards: srun tasks (#SBATCH --ntasks) and --num-shards")->required();
  app.add_option("--nodes", nodes, "#SBATCH --nodes");
  app.add_option("--partition", s.partition, "#SBATCH --partition");
  app.add_option("--time", s.time, "#SBATCH --time (HH:MM:SS)");
  app.add_option("--job-name", s.job_name, "#SBATCH --job-name");
  app.add_option("--artifact-dir", s.artifact_dir, "Where the shards and merged/ go (default artifacts/<job name>)");
  app.add_option("--aiperf", s.aiperf, "aiperf on the compute nodes (default: this binary's absolute path)");
  app.add_option("--port", port, "Shard 0's rendezvous port (AIPERF_SHARD_PORT; default 7450)");
  app.add_option("--config", s.config, "A YAML configuration for aiperf profile (path as the compute nodes see it)");
  app.add_option("--api-key-env", s.api_key_env, "Pass --api-key \"$VAR\" from the job's environment (never in the script)");
  app.add_option("--output", output, "Write the script here (default stdout)");
  app.add_option("profile_args", s.profile_args, "aiperf profile options, after --");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "slurm generate")) return *exit_code;
  try {
    if (app.count("--nodes")) s.nodes = nodes;
    if (app.count("--port")) s.port = port;
    if (s.aiperf.empty()) {
      std::error_code ec;
      s.aiperf = std::filesystem::read_symlink("/proc/self/exe", ec).string();
      if (ec) throw std::runtime_error("--aiperf: this binary's path is unknown (/proc/self/exe); give it");
    }
    const std::string script = slurm_script(s);
    if (output.empty()) {
      std::cout << script;
    } else {
      std::ofstream out(output, std::ios::binary);
      out << script;
      if (!out.flush()) throw std::runtime_error("--output: cannot write " + output);
      std::filesystem::permissions(output, std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec,
                                   std::filesystem::perm_options::add);
      std::cerr << "Wrote " << output << ": submit it with sbatch " << output << "\n";
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "error: slurm generate: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace

int run_slurm_command(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "-h" || args[0] == "--help") {
    std::cout << "Usage: aiperf slurm generate --tasks N [options] [-- PROFILE OPTIONS...]\n"
                 "  generate   Write an sbatch script: N shards in one srun step, then aiperf merge\n"
                 "Run 'aiperf slurm generate --help' for the options.\n";
    return args.empty() ? 1 : 0;
  }
  if (args[0] == "generate") return generate({args.begin() + 1, args.end()});
  std::cerr << "error: slurm: unknown command '" << args[0] << "' (supported: generate)\n";
  return 1;
}

}  // namespace aiperf
