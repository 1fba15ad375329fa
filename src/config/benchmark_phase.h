#pragma once
// The phases of a run: warm-up (excluded from results) and profiling. A setting of the run
// (--warmup-*, YAML `phases:`), read by timing, transport, records and metrics alike.
#include <cstdint>

namespace aiperf {

enum class BenchmarkPhase : uint8_t { warmup, profiling };

inline const char* phase_name(BenchmarkPhase p) {
  return p == BenchmarkPhase::warmup ? "warmup" : "profiling";
}

}  // namespace aiperf
