#include "timing/phase.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace aiperf {

namespace {

double max_catchup_seconds() {
  const char* text = std::getenv("AIPERF_TIMING_MAX_CATCHUP_SECONDS");
  if (!text || !*text) return 0.01;  // upstream's default
  char* end = nullptr;
  double v = std::strtod(text, &end);
  if (*end != '\0' || !std::isfinite(v) || v < 0)
    throw ConfigError(std::string("AIPERF_TIMING_MAX_CATCHUP_SECONDS: expected seconds >= 0, got '") +
                      text + "'");
  return v;
}

// The load shape a warm-up inherits from the profiling phase (§4.10).
void set_load_shape(PhaseSpec& p, const ProfileConfig& config, double catchup_s) {
  if (config.user_centric_mode()) {
    p.user_centric_rate = config.user_centric_rate;
    p.num_users = config.num_users.value_or(1);
    p.concurrency = config.concurrency.value_or(0);  // a ceiling on sessions; unset: none
  } else if (config.rate_mode()) {
    p.request_rate = config.request_rate;
    p.concurrency = config.concurrency.value_or(0);
    p.arrival_pattern = config.arrival_pattern;
    p.arrival_smoothness = config.arrival_smoothness.value_or(1.0);
    p.rate_ramp_s = config.request_rate_ramp_duration.value_or(0);
    p.random_seed = config.random_seed;
    p.max_catchup_s = catchup_s;
  } else {
    p.concurrency = config.effective_concurrency();
  }
}

}  // namespace

std::vector<PhaseSpec> plan_phases(const ProfileConfig& config) {
  const double catchup_s = config.rate_mode() ? max_catchup_seconds() : 0.01;
  std::vector<PhaseSpec> phases;
  if (config.warmup_request_count) {
    PhaseSpec warmup;
    warmup.phase = BenchmarkPhase::warmup;
    set_load_shape(warmup, config, catchup_s);
    warmup.concurrency_ramp_s =
        config.warmup_concurrency_ramp_duration.value_or(config.concurrency_ramp_duration.value_or(0));
    warmup.request_count = config.warmup_request_count;
    phases.push_back(warmup);  // warm-up grace is unbounded: wait for every response
  }
  PhaseSpec profiling;
  set_load_shape(profiling, config, catchup_s);
  profiling.concurrency_ramp_s = config.concurrency_ramp_duration.value_or(0);
  profiling.request_count = config.effective_request_count();
  profiling.session_count = config.conversation_num;
  profiling.duration_s = config.benchmark_duration;
  if (config.benchmark_duration) profiling.grace_s = config.benchmark_grace_period;
  phases.push_back(profiling);
  return phases;
}

}  // namespace aiperf
