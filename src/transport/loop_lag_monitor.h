#pragma once
// Event-loop lag of one worker: a timer asks to run every `period`; how late it actually ran
// is how long any completion (a read, a timestamp) could have waited on this loop. A late
// tick re-arms from "now", so one long block is one large sample, not a burst of catch-up
// ticks. Runs on the worker's own thread; no allocation per tick.
#include <chrono>
#include <cstdint>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "common/log_histogram.h"

namespace aiperf {

class LoopLagMonitor {
 public:
  LoopLagMonitor(boost::asio::io_context& io, std::chrono::nanoseconds period);

  // Arms the first tick. Call before the loop runs, or on its thread.
  void start();
  // Forgets the samples so far (the measurement window starts now). The loop's thread only.
  void reset() { lag_.clear(); }
  // Read after the loop has stopped (or on its thread).
  const LogHistogram& lag() const { return lag_; }

 private:
  void arm(std::chrono::steady_clock::time_point due);

  boost::asio::steady_timer timer_;
  std::chrono::nanoseconds period_;
  LogHistogram lag_;
};

}  // namespace aiperf
