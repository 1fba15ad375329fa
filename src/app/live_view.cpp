#include "app/live_view.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>

#include "app/interrupt.h"
#include "common/clock.h"
#include "common/log.h"
#include "common/process_usage.h"
#include "export/console_report.h"
#include "live/canvas.h"
#include "live/dashboard_layout.h"
#include "live/live_format.h"
#include "live/progress_text.h"
#include "live/terminal_screen.h"

namespace aiperf {

namespace {

constexpr int64_t kTickNs = 100'000'000;      // keys and stderr are read this often
constexpr int64_t kRedrawNs = 250'000'000;    // the screen or the progress line at most this often
constexpr int64_t kRateWindowNs = 5'000'000'000;  // request and record rates over the last 5 s
constexpr size_t kLogLines = 500;             // the logs panel keeps this many

size_t phase_slot(BenchmarkPhase phase) { return phase == BenchmarkPhase::warmup ? 0 : 1; }

int terminal_columns(int fd) {
  winsize ws{};
  if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 100;
}

void write_all(int fd, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += size_t(n);
  }
}

}  // namespace

WorkerTotals worker_totals(const std::vector<std::unique_ptr<Worker>>& workers) {
  WorkerTotals t;
  for (const auto& w : workers) {
    const WorkerActivity& a = w->activity();
    t.sent += a.sent.load(std::memory_order_relaxed);
    t.completed += a.completed.load(std::memory_order_relaxed);
    t.failed += a.failed.load(std::memory_order_relaxed);
  }
  return t;
}

void RunProgress::Phase::Totals::store(const WorkerTotals& t) {
  sent.store(t.sent, std::memory_order_relaxed);
  completed.store(t.completed, std::memory_order_relaxed);
  failed.store(t.failed, std::memory_order_relaxed);
}

WorkerTotals RunProgress::Phase::Totals::load() const {
  return {sent.load(std::memory_order_relaxed), completed.load(std::memory_order_relaxed),
          failed.load(std::memory_order_relaxed)};
}

void RunProgress::begin_phase(BenchmarkPhase phase, const std::vector<std::unique_ptr<Worker>>& workers) {
  Phase& p = phases[phase_slot(phase)];
  p.at_start.store(worker_totals(workers));
  p.start_ns.store(mono_ns(), std::memory_order_release);
  stage.store(phase == BenchmarkPhase::warmup ? warmup : profiling, std::memory_order_relaxed);
}

void RunProgress::end_phase(BenchmarkPhase phase, const std::vector<std::unique_ptr<Worker>>& workers) {
  Phase& p = phases[phase_slot(phase)];
  p.at_end.store(worker_totals(workers));
  p.end_ns.store(mono_ns(), std::memory_order_release);
}

struct LiveView::Impl {
  LiveSources src;
  UiType mode;
  std::mutex wake_mutex;
  std::condition_variable wake;
  bool stopping = false;  // under wake_mutex

  std::mutex workers_mutex;  // the UI thread and the main thread: worker threads alive?
  bool workers_alive = true;

  std::mutex logs_mutex;  // loggers (any control-plane thread) and the UI thread
  std::deque<LogLineView> logs;

  std::unique_ptr<TerminalScreen> screen;
  DashboardOptions options;
  std::string notice;
  int64_t notice_until_ns = 0;
  int64_t last_draw_ns = 0;
  std::atomic<bool> dirty{true};  // a key or a log line since the last draw

  struct RateSample {
    int64_t t;
    uint64_t completed, processed;
  };
  std::deque<RateSample> rate_history;
  std::vector<ThreadCpuSample> last_worker_cpu;
  std::vector<double> worker_cpu_percent;
  ProcessUsage last_process{};
  int64_t last_process_ns = 0;
  double process_cpu_percent = 0;
  int64_t first_start_ns = 0;
  std::shared_ptr<const LiveMetricsSnapshot> shown;  // the metrics table on screen
  int64_t next_table_ns = 0;

  // simple mode
  std::mutex out_mutex;  // stderr: the UI thread's progress line and diverted log lines
  bool stderr_tty = false;
  bool line_shown = false;  // a progress line is on screen without its newline (terminal only)
  std::array<int, 2> decile_printed{-1, -1};
  std::array<bool, 2> phase_closed{false, false};
  bool records_announced = false;
  int64_t next_block_ns = 0;

