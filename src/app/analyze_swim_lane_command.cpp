#include "app/analyze_swim_lane_command.h"
#include "app/analyze_turn_messages_command.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "cli/subcommand_parse.h"
#include "export/atomic_file.h"
#include "plot/chart_json.h"
#include "plot/chart_png.h"
#include "plot/html_report.h"
#include "plot/run_artifacts.h"
#include "plot/swim_lane.h"
#include "plot/theme.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

constexpr const char* kCommand = "analyze swim-lane";

struct SwimLaneArgs {
  std::vector<std::string> run_dirs;
  std::string out;
  std::optional<int> concurrency;
  std::optional<double> ramp;
  bool html = false;
  bool dump_data = false;
  std::string theme = "light";
};

// Where one run's PNG goes. Upstream's -o is the PNG itself (one run directory only); an
// existing directory (or a path ending in '/') is ours: the PNGs go in it, named per run when
// there are several.
fs::path png_path(const SwimLaneArgs& a, const fs::path& run_dir, const std::string& run_name) {
  if (a.out.empty()) return run_dir / "swim_lane.png";
  const fs::path out(a.out);
  if (fs::is_directory(out) || a.out.back() == '/')
    return out / (a.run_dirs.size() == 1 ? std::string("swim_lane.png") : "swim_lane_" + run_name + ".png");
  return out;
}

fs::path beside(fs::path png, const char* extension) { return png.replace_extension(extension); }

// The PNG grows with the lanes so bars stay a few pixels tall, up to a size a viewer still opens.
plot::PngSize png_size(const plot::Chart& chart) {
  const double lanes = chart.y.max.value_or(0) - chart.y.min.value_or(0);
  return {1600, int(std::clamp(320.0 + 16.0 * lanes, 720.0, 2400.0))};
}

// One run directory; throws std::runtime_error naming the file for what the user must fix.
void render_run(const SwimLaneArgs& a, const fs::path& run_dir) {
  const fs::path jsonl = run_dir / "profile_export.jsonl";
  if (!fs::is_regular_file(jsonl))
    throw std::runtime_error(jsonl.string() + " not found (swim lanes read the run's per-request export)");
  const plot::RunArtifacts run = plot::read_run(run_dir, true);
  const plot::RequestTable& table = *run.requests;
  bool any_timed = false;
  for (std::size_t i = 0; i < table.size() && !any_timed; ++i)
    any_timed = table.start_ns[i] > 0 && table.end_ns[i] >= table.start_ns[i];
  if (!any_timed) throw std::runtime_error("no profiling records with start and end times in " + jsonl.string());

  const plot::SummaryTiming timing = plot::summary_timing(run.summary);
  plot::SwimLaneOptions options;
  options.run_name = run.name;
  if (a.concurrency) options.target_concurrency = double(*a.concurrency);
  options.ramp_s = a.ramp ? a.ramp : timing.ramp_s;
  options.benchmark_duration_s = timing.benchmark_duration_s;
  const plot::Chart chart = plot::swim_lane_chart(table, options);

  const fs::path png = png_path(a, run_dir, run.name);
  if (png.has_parent_path()) fs::create_directories(png.parent_path());
  plot::render_png(chart, plot::theme_named(a.theme), png, png_size(chart));
  std::cout << "saved " << png.string() << "\n";
  if (a.html) {
    plot::ReportInput report;
    report.title = "aiperf swim lanes: " + run.name;
    report.mode = "single";
    report.theme = a.theme;
    report.charts = {chart};
    plot::ReportRun r;
    r.name = run.name;
    r.requests = &table;  // the bars' hover reads the request they stand for
    r.benchmark_duration_s = timing.benchmark_duration_s;
    r.request_throughput = plot::summary_stat(run.summary, "request_throughput", "avg");
    report.runs = {r};
    const fs::path html = beside(png, ".html");
    plot::write_html_report(report, html);
    std::cout << "saved " << html.string() << "\n";
  }
  if (a.dump_data) {
    const fs::path json = beside(png, ".json");
    write_file_atomically(json, plot::chart_to_json(chart).dump(2) + "\n");
    std::cout << "saved " << json.string() << "\n";
  }
}

}  // namespace

int run_analyze_swim_lane_command(const std::vector<std::string>& args) {
  CLI::App app("Render a per-session swim-lane PNG with the requests-in-flight curve for each run directory.",
               "aiperf analyze swim-lane");
  SwimLaneArgs a;
  app.add_option("--run-dirs,run_dirs", a.run_dirs,
                 "One or more run artifact directories holding profile_export.jsonl")
      ->required();
  app.add_option("-o,--out", a.out,
                 "Output PNG (one run directory only; default <run_dir>/swim_lane.png); an existing "
                 "directory holds the PNGs instead");
  app.add_option("-c,--concurrency", a.concurrency, "Target concurrency, drawn as a dashed reference line");
  app.add_option("--ramp", a.ramp,
                 "Ramp duration in seconds for the ramp-done marker (default: the run's concurrency ramp "
                 "from profile_export_aiperf.json)");
  app.add_flag("--html,!--no-html", a.html,
               "Also write a self-contained interactive HTML page beside the PNG (default off)");
  app.add_option("--theme", a.theme, "light or dark (default light)")->check(CLI::IsMember({"light", "dark"}));
  app.add_flag("--dump-data", a.dump_data, "Also write the chart's data as JSON beside the PNG (aiperf-cpp)");
  if (std::optional<int> exit_code = parse_subcommand(app, args, kCommand)) return *exit_code;
  if (a.concurrency && *a.concurrency < 1) {
    std::cerr << "error: " << kCommand << ": --concurrency must be >= 1, got " << *a.concurrency << "\n";
    return 1;
  }
  if (a.ramp && !(*a.ramp >= 0 && std::isfinite(*a.ramp))) {
    std::cerr << "error: " << kCommand << ": --ramp must be a number of seconds >= 0, got " << *a.ramp << "\n";
    return 1;
  }
  if (!a.out.empty() && a.run_dirs.size() > 1 && !fs::is_directory(a.out) && a.out.back() != '/') {
    std::cerr << "error: " << kCommand << ": --out names one PNG, so it takes a single run directory (got "
              << a.run_dirs.size() << "); pass a directory to --out instead\n";
    return 1;
  }
  int status = 0;
  for (const std::string& dir : a.run_dirs) {
    try {
      render_run(a, dir);
    } catch (const std::exception& e) {
      std::cerr << "error: " << kCommand << ": " << e.what() << "\n";
      status = 1;
    }
  }
  return status;
}

int run_analyze_command(const std::vector<std::string>& args) {
  if (!args.empty() && args[0] == "swim-lane") return run_analyze_swim_lane_command({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "turn-messages")
    return run_analyze_turn_messages_command({args.begin() + 1, args.end()});
  const bool help = !args.empty() && (args[0] == "-h" || args[0] == "--help");
  if (!args.empty() && !help) {
    std::cerr << "error: analyze: unknown subcommand '" << args[0] << "' (supported: swim-lane, turn-messages)\n";
    return 1;
  }
  std::cout << "usage: aiperf analyze <subcommand> [options]\n\n"
               "Subcommands:\n"
               "  swim-lane      Per-session swim-lane PNG with the requests-in-flight curve\n"
               "  turn-messages  HTML viewer of the input messages each turn sent (needs --export-level raw)\n\n"
               "`aiperf analyze <subcommand> --help` lists a subcommand's options. Mooncake trace statistics are\n"
               "the separate command `aiperf analyze-trace`.\n";
  return help ? 0 : 1;
}

}  // namespace aiperf
