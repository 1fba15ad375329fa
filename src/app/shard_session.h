#pragma once
// One shard's part in a sharded run, around the ordinary profile run (docs/cluster.md): the
// raw records kept for `aiperf merge`, the rendezvous with the other shards and the common
// start, and shard.json at the end.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "cluster/rendezvous.h"
#include "cluster/shard_environment.h"
#include "cluster/shard_manifest.h"
#include "common/clock.h"
#include "config/profile_config.h"
#include "records/raw_record.h"
#include "records/record_file.h"

namespace aiperf {

// The seed shards share when --random-seed is not given: from the configuration they run.
uint64_t shared_shard_seed(const ProfileConfig& config);

class ShardSession {
 public:
  ShardSession(const ProfileConfig& config, ShardIdentity shard, std::filesystem::path dir);

  // AIPERF_SHARD_CLOCK_SKEW_NS: shifts this shard's wall clock (tests of the offset estimate).
  int64_t clock_skew_ns() const { return skew_ns_; }
  // Opens shard_records.bin; stamps are written on `anchor`'s (this shard's) wall clock.
  void open_records(const ClockAnchor& anchor);
  // Record thread: keeps one raw record.
  void record(const RawRecord& r) { writer_->write(r); }
  // Main thread, before the first phase: meets the other shards (throws std::runtime_error
  // when one never comes) and sleeps until the agreed start.
  void meet_and_wait();
  // Main thread, after the run: closes and sorts the records, writes shard.json. Walls are
  // this shard's clock; shard.json holds them on shard 0's.
  void finish(int64_t profiling_start_wall_ns, int64_t profiling_end_wall_ns, bool cancelled,
              const std::string& incomplete_reason);

 private:
  int64_t now_wall() const { return wall_ns() + skew_ns_; }
  ShardManifest manifest(int64_t profiling_start_wall_ns, int64_t profiling_end_wall_ns, bool complete,
                         const std::string& incomplete_reason) const;
  void copy_config_file() const;

  const ProfileConfig& config_;
  ShardIdentity shard_;
  std::filesystem::path dir_;
  int64_t skew_ns_ = 0;
  std::optional<RecordFileWriter> writer_;
  RendezvousResult meeting_;
  bool met_ = false;
};

}  // namespace aiperf
