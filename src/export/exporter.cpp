#include "export/exporter.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "export/artifact_layout.h"
#include "export/atomic_file.h"
#include "export/console_report.h"
#include "export/csv_summary.h"
#include "export/json_summary.h"
#include "export/steady_state_export.h"
#include "export/timeslice_export.h"

namespace aiperf {
namespace fs = std::filesystem;
namespace {

// rich's rule: NO_COLOR set to anything but "" turns colour off; pipes never get colour.
bool stdout_wants_color() {
  const char* no_color = std::getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) && !(no_color && *no_color);
}

// COLUMNS wins (as in rich), then the terminal's size; a pipe gets the file width so logs
// hold the same table as profile_export_console.txt.
int stdout_width() {
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    long n = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && n > 0) return int(n);
  }
  winsize ws{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return kConsoleExportWidth;
}

}  // namespace

std::vector<fs::path> export_run(const ProfileConfig& config, const RunSummary& summary, const RunInfo& info,
                                 const fs::path& artifact_dir) {
  std::vector<fs::path> written;
  auto write = [&](const std::string& name, const std::string& content) {
    write_file_atomically(artifact_dir / name, content);
    written.push_back(artifact_dir / name);
  };
  const ArtifactNames names = artifact_names(config);
  // Timeslices and steady state first: the console report lists them only once they exist.
  if (config.slice_duration && !summary.timeslices.empty()) {
    write(names.timeslices_json, dump_pretty(timeslices_json(config, summary.timeslices)));
    write(names.timeslices_csv, timeslices_csv(summary.timeslices));
  }
  if (summary.steady_state) {
    write(names.steady_state_json, dump_pretty(steady_state_json(*summary.steady_state)));
    write(names.steady_state_csv, steady_state_csv(*summary.steady_state));
  }
  // The summary JSON last among the data files: its presence marks a finished run.
  write(names.summary_csv, summary_csv(summary) + info.telemetry_csv);
  write(names.summary_json, dump_pretty(summary_json(config, summary, info)));
  write(names.console_text,
        render_console_report(config, summary, info, artifact_dir, console_export_width(), false));

  // The summary now marks the directory as a finished run; the claim has done its job.
  std::error_code ec;
  fs::remove(artifact_dir / kRunClaimFile, ec);

  std::string report = render_console_report(config, summary, info, artifact_dir, stdout_width(), stdout_wants_color());
  std::fwrite(report.data(), 1, report.size(), stdout);
  std::fflush(stdout);
  return written;
}

}  // namespace aiperf
