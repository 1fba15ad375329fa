#include "live/live_state.h"

#include <algorithm>

namespace aiperf {

std::optional<double> PhaseProgressView::fraction() const {
  if (!present) return std::nullopt;
  if (finished) return 1.0;
  if (!started) return 0.0;
  if (request_target && *request_target > 0)
    return std::clamp(double(completed) / double(*request_target), 0.0, 1.0);
  if (duration_s && *duration_s > 0) return std::clamp(elapsed_s / *duration_s, 0.0, 1.0);
  return std::nullopt;
}

}  // namespace aiperf
