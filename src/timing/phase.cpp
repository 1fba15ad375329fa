#include "timing/phase.h"

namespace aiperf {

std::vector<PhaseSpec> plan_phases(const ProfileConfig& config) {
  std::vector<PhaseSpec> phases;
  if (config.warmup_request_count) {
    PhaseSpec warmup;
    warmup.phase = BenchmarkPhase::warmup;
    warmup.concurrency = config.effective_concurrency();
    warmup.concurrency_ramp_s =
        config.warmup_concurrency_ramp_duration.value_or(config.concurrency_ramp_duration.value_or(0));
    warmup.request_count = config.warmup_request_count;
    phases.push_back(warmup);  // warm-up grace is unbounded: wait for every response
  }
  PhaseSpec profiling;
  profiling.concurrency = config.effective_concurrency();
  profiling.concurrency_ramp_s = config.concurrency_ramp_duration.value_or(0);
  profiling.request_count = config.effective_request_count();
  profiling.duration_s = config.benchmark_duration;
  if (config.benchmark_duration) profiling.grace_s = config.benchmark_grace_period;
  phases.push_back(profiling);
  return phases;
}

}  // namespace aiperf