  explicit Impl(LiveSources s) : src(std::move(s)), mode(src.config->ui_type) {}

  PhaseProgressView phase_view(BenchmarkPhase phase, const WorkerTotals& now_totals, int64_t now) const {
    PhaseProgressView v;
    const PhaseSpec* spec = nullptr;
    for (const PhaseSpec& p : src.phases)
      if (p.phase == phase) spec = &p;
    if (!spec) return v;
    v.present = true;
    const RunProgress::Phase& p = src.progress->phases[phase_slot(phase)];
    const int64_t start = p.start_ns.load(std::memory_order_acquire);
    const int64_t end = p.end_ns.load(std::memory_order_acquire);
    v.started = start != 0;
    v.finished = end != 0;
    if (spec->request_count) v.request_target = *spec->request_count;
    else if (spec->session_count) v.request_target = int64_t(double(*spec->session_count) * spec->average_turns + 0.5);
    else if (!spec->fixed_schedule_ns.empty()) v.request_target = int64_t(spec->fixed_schedule_ns.size());
    v.session_target = spec->session_count;
    v.duration_s = spec->duration_s;
    if (!v.started) return v;
    const WorkerTotals at = v.finished ? p.at_end.load() : now_totals, base = p.at_start.load();
    v.sent = at.sent - base.sent;
    v.completed = at.completed - base.completed;
    v.errors = at.failed - base.failed;
    v.elapsed_s = double((v.finished ? end : now) - start) / 1e9;
    return v;
  }

  // Per-worker CPU over the last refresh; none once the workers are stopping.
  std::vector<WorkerView> worker_views(int64_t now) {
    std::vector<WorkerView> views;
    const auto& workers = *src.workers;
    std::lock_guard lock(workers_mutex);
    last_worker_cpu.resize(workers.size());
    worker_cpu_percent.resize(workers.size(), 0.0);
    for (size_t i = 0; i < workers.size(); ++i) {
      const WorkerActivity& a = workers[i]->activity();
      WorkerView v;
      v.id = int(i);
      v.completed = a.completed.load(std::memory_order_relaxed);
      const uint64_t sent = a.sent.load(std::memory_order_relaxed);
      v.in_flight = sent > v.completed ? sent - v.completed : 0;
      v.failed = a.failed.load(std::memory_order_relaxed);
      v.bytes_read = a.bytes_read.load(std::memory_order_relaxed);
      v.bytes_written = a.bytes_written.load(std::memory_order_relaxed);
      if (workers_alive) {
        const ThreadCpuSample cpu = workers[i]->cpu_now();
        const ThreadCpuSample& last = last_worker_cpu[i];
        if (last.mono_ns > 0 && now > last.mono_ns)
          worker_cpu_percent[i] = 100.0 * double(cpu.cpu_ns - last.cpu_ns) / double(cpu.mono_ns - last.mono_ns);
        last_worker_cpu[i] = cpu;
        v.status = v.in_flight > 0 ? "running" : "idle";
      } else {
        worker_cpu_percent[i] = 0;
        v.status = "stopped";
      }
      v.cpu_percent = worker_cpu_percent[i];
      views.push_back(std::move(v));
    }
    return views;
  }

  // The table changes once per --stats-interval (the final draw shows the last snapshot).
  std::shared_ptr<const LiveMetricsSnapshot> shown_metrics(int64_t now, double interval, bool final) {
    if (final || !shown || now >= next_table_ns) {
      if (std::shared_ptr<const LiveMetricsSnapshot> latest = src.metrics->latest()) {
        shown = std::move(latest);
        next_table_ns = now + int64_t(interval * 1e9);
      }
    }
    return shown;
  }

