#pragma once
// Everything the live view shows at one instant (metrics-and-outputs.md §12; docs/ui.md): plain
// values gathered by the UI thread from the run's counters and the latest real-time metrics
// snapshot. The dashboard layout and the simple progress text are pure functions of it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "export/console_table.h"
#include "common/log.h"

namespace aiperf {

enum class LiveStage { starting, warmup, profiling, processing, complete };

// One load phase (warm-up or profiling) as far as it has gone.
struct PhaseProgressView {
  bool present = false;    // the run has this phase
  bool started = false;
  bool finished = false;
  uint64_t sent = 0;       // requests started
  uint64_t completed = 0;  // requests finished (errors included)
  uint64_t errors = 0;
  std::optional<int64_t> request_target;  // stop after this many requests
  std::optional<int64_t> session_target;  // stop after this many conversations
  std::optional<double> duration_s;       // stop sending after this long
  double elapsed_s = 0;                   // since the phase started (frozen once finished)

  // Done fraction in [0, 1] (by requests, or by time for a duration); absent when unknown.
  std::optional<double> fraction() const;
};

struct WorkerView {
  int id = 0;
  std::string status;  // "running", "idle", "stopped"
  uint64_t in_flight = 0, completed = 0, failed = 0;
  double cpu_percent = 0;  // of one core, over the last refresh
  uint64_t bytes_read = 0, bytes_written = 0;
};

struct LogLineView {
  LogLevel level = LogLevel::info;
  std::string text;
};

struct LiveState {
  std::string title;    // "NVIDIA AIPerf · aiperf-cpp 0.1.0"
  std::string target;   // "http://127.0.0.1:8000/v1/chat/completions · chat, streaming · concurrency 8"
  LiveStage stage = LiveStage::starting;
  bool cancelling = false;  // ctrl+c pressed once: in-flight requests are being cancelled
  double elapsed_s = 0;     // since the first phase started
  PhaseProgressView warmup, profiling;
  uint64_t records_processed = 0;  // profiling records the analytic side has taken
  double request_rate = 0;         // profiling completions per second, recent
  double processing_rate = 0;      // records per second, recent
  std::optional<double> eta_s;          // profiling phase, while it runs
  std::optional<double> records_eta_s;  // records still to process
  // Real-time metrics: the final table's layout; `metrics_note` says how fresh it is.
  ConsoleTable metrics;
  std::string metrics_note;
  std::vector<WorkerView> workers;
  double process_cpu_percent = 0;  // the whole client, of one core
  uint64_t process_rss_bytes = 0;
  std::vector<LogLineView> logs;   // oldest first
  std::vector<std::string> gpu_lines;  // GPU telemetry panel; empty = no telemetry
  std::string notice;              // a one-line message (a screenshot was saved, ...)
};

}  // namespace aiperf
