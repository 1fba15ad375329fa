#include "timing/shard_slice.h"

#include <string>

#include "config/profile_config.h"
#include "timing/phase.h"

namespace aiperf {

void slice_phases(std::vector<PhaseSpec>& phases, ShardSlice slice) {
  if (!slice.sharded()) return;
  const std::string shards = std::to_string(slice.count);
  for (PhaseSpec& p : phases) {
    const std::string phase = phase_name(p.phase);
    if (p.adaptive)
      throw ConfigError("--num-shards " + shards + ": adaptive scale judges the whole load in one controller; "
                        "run it in one process");
    auto split_limit = [&](int64_t& limit, const char* option) {
      if (limit <= 0) return;
      if (uint64_t(limit) < slice.count)
        throw ConfigError(std::string(option) + " " + std::to_string(limit) + " (" + phase + ") is below --num-shards " +
                          shards + ": every shard needs at least one");
      limit = int64_t(slice.share(uint64_t(limit)));
    };
    split_limit(p.concurrency, "--concurrency");
    split_limit(p.prefill_concurrency, "--prefill-concurrency");
    if (p.request_count) {
      p.global_request_count = *p.request_count;
      p.request_count = int64_t(slice.share(uint64_t(*p.request_count)));
    }
    if (p.session_count) p.session_count = int64_t(slice.share(uint64_t(*p.session_count)));
    p.shard = slice;
  }
}

}  // namespace aiperf
