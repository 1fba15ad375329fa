#include "timing/load_strategy.h"

#include "timing/agentic_replay.h"
#include "timing/concurrency_strategy.h"
#include "timing/fixed_schedule_strategy.h"
#include "timing/request_rate_strategy.h"
#include "timing/user_centric_strategy.h"

namespace aiperf {

std::unique_ptr<LoadStrategy> make_load_strategy(const PhaseSpec& spec) {
  if (spec.agentic) return std::make_unique<AgenticReplayStrategy>(spec, spec.agentic_stage);
  if (!spec.fixed_schedule_ns.empty()) return std::make_unique<FixedScheduleStrategy>(spec);
  if (spec.user_centric_rate) return std::make_unique<UserCentricStrategy>(spec);
  if (spec.open_loop()) return std::make_unique<RequestRateStrategy>(spec);
  const bool prefill = spec.adaptive == AdaptiveVariable::prefill_concurrency;
  const LoadKnob* knob = spec.adaptive == AdaptiveVariable::concurrency || prefill ? spec.knob : nullptr;
  return std::make_unique<ConcurrencyStrategy>(spec.concurrency, spec.concurrency_ramp_s, knob, prefill);
}

}  // namespace aiperf
