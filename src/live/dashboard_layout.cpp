#include "live/dashboard_layout.h"

#include <algorithm>
#include <sstream>

#include "live/live_format.h"

namespace aiperf {

namespace {

constexpr int kProgressPanelHeight = 12;  // 10 lines inside the box
constexpr int kSideBySideWidth = 96;      // progress and workers panels next to each other

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

const char* stage_name(LiveStage s) {
  switch (s) {
    case LiveStage::starting: return "Starting";
    case LiveStage::warmup: return "Warming up";
    case LiveStage::profiling: return "Profiling";
    case LiveStage::processing: return "Processing records";
    case LiveStage::complete: return "Complete";
  }
  return "";
}

std::string status_text(const LiveState& s) {
  std::string text = stage_name(s.stage);
  if (s.cancelling) text += " · cancelling";
  return text;
}

// "1,234 / 5,000 requests (24.7%)", or by time for a duration.
std::string progress_text(const PhaseProgressView& p) {
  if (!p.present) return "-";
  std::string text = format_count(p.completed);
  if (p.request_target) {
    text += " / " + format_count(uint64_t(*p.request_target)) + " requests";
  } else {
    text += " requests";
    if (p.duration_s) text += " · " + format_clock(p.elapsed_s) + " / " + format_clock(*p.duration_s);
  }
  if (std::optional<double> f = p.fraction(); f && p.started) text += " (" + format_percent(*f) + ")";
  return text;
}

std::string errors_text(const PhaseProgressView& p) {
  std::string text = format_count(p.errors);
  if (p.completed > 0) text += " (" + format_percent(double(p.errors) / double(p.completed)) + ")";
  return text;
}

void label_value(Canvas& c, int x, int y, int w, const std::string& label, const std::string& value,
                 CellStyle value_style = CellStyle::value) {
  const int label_w = 14;
  c.text(x, y, label, CellStyle::label, std::min(label_w, w));
  if (w > label_w) c.text(x + label_w, y, value, value_style, w - label_w);
}

void bar_line(Canvas& c, int x, int y, int w, const std::string& label, std::optional<double> fraction,
              bool present) {
  const int label_w = 11;
  c.text(x, y, label, CellStyle::label, std::min(label_w, w));
  const int pct_w = 7;
  const int bar_w = w - label_w - pct_w;
  if (bar_w < 4) return;
  if (!present) {
    c.text(x + label_w, y, "not in this run", CellStyle::dim, w - label_w);
    return;
  }
  c.bar(x + label_w, y, bar_w, fraction.value_or(0));
  c.text(x + label_w + bar_w + 1, y, fraction ? format_percent(*fraction) : "?", CellStyle::value, pct_w - 1);
}

void draw_progress(const LiveState& s, Canvas& c, int x, int y, int w, int h) {
  c.box(x, y, w, h, "Profile Progress");
  const int ix = x + 2, iw = w - 4;
  int row = y + 1;
  auto line = [&](auto&& draw) {
    if (row < y + h - 1) draw(row);
    ++row;
  };
  const PhaseProgressView& p = s.stage == LiveStage::warmup ? s.warmup : s.profiling;
  line([&](int r) {
    label_value(c, ix, r, iw, "Status", status_text(s), s.cancelling ? CellStyle::warning : CellStyle::value);
  });
  line([&](int r) { label_value(c, ix, r, iw, "Progress", progress_text(p)); });
  line([&](int r) {
    label_value(c, ix, r, iw, "Errors", errors_text(p), p.errors > 0 ? CellStyle::error : CellStyle::value);
  });
  line([&](int r) { label_value(c, ix, r, iw, "Request rate", format_rate(s.request_rate) + " req/s"); });
  line([&](int r) {
    label_value(c, ix, r, iw, "Records",
                format_count(s.records_processed) + " processed · " + format_rate(s.processing_rate) + " rec/s");
  });
  line([&](int r) {
    label_value(c, ix, r, iw, "Elapsed", format_clock(s.elapsed_s) + "   ETA " + format_clock(s.eta_s));
  });
  line([&](int r) { label_value(c, ix, r, iw, "Records ETA", format_clock(s.records_eta_s)); });
  line([&](int r) { bar_line(c, ix, r, iw, "Warm-up", s.warmup.fraction(), s.warmup.present); });
  line([&](int r) { bar_line(c, ix, r, iw, "Profiling", s.profiling.fraction(), s.profiling.present); });
  line([&](int r) {
    // Against the requests the run will make when that is known, else those finished so far.
    std::optional<double> f;
    if (s.profiling.request_target && *s.profiling.request_target > 0 && !s.profiling.finished)
      f = std::min(1.0, double(s.records_processed) / double(*s.profiling.request_target));
    else if (s.profiling.completed > 0)
      f = std::min(1.0, double(s.records_processed) / double(s.profiling.completed));
    else if (s.stage == LiveStage::complete)
      f = 1.0;
    bar_line(c, ix, r, iw, "Records", f, true);
  });
}

// A rendered table's lines inside a box; rows past the box are cut and said so.
void draw_table_lines(Canvas& c, const std::vector<std::string>& lines, int x, int y, int w, int h) {
  const int rows = h - 2;
  for (int i = 0; i < rows && i < int(lines.size()); ++i) {
    const bool cut = i == rows - 1 && int(lines.size()) > rows;
    if (cut) {
      c.text(x + 1, y + 1 + i, "… " + std::to_string(int(lines.size()) - rows + 1) + " more lines (maximise: key 3)",
             CellStyle::dim, w - 2);
    } else {
      c.text(x + 1, y + 1 + i, lines[size_t(i)], CellStyle::normal, w - 2);
    }
  }
}

// The width `table` needs without wrapping a cell: each column's widest line plus padding.
int natural_width(const ConsoleTable& table) {
  std::vector<int> widths(table.columns.size(), 0);
  auto widen = [&widths](size_t i, const std::string& cell) {
    for (const std::string& line : split_lines(cell)) widths[i] = std::max(widths[i], display_width(line));
  };
  for (size_t i = 0; i < table.columns.size(); ++i) widen(i, table.columns[i].header);
  for (const auto& row : table.rows)
    for (size_t i = 0; i < row.size() && i < widths.size(); ++i) widen(i, row[i]);
  int total = 1;
  for (int w : widths) total += w + 3;
  return total;
}

// The real-time table in the panel: on a narrow terminal, columns go (std, min, max, p90)
// before metric names are wrapped.
std::vector<std::string> metrics_lines(const LiveState& s, int inner_w) {
  if (s.metrics.rows.empty()) return {};
  ConsoleTable table = s.metrics;
  table.title.clear();
  for (const char* drop : {"std", "min", "max", "p90"}) {
    if (natural_width(table) <= inner_w) break;
    for (size_t i = 0; i < table.columns.size(); ++i) {
      if (table.columns[i].header != drop) continue;
      table.columns.erase(table.columns.begin() + long(i));
      for (auto& row : table.rows)
        if (i < row.size()) row.erase(row.begin() + long(i));
      break;
    }
  }
  return split_lines(render_table(table, inner_w, false));
}

void draw_metrics(const LiveState& s, Canvas& c, int x, int y, int w, int h) {
  c.box(x, y, w, h, "Real-Time Metrics" + (s.metrics_note.empty() ? "" : " · " + s.metrics_note));
  const std::vector<std::string> lines = metrics_lines(s, w - 2);
  if (lines.empty()) {
    c.text(x + 2, y + 1, "No profiling records yet.", CellStyle::dim, w - 4);
    return;
  }
  draw_table_lines(c, lines, x, y, w, h);
}

std::string worker_status_line(const LiveState& s) {
  return "Workers · client CPU " + format_rate(s.process_cpu_percent) + "% · RSS " + format_bytes(s.process_rss_bytes);
}

// One plain line per worker, columns right-aligned (a boxed table would not fit beside the
// progress panel).
std::string worker_line(const std::string& id, const std::string& status, const std::string& in_flight,
                        const std::string& completed, const std::string& failed, const std::string& cpu,
                        const std::string& read, const std::string& written) {
  auto right = [](const std::string& text, size_t width) {
    const size_t n = decode_utf8(text).size();
    return n >= width ? text : std::string(width - n, ' ') + text;
  };
  auto left = [](const std::string& text, size_t width) {
    const size_t n = decode_utf8(text).size();
    return n >= width ? text : text + std::string(width - n, ' ');
  };
  return right(id, 3) + "  " + left(status, 8) + right(in_flight, 9) + right(completed, 10) + right(failed, 7) +
         right(cpu, 7) + right(read, 11) + right(written, 11);
}

void draw_workers(const LiveState& s, Canvas& c, int x, int y, int w, int h) {
  c.box(x, y, w, h, worker_status_line(s));
  const int rows = h - 3;  // the header takes one line
  if (rows < 1) return;
  if (s.workers.empty()) {
    c.text(x + 1, y + 1, "No workers yet.", CellStyle::dim, w - 2);
    return;
  }
  c.text(x + 1, y + 1, worker_line("ID", "Status", "In-flight", "Completed", "Failed", "CPU", "Read", "Written"),
         CellStyle::label, w - 2);
  // What does not fit is folded into one "+N more" line.
  const size_t n = s.workers.size();
  const size_t shown = n <= size_t(rows) ? n : size_t(rows - 1);
  auto line = [](const std::string& id, const std::string& status, const WorkerView& v) {
    return worker_line(id, status, format_count(v.in_flight), format_count(v.completed), format_count(v.failed),
                       format_rate(v.cpu_percent) + "%", format_bytes(v.bytes_read), format_bytes(v.bytes_written));
  };
  for (size_t i = 0; i < shown; ++i) {
    const WorkerView& v = s.workers[i];
    c.text(x + 1, y + 2 + int(i), line(std::to_string(v.id), v.status, v), v.failed ? CellStyle::value : CellStyle::normal,
           w - 2);
  }
  if (shown < n) {
    WorkerView rest;
    for (size_t i = shown; i < n; ++i) {
      const WorkerView& v = s.workers[i];
      rest.in_flight += v.in_flight;
      rest.completed += v.completed;
      rest.failed += v.failed;
      rest.cpu_percent += v.cpu_percent;
      rest.bytes_read += v.bytes_read;
      rest.bytes_written += v.bytes_written;
    }
    c.text(x + 1, y + 2 + int(shown), line("+" + std::to_string(n - shown), "more", rest), CellStyle::dim, w - 2);
  }
}

CellStyle log_style(LogLevel level) {
  if (level >= LogLevel::error) return CellStyle::error;
  if (level >= LogLevel::warning) return CellStyle::warning;
  if (level <= LogLevel::debug) return CellStyle::dim;
  return CellStyle::normal;
}

void draw_logs(const LiveState& s, Canvas& c, int x, int y, int w, int h) {
  c.box(x, y, w, h, "Logs");
  const int rows = h - 2;
  const size_t first = s.logs.size() > size_t(std::max(0, rows)) ? s.logs.size() - size_t(rows) : 0;
  int r = y + 1;
  for (size_t i = first; i < s.logs.size(); ++i, ++r) {
    const LogLineView& l = s.logs[i];
    const int n = c.text(x + 2, r, log_level_name(l.level), log_style(l.level), w - 4);
    c.text(x + 3 + n, r, l.text, log_style(l.level), w - 5 - n);
  }
  if (s.logs.empty()) c.text(x + 2, y + 1, "No log messages.", CellStyle::dim, w - 4);
}

void draw_gpu(const LiveState& s, Canvas& c, int x, int y, int w, int h) {
  c.box(x, y, w, h, "GPU Telemetry");
  for (int i = 0; i < h - 2 && i < int(s.gpu_lines.size()); ++i)
    c.text(x + 1, y + 1 + i, s.gpu_lines[size_t(i)], CellStyle::normal, w - 2);
}

// Logs, with the GPU panel beside them when telemetry exists.
void draw_bottom(const LiveState& s, Canvas& c, int x, int y, int w, int h) {
  if (s.gpu_lines.empty() || w < 80) return draw_logs(s, c, x, y, w, h);
  const int gpu_w = w / 2;
  draw_logs(s, c, x, y, w - gpu_w, h);
  draw_gpu(s, c, x + w - gpu_w, y, gpu_w, h);
}

void draw_overview(const LiveState& s, const DashboardOptions& o, Canvas& c, int top, int rows) {
  const int w = c.width();
  int y = top;
  const int progress_h = std::min(kProgressPanelHeight, rows);
  if (w >= kSideBySideWidth) {
    const int left = std::max(50, w * 40 / 100);
    draw_progress(s, c, 0, y, left, progress_h);
    draw_workers(s, c, left, y, w - left, progress_h);
    y += progress_h;
  } else {
    draw_progress(s, c, 0, y, w, progress_h);
    y += progress_h;
  }
  // The metrics come before the logs: the logs get what the table leaves, or 5 lines when at
  // least 11 remain for the table, else nothing.
  const int left_rows = top + rows - y;
  const int wanted = std::max(3, int(metrics_lines(s, w - 2).size()) + 2);
  int metrics_h = left_rows;
  if (o.show_logs && left_rows >= wanted + 5) metrics_h = wanted;
  else if (o.show_logs && left_rows >= 16) metrics_h = left_rows - 5;
  if (metrics_h >= 3) {
    draw_metrics(s, c, 0, y, w, metrics_h);
    y += metrics_h;
  }
  if (o.show_logs && top + rows - y >= 3) draw_bottom(s, c, 0, y, w, top + rows - y);
}

// Tiny terminals: the essentials as plain lines, as many as fit.
void draw_compact(const LiveState& s, Canvas& c) {
  const PhaseProgressView& p = s.stage == LiveStage::warmup ? s.warmup : s.profiling;
  std::vector<std::pair<std::string, CellStyle>> lines = {
      {"AIPerf · " + status_text(s), CellStyle::title},
      {progress_text(p), CellStyle::value},
      {"errors " + errors_text(p) + " · " + format_rate(s.request_rate) + " req/s", CellStyle::value},
      {"elapsed " + format_clock(s.elapsed_s) + " · ETA " + format_clock(s.eta_s), CellStyle::value},
      {"", CellStyle::normal},
      {"(full dashboard from " + std::to_string(kDashboardMinWidth) + "x" + std::to_string(kDashboardMinHeight) + ")",
       CellStyle::dim}};
  for (int y = 0; y < c.height() && y < int(lines.size()); ++y) c.text(0, y, lines[size_t(y)].first, lines[size_t(y)].second);
  if (c.height() > 5 && c.width() > 8) c.bar(0, 4, c.width(), p.fraction().value_or(0));  // on the blank line
}

}  // namespace

const char* dashboard_key_help() {
  return "1 overview  2 progress  3 metrics  4 workers  5 logs  Esc layout  l logs  ctrl+s screenshot  "
         "ctrl+c cancel";
}

void draw_dashboard(const LiveState& s, const DashboardOptions& o, Canvas& c) {
  if (c.width() <= 0 || c.height() <= 0) return;
  if (c.width() < kDashboardMinWidth || c.height() < kDashboardMinHeight) return draw_compact(s, c);
  const int w = c.width(), h = c.height();
  c.fill(0, 0, w, U' ', CellStyle::title);
  const int x = 1 + c.text(1, 0, s.title, CellStyle::title, w - 2);
  if (!s.target.empty() && x + 4 < w) c.text(x + 1, 0, "│ " + s.target, CellStyle::title, w - x - 2);
  const std::string help = !s.notice.empty() ? s.notice
                           : s.cancelling   ? "Cancelling: in-flight requests are being cancelled; ctrl+c again quits"
                                            : dashboard_key_help();
  c.text(0, h - 1, help, help == dashboard_key_help() ? CellStyle::dim : CellStyle::warning, w);
  const int top = 1, rows = h - 2;
  switch (o.view) {
    case DashboardView::overview: return draw_overview(s, o, c, top, rows);
    case DashboardView::progress: return draw_progress(s, c, 0, top, w, rows);
    case DashboardView::metrics: return draw_metrics(s, c, 0, top, w, rows);
    case DashboardView::workers: return draw_workers(s, c, 0, top, w, rows);
    case DashboardView::logs: return draw_bottom(s, c, 0, top, w, rows);
  }
}

}  // namespace aiperf
