#pragma once
// When each content chunk of a reply is due. Deadlines are absolute and all measured from t0,
// the moment the request was fully read: chunk j is due at t0 + ttft + j*itl, so a late wake-up
// delays one write but never shifts the chunks after it.
#include <chrono>
#include <cstdint>

namespace aiperf::mock {

struct TokenSchedule {
  using Clock = std::chrono::steady_clock;

  Clock::time_point t0;
  Clock::duration ttft{};
  Clock::duration itl{};

  Clock::time_point due(int64_t chunk) const { return t0 + ttft + chunk * itl; }

  static Clock::duration from_ms(double ms) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms));
  }
};

}  // namespace aiperf::mock