  LiveState gather(int64_t now, bool final = false) {
    LiveState s;
    s.title = std::string("NVIDIA AIPerf · aiperf-cpp ") + AIPERF_VERSION;
    s.target = src.target;
    const int stage = src.progress->stage.load(std::memory_order_relaxed);
    s.stage = LiveStage(stage);
    s.cancelling = src.issuer && src.issuer->cancel_requested() && stage < RunProgress::complete;
    const WorkerTotals totals = worker_totals(*src.workers);
    s.warmup = phase_view(BenchmarkPhase::warmup, totals, now);
    s.profiling = phase_view(BenchmarkPhase::profiling, totals, now);
    if (!first_start_ns) {
      for (const auto& p : src.progress->phases)
        if (const int64_t t = p.start_ns.load(std::memory_order_acquire); t && (!first_start_ns || t < first_start_ns))
          first_start_ns = t;
    }
    s.elapsed_s = first_start_ns ? double(now - first_start_ns) / 1e9 : 0.0;
    s.records_processed = src.progress->records_processed.load(std::memory_order_relaxed);

    // Rates over the last few seconds of the phase running now.
    const PhaseProgressView& current = s.stage == LiveStage::warmup ? s.warmup : s.profiling;
    rate_history.push_back({now, current.completed, s.records_processed});
    while (rate_history.size() > 2 && rate_history.front().t < now - kRateWindowNs) rate_history.pop_front();
    const RateSample& oldest = rate_history.front();
    if (now > oldest.t && current.completed >= oldest.completed) {
      const double dt = double(now - oldest.t) / 1e9;
      s.request_rate = double(current.completed - oldest.completed) / dt;
      s.processing_rate = double(s.records_processed - std::min(s.records_processed, oldest.processed)) / dt;
    }
    if (current.started && !current.finished) {
      if (current.duration_s) {
        s.eta_s = std::max(0.0, *current.duration_s - current.elapsed_s);
      } else if (current.request_target && s.request_rate > 0) {
        const double left = double(*current.request_target) - double(current.completed);
        s.eta_s = std::max(0.0, left / s.request_rate);
      }
    }
    if (s.profiling.completed > s.records_processed && s.processing_rate > 0)
      s.records_eta_s = double(s.profiling.completed - s.records_processed) / s.processing_rate;
    else if (s.profiling.finished && s.profiling.completed <= s.records_processed)
      s.records_eta_s = 0.0;

    if (!screen) return s;  // simple shows progress only: no table, workers or logs to gather
    add_panels(s, now, final);
    return s;
  }

  // The dashboard's panels: the real-time table, the workers, the client's usage, the logs.
  void add_panels(LiveState& s, int64_t now, bool final) {
    const double interval = src.config->effective_stats_interval();
    if (interval <= 0) {
      s.metrics_note = "off (--stats-interval 0)";
    } else if (std::shared_ptr<const LiveMetricsSnapshot> snap = shown_metrics(now, interval, final)) {
      s.metrics = metrics_table(*src.config, snap->summary);
      const double as_of = first_start_ns ? double(snap->taken_mono_ns - first_start_ns) / 1e9 : 0.0;
      s.metrics_note = "as of " + format_clock(as_of) + ", every " + format_rate(interval) + " s";
    } else {
      s.metrics_note = "every " + format_rate(interval) + " s";
    }

    s.workers = worker_views(now);
    const ProcessUsage usage = sample_process_usage();
    if (last_process_ns && now > last_process_ns)
      process_cpu_percent = 100.0 * double(usage.cpu_ns - last_process.cpu_ns) / double(now - last_process_ns);
    last_process = usage;
    last_process_ns = now;
    s.process_cpu_percent = process_cpu_percent;
    s.process_rss_bytes = usage.rss_bytes;
    {
      std::lock_guard lock(logs_mutex);
      s.logs.assign(logs.begin(), logs.end());
    }
    if (now < notice_until_ns) s.notice = notice;
    if (src.gpu_lines) s.gpu_lines = src.gpu_lines();
  }

  void add_log(LogLevel level, std::string text) {
    std::lock_guard lock(logs_mutex);
    logs.push_back({level, std::move(text)});
    while (logs.size() > kLogLines) logs.pop_front();
    dirty = true;
  }

