#pragma once
// --stall-after-s T --stall-ms M: once, T seconds after the first completion request, the
// whole server writes nothing for M ms (a GC pause, a preempted scheduler...), then resumes;
// replies that fell due meanwhile go out at the window's end. Shared by every worker; lock-free.
#include <atomic>
#include <cstdint>

namespace aiperf::mock {

class StallWindow {
 public:
  // `length_ns` 0: never stalls.
  StallWindow(int64_t after_ns, int64_t length_ns) : after_ns_(after_ns), length_ns_(length_ns) {}

  // Called for every completion request; only the first one arms the window.
  void request_seen(int64_t now_ns);
  // The end of the window when `now_ns` is inside it (the caller holds its writes until then),
  // else 0.
  int64_t hold_until(int64_t now_ns) const;

 private:
  const int64_t after_ns_;
  const int64_t length_ns_;
  std::atomic<int64_t> first_request_ns_{0};  // 0: no request yet
};

}  // namespace aiperf::mock
