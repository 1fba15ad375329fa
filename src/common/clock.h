#pragma once
// Time sources. Every latency is a difference of CLOCK_MONOTONIC readings; wall-clock
// times are derived from one anchor taken at run start, so they never jump with NTP.
#include <cstdint>
#include <ctime>

namespace aiperf {

inline int64_t mono_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

inline int64_t wall_ns() {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// One (wall, monotonic) pair per run; converts monotonic stamps to wall-clock ns.
struct ClockAnchor {
  int64_t wall = 0;
  int64_t mono = 0;

  static ClockAnchor now() {
    ClockAnchor a;
    a.mono = mono_ns();
    a.wall = wall_ns();
    return a;
  }
  int64_t to_wall(int64_t mono_stamp) const { return wall + (mono_stamp - mono); }
};

}  // namespace aiperf
