#pragma once
// The sbatch script of a sharded benchmark (docs/cluster.md, "Slurm"): one srun step whose N
// tasks are the shards (index SLURM_PROCID, shard 0 on the step's first node, both read by
// cluster/shard_environment.h), then `aiperf merge` over <artifact dir>/shard-*.
// The script exits non-zero when the step or the merge failed.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aiperf {

struct SlurmScriptSettings {
  int64_t tasks = 0;                  // --tasks (required): #SBATCH --ntasks, --num-shards
  std::optional<int64_t> nodes;       // --nodes
  std::string partition;              // --partition
  std::string time;                   // --time (minutes, MM:SS, HH:MM:SS, D-HH[:MM[:SS]])
  std::string job_name;               // --job-name
  std::string artifact_dir;           // --artifact-dir (default artifacts/<job name or aiperf>)
  std::string aiperf;                 // --aiperf: the binary on the compute nodes
  std::optional<int64_t> port;        // --port: exported as AIPERF_SHARD_PORT
  std::string config;                 // --config FILE.yaml, passed to `aiperf profile`
  std::string api_key_env;            // --api-key-env VAR: `--api-key "$VAR"` at run time
  std::vector<std::string> profile_args;  // after `--`, as given
};

// Throws ConfigError naming the option for values sbatch or the shell could not carry.
void check_slurm_settings(const SlurmScriptSettings& settings);

// The artifact directory the script uses (the default filled in).
std::string slurm_artifact_dir(const SlurmScriptSettings& settings);

std::string slurm_script(const SlurmScriptSettings& settings);

}  // namespace aiperf
