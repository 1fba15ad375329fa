#pragma once
// `aiperf merge SHARD_DIR... --output DIR` (docs/cluster.md): the complete artifact set of a
// sharded run, built from its shards' raw records by the same record processing one process
// runs, so the merged files are those one process computes from the same records.
#include <string>
#include <vector>

namespace aiperf {

int run_merge_command(const std::vector<std::string>& args);

}  // namespace aiperf
