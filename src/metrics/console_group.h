#pragma once
// Which end-of-run console table a metric is drawn in (metrics-and-outputs.md §6.2): current
// upstream prints one table per non-empty group, in the order of this enum; `none` is never
// drawn (the metric is exported only).
#include <cstdint>

namespace aiperf {

enum class ConsoleGroup : uint8_t {
  effective,  // sweep-line curves over the whole window (§2.5)
  active,     // sweep-line curves over the time something was in flight
  usage,      // server-reported usage token counts (§1.5)
  cache,      // usage: prompt-cache fields
  prediction, // usage: predicted-output fields
  audio,      // usage: audio fields
  reasoning,  // usage: reasoning fields
  default_group,
  spec_decode,  // speculative decoding (§1.8); drawn after the metric tables (§6.1 item 2)
  none,
};

}  // namespace aiperf
