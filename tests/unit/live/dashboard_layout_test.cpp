// The dashboard as a person sees it: what each panel says, at every size from a full terminal
// down to nothing (docs/ui.md).
#include <gtest/gtest.h>

#include <string>

#include "live/canvas.h"
#include "live/dashboard_layout.h"
#include "live/live_format.h"

namespace aiperf {
namespace {

LiveState running_state() {
  LiveState s;
  s.title = "NVIDIA AIPerf · aiperf-cpp test";
  s.target = "http://127.0.0.1:8000/v1/chat/completions (chat, streaming) with concurrency 8";
  s.stage = LiveStage::profiling;
  s.elapsed_s = 27;
  s.warmup.present = s.warmup.started = s.warmup.finished = true;
  s.warmup.completed = 10;
  s.warmup.request_target = 10;
  s.profiling.present = s.profiling.started = true;
  s.profiling.completed = 1234;
  s.profiling.errors = 3;
  s.profiling.request_target = 5000;
  s.profiling.elapsed_s = 25;
  s.request_rate = 45.2;
  s.processing_rate = 44.9;
  s.records_processed = 1230;
  s.eta_s = 83;
  s.metrics.columns = {{"Metric", Justify::right, ""}, {"avg", Justify::right, ""}};
  s.metrics.rows = {{"Time to First Token (ms)", "20.31"}, {"Request Latency (ms)", "118.31"}};
  s.metrics_note = "as of 00:25, every 5 s";
  for (int i = 0; i < 3; ++i) s.workers.push_back({i, "running", 2, 400, 1, 3.5, 1 << 20, 1 << 18});
  s.process_cpu_percent = 12;
  s.process_rss_bytes = 40 << 20;
  s.logs = {{LogLevel::info, "phase profiling started"}, {LogLevel::warning, "something to see"}};
  return s;
}

std::string draw(const LiveState& s, int w, int h, DashboardOptions o = {}) {
  Canvas c(w, h);
  draw_dashboard(s, o, c);
  return c.to_text();
}

TEST(DashboardLayout, OverviewShowsEveryPanel) {
  const std::string screen = draw(running_state(), 120, 40);
  for (const char* text : {"NVIDIA AIPerf", "Profile Progress", "Profiling", "1,234 / 5,000 requests (24.7%)",
                           "3 (0.2%)", "45.2 req/s", "ETA 01:23", "Warm-up", "100.0%", "Real-Time Metrics",
                           "as of 00:25", "Time to First Token (ms)", "20.31", "Workers", "running", "1.0 MiB",
                           "Logs", "phase profiling started", "WARNING", "ctrl+s screenshot"})
    EXPECT_NE(screen.find(text), std::string::npos) << text << "\n" << screen;
  // Exactly the canvas' size: 40 lines, none wider than 120 columns.
  int lines = 0;
  for (size_t at = 0, nl; (nl = screen.find('\n', at)) != std::string::npos; at = nl + 1, ++lines)
    EXPECT_LE(decode_utf8(screen.substr(at, nl - at)).size(), 120u);
  EXPECT_EQ(lines, 40);
}

TEST(DashboardLayout, KeysMaximiseAPanelAndHideTheLogs) {
  const LiveState s = running_state();
  DashboardOptions o;
  o.view = DashboardView::workers;
  const std::string workers = draw(s, 100, 30, o);
  EXPECT_NE(workers.find("Workers"), std::string::npos);
  EXPECT_EQ(workers.find("Profile Progress"), std::string::npos);
  o.view = DashboardView::logs;
  EXPECT_NE(draw(s, 100, 30, o).find("something to see"), std::string::npos);
  o = {};
  o.show_logs = false;
  EXPECT_EQ(draw(s, 100, 30, o).find("phase profiling started"), std::string::npos);
}

TEST(DashboardLayout, ManyWorkersFoldIntoOneLine) {
  LiveState s = running_state();
  s.workers.clear();
  for (int i = 0; i < 40; ++i) s.workers.push_back({i, "running", 1, 10, 0, 1, 100, 100});
  const std::string screen = draw(s, 120, 40);
  EXPECT_NE(screen.find("more"), std::string::npos);
}

TEST(DashboardLayout, TinyTerminalsDegradeAndNeverCrash) {
  const LiveState s = running_state();
  const std::string compact = draw(s, 40, 10);
  EXPECT_NE(compact.find("Profiling"), std::string::npos);
  EXPECT_NE(compact.find("1,234 / 5,000"), std::string::npos);
  EXPECT_EQ(compact.find("Profile Progress"), std::string::npos);
  for (int w : {0, 1, 2, 5, 59, 60, 61, 95, 96, 300})
    for (int h : {0, 1, 2, 3, 15, 16, 17, 24, 100}) {
      for (DashboardView v : {DashboardView::overview, DashboardView::progress, DashboardView::metrics,
                              DashboardView::workers, DashboardView::logs}) {
        DashboardOptions o;
        o.view = v;
        Canvas c(w, h);
        draw_dashboard(s, o, c);
        EXPECT_EQ(c.width(), std::max(0, w));
      }
    }
}

TEST(DashboardLayout, StatesBeforeTheFirstRecordAndWhenCancelling) {
  LiveState s;
  s.title = "t";
  const std::string empty = draw(s, 100, 30);
  EXPECT_NE(empty.find("Starting"), std::string::npos);
  EXPECT_NE(empty.find("No profiling records yet."), std::string::npos);
  s = running_state();
  s.cancelling = true;
  const std::string cancelling = draw(s, 100, 30);
  EXPECT_NE(cancelling.find("Profiling · cancelling"), std::string::npos) << cancelling;
  EXPECT_NE(cancelling.find("ctrl+c again quits"), std::string::npos) << cancelling;
}

TEST(Canvas, ClipsDecodesAndFallsBackToAscii) {
  Canvas c(6, 2);
  EXPECT_EQ(c.text(0, 0, "ab┃cdefgh"), 6);
  EXPECT_EQ(c.to_text(), "ab┃cde\n\n");
  c.text(4, 1, "\t\x01x");  // control characters are blanks
  EXPECT_EQ(c.at(4, 1).ch, U' ');
  EXPECT_EQ(c.text(-1, 5, "out of the grid"), 0);
  EXPECT_EQ(decode_utf8("\xff"), std::u32string(1, U'\uFFFD'));
  EXPECT_EQ(decode_utf8("\xe2\x94"), std::u32string(2, U'\uFFFD'));  // cut short
  EXPECT_EQ(ascii_fallback(U'┏'), '+');
  EXPECT_EQ(ascii_fallback(U'━'), '-');
  EXPECT_EQ(ascii_fallback(U'┃'), '|');
  EXPECT_EQ(ascii_fallback(U'█'), '#');
  EXPECT_EQ(ascii_fallback(U'x'), 'x');
}

TEST(LiveFormat, ClocksCountsBytesAndRates) {
  EXPECT_EQ(format_clock(7.4), "00:07");
  EXPECT_EQ(format_clock(754), "12:34");
  EXPECT_EQ(format_clock(3723), "1:02:03");
  EXPECT_EQ(format_clock(std::nullopt), "--:--");
  EXPECT_EQ(format_clock(-1), "--:--");
  EXPECT_EQ(format_count(1234567), "1,234,567");
  EXPECT_EQ(format_count(0), "0");
  EXPECT_EQ(format_bytes(512), "512 B");
  EXPECT_EQ(format_bytes(3u << 20), "3.0 MiB");
  EXPECT_EQ(format_rate(4.25), "4.2");
  EXPECT_EQ(format_rate(1234.4), "1,234");
  EXPECT_EQ(format_percent(0.247), "24.7%");
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

TEST(DashboardLayout, NarrowTerminalsDropStatisticsBeforeWrappingNames) {
  LiveState s = running_state();
  s.metrics.columns.clear();
  for (const char* c : {"Metric", "avg", "min", "max", "p99", "p90", "p50", "std"})
    s.metrics.columns.push_back({c, Justify::right, ""});
  s.metrics.rows = {{"Time to First Token (ms)", "40.30", "40.04", "48.67", "44.25", "40.35", "40.10", "0.77"}};
  const std::string wide = draw(s, 120, 40, {DashboardView::metrics, true});
  EXPECT_NE(wide.find("std"), std::string::npos);
  const std::string narrow = draw(s, 70, 24, {DashboardView::metrics, true});
  EXPECT_NE(narrow.find("Time to First Token (ms)"), std::string::npos) << narrow;  // one line, not wrapped
  EXPECT_EQ(narrow.find(" std "), std::string::npos) << narrow;
  EXPECT_NE(narrow.find("p99"), std::string::npos);
}

}  // namespace
}  // namespace aiperf
