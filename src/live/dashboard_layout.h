#pragma once
// The full-screen dashboard's layout (metrics-and-outputs.md §12; docs/ui.md): panels for
// profile progress, real-time metrics, workers, logs and GPU telemetry, drawn into a Canvas of
// any size. Pure: the same state and size always give the same screen, so tests and the
// ctrl+s screenshot see exactly what the terminal shows.
#include "live/canvas.h"
#include "live/live_state.h"

namespace aiperf {

// Keys 1-5: one panel maximised; Esc: back to the overview.
enum class DashboardView { overview, progress, metrics, workers, logs };

struct DashboardOptions {
  DashboardView view = DashboardView::overview;
  bool show_logs = true;  // key `l`
};

// Below these the panels do not fit: a compact text summary is drawn instead.
inline constexpr int kDashboardMinWidth = 60;
inline constexpr int kDashboardMinHeight = 16;

void draw_dashboard(const LiveState& state, const DashboardOptions& options, Canvas& canvas);

// The key help line at the bottom of the screen.
const char* dashboard_key_help();

}  // namespace aiperf
