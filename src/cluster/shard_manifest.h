#pragma once
// shard.json: what one shard directory holds and how to place it (docs/cluster.md). Written
// by every shard at the end of its run and by `aiperf merge` beside the merged files, so a
// merged directory can itself be merged again (merging in a tree).
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "cluster/clock_offset.h"

namespace aiperf {

inline constexpr char kShardManifestFile[] = "shard.json";

struct ShardManifest {
  std::string run_id;                   // the rendezvous' run id: shards of one run share it
  int64_t num_shards = 1;
  std::vector<int64_t> indices;         // the shards whose records this directory holds
  std::string fingerprint;              // the configuration every shard ran
  uint64_t random_seed = 0;             // the seed in force (given, or derived for the shards)
  std::vector<std::string> cli_args;    // `aiperf profile` words, secrets redacted
  std::string config_file;              // the --config YAML, copied beside (name), or empty
  ShardClock clock;                     // this shard's clock against shard 0's (merged: 0)
  std::vector<ShardClock> shard_clocks; // every shard's, as shard 0 measured them (by index)
  int64_t start_wall_ns = 0;            // the common start, on shard 0's clock
  int64_t profiling_start_wall_ns = 0;  // on shard 0's clock
  int64_t profiling_end_wall_ns = 0;
  uint64_t records = 0;                 // frames in shard_records.bin
  bool sorted = true;                   // false: written while running (a shard that never finished)
  bool complete = true;
  std::string incomplete_reason;
};

// Throws std::runtime_error naming the file on an I/O error.
void write_shard_manifest(const std::filesystem::path& dir, const ShardManifest& manifest);
// Throws std::runtime_error naming the file and what is wrong.
ShardManifest read_shard_manifest(const std::filesystem::path& dir);

// FNV-1a 64 of the words that define the run (the shard index and rendezvous excluded), hex.
std::string run_fingerprint(const std::vector<std::string>& cli_args);

}  // namespace aiperf
