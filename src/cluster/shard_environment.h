#pragma once
// Which shard this process is, of how many, and where shard 0 waits: from the options, else
// from the engine's environment (docs/cluster.md):
//   index:      --shard-index | AIPERF_SHARD_INDEX | JOB_COMPLETION_INDEX (Kubernetes Indexed Job)
//               | SLURM_PROCID (task of an srun step)
//   count:      --num-shards | AIPERF_NUM_SHARDS | SLURM_STEP_NUM_TASKS or SLURM_NTASKS (inside an
//               srun step, told by SLURM_STEP_ID / SLURM_STEP_NUM_TASKS; not a batch script)
//   rendezvous: --shard-rendezvous | AIPERF_SHARD_RENDEZVOUS | the first host of
//               SLURM_STEP_NODELIST / SLURM_JOB_NODELIST; port AIPERF_SHARD_PORT or 7450.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "config/env_settings.h"  // EnvLookup, process_environment()
#include "config/shard_settings.h"

namespace aiperf {

constexpr uint16_t kDefaultShardPort = 7450;

struct ShardIdentity {
  int64_t index = 0;
  int64_t count = 1;
  std::string rendezvous_host;  // empty when not sharded
  uint16_t rendezvous_port = kDefaultShardPort;
  double timeout_s = 300.0;
  bool sharded() const { return count > 1; }
};


// Throws ConfigError naming the option or variable when a value is malformed or out of range.
ShardIdentity resolve_shard_identity(const ShardSettings& settings, const EnvLookup& env);

// The first host of a Slurm host list ("node[03-05,7],gpu1" -> "node03").
std::string first_slurm_host(const std::string& nodelist);

// "<artifact dir>/shard-<index>": where each shard writes its files.
std::string shard_directory_name(int64_t index);

}  // namespace aiperf
