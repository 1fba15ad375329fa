// clang-format off
// One benchmark split across several client processes or machines (docs/cluster.md).
#include "cli/option_table.h"

namespace aiperf {

std::span<const OptionSpec> shard_options() {
  static const OptionSpec kOptions[] = {
      {.names = "--num-shards",
       .metavar = "N",
       .sink = &RawFlags::num_shards,
       .help = "Split the run over N client processes (default: AIPERF_NUM_SHARDS, or SLURM_NTASKS inside a "
               "Slurm step, else 1). Each writes <artifact-dir>/shard-<I>/; `aiperf merge` joins them.",
       .yaml = "runtime.num_shards"},
      {.names = "--shard-index",
       .metavar = "I",
       .sink = &RawFlags::shard_index,
       .help = "Which shard this process is, 0..N-1 (default: AIPERF_SHARD_INDEX, JOB_COMPLETION_INDEX or "
               "SLURM_PROCID)."},
      {.names = "--shard-rendezvous",
       .metavar = "HOST[:PORT]",
       .sink = &RawFlags::shard_rendezvous,
       .help = "Where shard 0 waits for the others (default: AIPERF_SHARD_RENDEZVOUS, or the first host of "
               "the Slurm node list; port AIPERF_SHARD_PORT or 7450).",
       .yaml = "runtime.shard_rendezvous"},
      {.names = "--shard-timeout",
       .metavar = "SECONDS",
       .sink = &RawFlags::shard_timeout,
       .help = "How long the shards wait for each other before the run fails (default 300).",
       .yaml = "runtime.shard_timeout"},
  };
  return kOptions;
}

}  // namespace aiperf