  // ---- dashboard ----------------------------------------------------------------------------
  void screenshot(const Canvas& canvas, int64_t now) {
    const double at = first_start_ns ? double(now - first_start_ns) / 1e9 : 0.0;
    std::filesystem::path path = src.artifact_dir / ("dashboard_screenshot_" + std::to_string(int64_t(at)) + "s.txt");
    std::ofstream out(path);
    out << canvas.to_text();
    out.close();
    notice = out ? "Screenshot saved to " + path.string() : "Could not write " + path.string();
    notice_until_ns = now + 5'000'000'000;
    add_log(out ? LogLevel::info : LogLevel::warning, notice);
  }

  void dashboard_tick(int64_t now, bool final) {
    for (std::string& line : screen->take_stderr_lines()) {
      const bool warning = line.rfind("warning", 0) == 0 || line.find("error") != std::string::npos;
      add_log(warning ? LogLevel::warning : LogLevel::info, std::move(line));
    }
    bool want_screenshot = false;
    for (int key = screen->next_key(); key != TerminalScreen::kNoKey; key = screen->next_key()) {
      dirty = true;
      switch (key) {
        case '1': options.view = DashboardView::overview; break;
        case '2': options.view = DashboardView::progress; break;
        case '3': options.view = DashboardView::metrics; break;
        case '4': options.view = DashboardView::workers; break;
        case '5': options.view = DashboardView::logs; break;
        case 27: options.view = DashboardView::overview; break;  // Esc
        case 'l': case 'L': options.show_logs = !options.show_logs; break;
        case 19: want_screenshot = true; break;  // ctrl+s
        default: break;
      }
    }
    if (!final && !dirty && !want_screenshot && now - last_draw_ns < kRedrawNs) return;
    Canvas canvas(screen->width(), screen->height());
    const LiveState state = gather(now, final);
    draw_dashboard(state, options, canvas);
    if (want_screenshot) {
      screenshot(canvas, now);
      LiveState noticed = state;
      noticed.notice = notice;
      canvas = Canvas(screen->width(), screen->height());
      draw_dashboard(noticed, options, canvas);
    }
    screen->draw(canvas);
    last_draw_ns = now;
    dirty = false;
  }

  // ---- simple ---------------------------------------------------------------------------------
  void emit(const std::string& text) {
    std::lock_guard lock(out_mutex);
    if (line_shown) write_all(STDERR_FILENO, "\r\x1b[K");
    line_shown = false;
    write_all(STDERR_FILENO, text);
  }
  void show_line(const std::string& line) {  // terminal: redrawn in place
    std::lock_guard lock(out_mutex);
    write_all(STDERR_FILENO, "\r" + line + "\x1b[K");
    line_shown = true;
  }

  void simple_phase(const char* name, size_t slot, const PhaseProgressView& v, const LiveState& s, bool current) {
    if (!v.present || !v.started || phase_closed[slot]) return;
    const int width = stderr_tty ? terminal_columns(STDERR_FILENO) - 1 : 100;
    const double rate = v.finished ? (v.elapsed_s > 0 ? double(v.completed) / v.elapsed_s : 0) : s.request_rate;
    const std::string line = progress_line(name, v, rate, current ? s.eta_s : std::nullopt, width, stderr_tty);
    if (v.finished) {
      emit(line + "\n");
      phase_closed[slot] = true;
      return;
    }
    if (stderr_tty) return show_line(line);
    // A file or a pipe: a line at the start and at every tenth, never a carriage return.
    const int decile = int(v.fraction().value_or(0) * 10);
    if (decile > decile_printed[slot]) {
      decile_printed[slot] = decile;
      emit(line + "\n");
    }
  }

  void simple_tick(int64_t now, bool final) {
    if (!final && now - last_draw_ns < kRedrawNs) return;
    last_draw_ns = now;
    const LiveState s = gather(now);
    simple_phase("Warming Up", 0, s.warmup, s, s.stage == LiveStage::warmup);
    simple_phase("Profiling", 1, s.profiling, s, s.stage == LiveStage::profiling);
    if (s.stage >= LiveStage::processing && !records_announced && s.profiling.finished) {
      const bool done = s.records_processed >= s.profiling.completed;
      if (done || final) {
        emit("Processing Records: " + format_count(s.records_processed) + "/" + format_count(s.profiling.completed) +
             "\n");
        records_announced = true;
      }
    }
    realtime_block(now, s.stage, s.elapsed_s);
  }

