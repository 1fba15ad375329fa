#pragma once
// A phase is one stretch of load with one strategy and one stop rule (cli-and-load.md §2, §4.0).
// The CLI produces at most two: an optional warm-up phase, then the profiling phase.
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "config/benchmark_phase.h"
#include "config/profile_config.h"
#include "timing/load_knob.h"
#include "timing/shard_slice.h"

namespace aiperf {

struct AgenticReplay;       // timing/agentic_replay.h
enum class AgenticStage;

struct PhaseSpec {
  BenchmarkPhase phase = BenchmarkPhase::profiling;
  int64_t concurrency = 1;                   // closed loop: in flight; with a rate: ceiling (0 = none)
  std::optional<double> request_rate;        // set: open loop at this many requests/s
  std::vector<RateSeriesPoint> rate_series;  // not empty: open loop, rate interpolated over time
  ArrivalPattern arrival_pattern = ArrivalPattern::poisson;
  double arrival_smoothness = 1.0;           // gamma shape k
  double rate_ramp_s = 0;                    // 0: full rate at once
  std::optional<uint64_t> random_seed;       // timing streams: arrival gaps, cancellation draws
  double max_catchup_s = 0.01;               // AIPERF_TIMING_MAX_CATCHUP_SECONDS
  double concurrency_ramp_s = 0;             // 0: all slots at once; else 1 -> concurrency over this long
                                             // (with a rate: the ceiling ramps)
  std::vector<int64_t> fixed_schedule_ns;    // not empty: trace replay, entry k at start + [k]
  int64_t prefill_concurrency = 0;           // requests awaiting their first token (0 = no limit)
  double prefill_ramp_s = 0;                 // 0: all prefill slots at once; else 1 -> limit over this long
  double cancellation_rate = 0;              // percent of requests cancelled (0 = none; never in warm-up)
  double cancellation_delay_s = 0;           // after the body is written
  std::optional<int64_t> request_count;      // stop after this many credits (turns)
  std::optional<int64_t> session_count;      // --conversation-num: start no session after this many
  std::optional<double> user_centric_rate;   // set: user-centric mode at this total req/s (§4.4)
  int64_t num_users = 0;                     // --num-users
  double average_turns = 1;                  // the dataset's mean turns per conversation (user-centric)
  std::optional<double> duration_s;          // stop issuing after this long
  double grace_s = std::numeric_limits<double>::infinity();  // wait for stragglers after duration
  // Adaptive scale (§5.7), profiling only: `knob` moves this variable (concurrency,
  // prefill_concurrency or request_rate, each starting at the controller's min) up to
  // `adaptive_max`, and says when to stop sending. plan_phases sets the variable; the run sets
  // the knob, which outlives the phase.
  std::optional<AdaptiveVariable> adaptive;
  double adaptive_max = 0;
  const LoadKnob* knob = nullptr;
  // Sharded runs (shard_slice.h): this process's part, and the whole run's request count, by
  // which the next phase's credit numbers start where the single process's would.
  ShardSlice shard;
  std::optional<int64_t> global_request_count;
  // Agentic replay (agentic_replay.h): the run's lanes, shared by the warm-up and profiling.
  std::shared_ptr<AgenticReplay> agentic;
  AgenticStage agentic_stage{};

  bool open_loop() const { return request_rate || !rate_series.empty(); }
  // The most credits a closed loop may hold: the adaptive maximum when it moves concurrency.
  int64_t peak_concurrency() const {
    return adaptive == AdaptiveVariable::concurrency ? int64_t(adaptive_max) : concurrency;
  }
};

// Throws ConfigError for a bad AIPERF_TIMING_MAX_CATCHUP_SECONDS. With --fixed-schedule the
// profiling phase replays `schedule_ns` (FixedSchedule::offsets_ns); a warm-up before it is
// a closed loop over the same entries (upstream: no warm-up rate means concurrency mode).
std::vector<PhaseSpec> plan_phases(const LoadSettings& config, std::optional<uint64_t> random_seed,
                                   std::vector<int64_t> schedule_ns = {});

}  // namespace aiperf
