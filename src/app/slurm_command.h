// `aiperf slurm generate`: writes the sbatch script of a sharded benchmark (cluster/slurm_script.h,
// docs/cluster.md "Slurm").
#pragma once

#include <string>
#include <vector>

namespace aiperf {

int run_slurm_command(const std::vector<std::string>& args);

}  // namespace aiperf