  // The §6.4 block: simple prints it, none logs it (logs/aiperf.log, and stderr with -v).
  void realtime_block(int64_t now, LiveStage stage, double elapsed_s) {
    const double interval = src.config->effective_stats_interval();
    if (interval <= 0 || stage != LiveStage::profiling) return;
    if (next_block_ns == 0) next_block_ns = now + int64_t(interval * 1e9);
    if (now < next_block_ns) return;
    next_block_ns = now + int64_t(interval * 1e9);
    std::shared_ptr<const LiveMetricsSnapshot> snap = src.metrics->latest();
    if (!snap) return;
    const std::string block = aiperf::realtime_block(*snap, elapsed_s, "profiling");
    if (mode == UiType::simple) {
      emit(block);
      log_file_only(LogLevel::info, block.substr(0, block.size() - 1));
    } else {
      log_info(block.substr(0, block.size() - 1));
    }
  }

  void tick(bool final) {
    const int64_t now = mono_ns();
    if (screen) dashboard_tick(now, final);
    else if (mode == UiType::simple) simple_tick(now, final);
    else if (!final) none_tick(now);
  }

  // none: only the block, so only the stage and the elapsed time are read.
  void none_tick(int64_t now) {
    const LiveStage stage = LiveStage(src.progress->stage.load(std::memory_order_relaxed));
    const int64_t start = src.progress->phases[1].start_ns.load(std::memory_order_acquire);
    const int64_t warm = src.progress->phases[0].start_ns.load(std::memory_order_acquire);
    const int64_t first = warm ? warm : start;
    realtime_block(now, stage, first ? double(now - first) / 1e9 : 0.0);
  }
};

LiveView::LiveView(LiveSources sources) : impl_(std::make_unique<Impl>(std::move(sources))) {}

LiveView::~LiveView() {
  if (thread_.joinable()) stop();
}

void LiveView::start() {
  Impl& m = *impl_;
  if (m.mode == UiType::dashboard) {
    std::string why;
    m.screen = TerminalScreen::open(true, why);
    if (!m.screen) {
      log_warning("--ui-type dashboard: " + why + "; showing simple progress instead");
      m.mode = UiType::simple;
    }
  }
  if (m.screen) {
    set_force_quit_cleanup(&TerminalScreen::emergency_restore);
    divert_console_log([&m](LogLevel level, const std::string& text) { m.add_log(level, text); });
  } else if (m.mode == UiType::simple) {
    m.stderr_tty = isatty(STDERR_FILENO) != 0;
    if (m.stderr_tty) {
      // A log line clears the progress line first; the next tick draws it again below.
      const LogLevel console = m.src.console_level;
      divert_console_log([&m, console](LogLevel level, const std::string& text) {
        if (level < console) return;
        std::string name = log_level_name(level);
        for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
        m.emit(name + ": " + text + "\n");
      });
    }
  }
  thread_ = std::thread([this] {
    const int64_t cpu_start = current_thread_cpu_ns();
    Impl& m = *impl_;
    for (;;) {
      m.tick(false);
      std::unique_lock lock(m.wake_mutex);
      if (m.wake.wait_for(lock, std::chrono::nanoseconds(kTickNs), [&m] { return m.stopping; })) break;
    }
    m.tick(true);
    if (m.screen) {
      divert_console_log(nullptr);
      m.screen.reset();  // the terminal is given back on this thread, which drew on it
      set_force_quit_cleanup(nullptr);
    } else if (m.stderr_tty) {
      divert_console_log(nullptr);
      std::lock_guard lock(m.out_mutex);
      if (m.line_shown) write_all(STDERR_FILENO, "\n");
      m.line_shown = false;
    }
    cpu_seconds_ = double(current_thread_cpu_ns() - cpu_start) / 1e9;
  });
}

UiType LiveView::mode() const { return impl_->mode; }

void LiveView::workers_stopping() {
  std::lock_guard lock(impl_->workers_mutex);
  impl_->workers_alive = false;
}

void LiveView::stop() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(impl_->wake_mutex);
    impl_->stopping = true;
  }
  impl_->wake.notify_all();
  thread_.join();
}

}  // namespace aiperf
