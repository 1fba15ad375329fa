#include "timing/phase.h"
#include "config/env_settings.h"
#include "timing/agentic_replay.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace aiperf {

namespace {

// The profiling phase's load shape (cli-and-load.md §2.1).
void set_profiling_shape(PhaseSpec& p, const LoadSettings& config, std::optional<uint64_t> random_seed,
                         double catchup_s) {
  p.concurrency_ramp_s = config.concurrency_ramp_duration.value_or(0);
  p.random_seed = random_seed;  // also the cancellation draws' stream
  if (config.user_centric_mode()) {
    p.user_centric_rate = config.user_centric_rate;
    p.num_users = config.num_users.value_or(1);
    p.concurrency = config.concurrency.value_or(0);  // a ceiling on sessions; unset: none
  } else if (config.rate_mode()) {
    p.request_rate = config.request_rate;
    p.rate_series = config.request_rate_series;
    p.concurrency = config.concurrency.value_or(0);
    p.arrival_pattern = config.arrival_pattern;
    p.arrival_smoothness = config.arrival_smoothness.value_or(1.0);
    p.rate_ramp_s = config.request_rate_ramp_duration.value_or(0);
    p.max_catchup_s = catchup_s;
  } else if (config.fixed_schedule && p.phase == BenchmarkPhase::profiling) {
    p.concurrency = config.concurrency.value_or(0);
  } else {
    p.concurrency = config.effective_concurrency();
  }
}

// §4.10: the warm-up inherits the profiling shape; each --warmup-* value overrides its part.
// A rate (inherited or its own) makes it an open loop, else a closed loop at the warm-up
// concurrency (1 when neither it nor --concurrency is given).
void set_warmup_shape(PhaseSpec& p, const LoadSettings& config, std::optional<uint64_t> random_seed,
                      double catchup_s) {
  const bool series = !config.request_rate_series.empty() && !config.warmup_request_rate;
  const std::optional<double> rate = config.warmup_request_rate ? config.warmup_request_rate : config.request_rate;
  const std::optional<int64_t> concurrency = config.warmup_concurrency ? config.warmup_concurrency : config.concurrency;
  p.concurrency_ramp_s =
      config.warmup_concurrency_ramp_duration.value_or(config.concurrency_ramp_duration.value_or(0));
  if (rate || series) {
    if (series) p.rate_series = config.request_rate_series;
    else p.request_rate = rate;
    p.concurrency = concurrency.value_or(0);
    p.arrival_pattern = config.warmup_arrival_pattern.value_or(config.arrival_pattern);
    p.arrival_smoothness = config.arrival_smoothness.value_or(1.0);
    p.rate_ramp_s =
        config.warmup_request_rate_ramp_duration.value_or(config.request_rate_ramp_duration.value_or(0));
    p.random_seed = random_seed;
    p.max_catchup_s = catchup_s;
  } else {
    p.concurrency = concurrency.value_or(1);
  }
}

// Agentic replay (§5.4): the warm-up primes the KV cache at every lane's t* (and runs the
// cache pressure), unless there is nothing to prime and no pressure; profiling replays. An
// explicit warm-up's count or duration bounds the agentic warm-up (docs/agentic.md).
std::vector<PhaseSpec> plan_agentic_phases(const LoadSettings& config, std::optional<uint64_t> random_seed) {
  auto run = std::make_shared<AgenticReplay>();
  run->settings = config.agentic;
  run->seed = random_seed;
  run->lanes = config.effective_concurrency();
  std::vector<PhaseSpec> phases;
  const AgenticSettings& a = config.agentic;
  if (!a.session_arrival_rate && (a.start_max_ratio > 0 || a.cache_warmup_duration_s || config.has_warmup())) {
    PhaseSpec warmup;
    warmup.phase = BenchmarkPhase::warmup;
    warmup.agentic = run;
    warmup.agentic_stage = AgenticStage::prime;
    warmup.concurrency = run->lanes;
    warmup.random_seed = random_seed;
    warmup.request_count = config.warmup_request_count;
    warmup.duration_s = config.warmup_duration;
    warmup.grace_s = config.warmup_grace_period.value_or(a.warmup_grace_s);
    phases.push_back(warmup);
  }
  PhaseSpec profiling;
  profiling.agentic = run;
  profiling.agentic_stage = AgenticStage::replay;
  profiling.concurrency = run->lanes;
  profiling.random_seed = random_seed;
  profiling.request_count = config.request_count;
  profiling.session_count = config.conversation_num;
  profiling.duration_s = config.benchmark_duration;
  if (config.benchmark_duration) profiling.grace_s = config.benchmark_grace_period;
  phases.push_back(profiling);
  return phases;
}

}  // namespace

std::vector<PhaseSpec> plan_phases(const LoadSettings& config, std::optional<uint64_t> random_seed,
                                   std::vector<int64_t> schedule_ns) {
  if (config.agentic.enabled) return plan_agentic_phases(config, random_seed);
  const bool open_loop = config.rate_mode() || config.warmup_request_rate;
  const double catchup_s = open_loop ? env_settings().timing_max_catchup_s : 0.01;
  std::vector<PhaseSpec> phases;
  if (config.has_warmup()) {
    PhaseSpec warmup;
    warmup.phase = BenchmarkPhase::warmup;
    set_warmup_shape(warmup, config, random_seed, catchup_s);
    warmup.prefill_concurrency =
        config.warmup_prefill_concurrency.value_or(config.prefill_concurrency.value_or(0));
    warmup.prefill_ramp_s = config.warmup_prefill_concurrency_ramp_duration.value_or(
        config.prefill_concurrency_ramp_duration.value_or(0));
    warmup.request_count = config.warmup_request_count;  // first of count and duration stops it
    warmup.session_count = config.num_warmup_sessions;   // --num-warmup-sessions
    warmup.duration_s = config.warmup_duration;
    // Warm-up results are discarded, but its stragglers still load the server: by default
    // every warm-up response is awaited before profiling starts.
    warmup.grace_s = config.warmup_grace_period.value_or(std::numeric_limits<double>::infinity());
    phases.push_back(warmup);
  }
  PhaseSpec profiling;
  set_profiling_shape(profiling, config, random_seed, catchup_s);
  profiling.fixed_schedule_ns = std::move(schedule_ns);
  profiling.prefill_concurrency = config.prefill_concurrency.value_or(0);
  profiling.prefill_ramp_s = config.prefill_concurrency_ramp_duration.value_or(0);
  profiling.cancellation_rate = config.request_cancellation_rate.value_or(0);  // warm-up: never (§4.10)
  profiling.cancellation_delay_s = config.request_cancellation_delay;
  profiling.request_count = config.effective_request_count();
  profiling.session_count = config.conversation_num;
  profiling.duration_s = config.benchmark_duration;
  if (config.benchmark_duration) profiling.grace_s = config.benchmark_grace_period;
  if (config.adaptive_scale) {
    profiling.adaptive = config.adaptive_scale->variable;
    profiling.adaptive_max = config.adaptive_scale->max;
  }
  phases.push_back(profiling);
  return phases;
}

}  // namespace aiperf
