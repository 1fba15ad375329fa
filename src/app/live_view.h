#pragma once
// The live view of one run (metrics-and-outputs.md §12, §6.4; docs/ui.md): the full-screen
// dashboard, the simple progress lines, or (none) only the periodic real-time block in the log.
// It runs on a thread of its own and only reads: the workers' relaxed counters, the run's
// progress atomics and the real-time metrics snapshots the record thread publishes. Nothing it
// does can delay a send or a read.
#include <array>
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "config/profile_config.h"
#include "metrics/live_metrics.h"
#include "timing/credit_issuer.h"
#include "timing/phase.h"
#include "transport/worker.h"

namespace aiperf {

// What the run sets as it goes: the main thread the stage and each phase's edges, the record
// thread the processed count. Everything relaxed; the live view only displays it.
// The workers' requests started, finished and failed, summed over every worker.
struct WorkerTotals {
  uint64_t sent = 0, completed = 0, failed = 0;
};
WorkerTotals worker_totals(const std::vector<std::unique_ptr<Worker>>& workers);

struct RunProgress {
  enum Stage : int { starting, warmup, profiling, processing, complete };
  std::atomic<int> stage{starting};
  struct Phase {
    std::atomic<int64_t> start_ns{0}, end_ns{0};        // monotonic; 0 = not yet
    // The workers' totals at the phase's start and end: its own counts are the differences.
    struct Totals {
      std::atomic<uint64_t> sent{0}, completed{0}, failed{0};
      void store(const WorkerTotals& t);
      WorkerTotals load() const;
    } at_start, at_end;
  };
  std::array<Phase, 2> phases;  // 0 warm-up, 1 profiling
  std::atomic<uint64_t> records_processed{0};  // profiling records taken by the record thread

  // Main thread, at a phase's start and end.
  void begin_phase(BenchmarkPhase phase, const std::vector<std::unique_ptr<Worker>>& workers);
  void end_phase(BenchmarkPhase phase, const std::vector<std::unique_ptr<Worker>>& workers);
  // Record thread, after each profiling record.
  void record_processed() {
    records_processed.store(records_processed.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
};

struct LiveSources {
  const ProfileConfig* config = nullptr;
  std::filesystem::path artifact_dir;  // ctrl+s screenshots go here
  std::string target;                  // the subtitle: URL, endpoint and load
  std::vector<PhaseSpec> phases;       // targets (request counts, durations)
  const std::vector<std::unique_ptr<Worker>>* workers = nullptr;
  const LiveMetrics* metrics = nullptr;
  const RunProgress* progress = nullptr;
  const CreditIssuer* issuer = nullptr;  // cancel_requested(): the first ctrl+c
  LogLevel console_level = LogLevel::warning;           // what stderr shows in simple mode
  // The GPU panel's lines (--gpu-telemetry dashboard), read on the UI thread; null: no panel.
  std::function<std::vector<std::string>()> gpu_lines;
};

class LiveView {
 public:
  explicit LiveView(LiveSources sources);
  ~LiveView();
  LiveView(const LiveView&) = delete;
  LiveView& operator=(const LiveView&) = delete;

  // Opens the dashboard (falling back to simple, with one line saying why, when the terminal
  // cannot show it) and starts the UI thread.
  void start();
  // Before the workers stop: their threads' CPU clocks are not read after this.
  void workers_stopping();
  // Draws the final state and gives the terminal back. The final tables print after this.
  void stop();

  // Seconds of CPU the UI thread used (its own cost, docs/benchmarks.md), after stop().
  double cpu_seconds() const { return cpu_seconds_; }
  // What was shown: the dashboard falls back to simple when the terminal cannot show it.
  UiType mode() const;

  // The state as the UI thread sees it; public for tests of the gathering.
  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
  std::thread thread_;
  double cpu_seconds_ = 0;
};

}  // namespace aiperf
