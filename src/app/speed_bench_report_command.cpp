#include "app/speed_bench_report_command.h"

#include <unistd.h>

#include <CLI/CLI.hpp>

#include <cmath>
#include <exception>
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/subcommand_parse.h"
#include "export/atomic_file.h"
#include "export/console_table.h"
#include "export/speed_bench_matrix.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
constexpr const char* kCommand = "speed-bench-report";

std::string table_cell(const std::optional<double>& v, SpeedBenchMetric metric) {
  if (!v || !std::isfinite(*v)) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, metric == SpeedBenchMetric::throughput ? "%.1f" : "%.2f", *v);
  return buf;
}

std::string matrix_table(const SpeedBenchMatrix& m, SpeedBenchMetric metric) {
  ConsoleTable t;
  t.title = speed_bench_title(metric);
  t.columns.push_back({"Model", Justify::left, "36"});
  for (const std::string& c : m.categories) t.columns.push_back({c, Justify::right, ""});
  t.columns.push_back({"Overall", Justify::right, ""});
  for (const SpeedBenchMatrix::Row& r : m.rows) {
    std::vector<std::string> cells{r.model};
    for (const auto& v : r.cells) cells.push_back(table_cell(v, metric));
    cells.push_back(table_cell(r.overall, metric));
    t.rows.push_back(std::move(cells));
  }
  return render_table(t, 200, isatty(STDOUT_FILENO) != 0);
}

}  // namespace

int run_speed_bench_report_command(const std::vector<std::string>& args) {
  CLI::App app("Build the SPEED-Bench category matrix (acceptance length, acceptance rate or throughput) from several "
               "runs of speed_bench_<category> / spec_al_<name> public datasets.",
               "aiperf speed-bench-report");
  std::vector<std::string> paths;
  std::string output = "speed_bench_report.csv", format = "both", metric_name = "accept_length";
  app.add_option("--paths,paths", paths, "Run directories, or directories searched for them (recursively)")
      ->required();
  app.add_option("--output", output, "CSV file written with --format csv or both (default speed_bench_report.csv)");
  app.add_option("--format", format, "csv, table or both (default both)")
      ->check(CLI::IsMember({"csv", "table", "both"}));
  app.add_option("--metric", metric_name, "accept_length (default), accept_rate or throughput")
      ->check(CLI::IsMember({"accept_length", "accept_rate", "throughput"}));
  if (std::optional<int> exit_code = parse_subcommand(app, args, kCommand)) return *exit_code;
  const SpeedBenchMetric metric = metric_name == "accept_rate"  ? SpeedBenchMetric::accept_rate
                                  : metric_name == "throughput" ? SpeedBenchMetric::throughput
                                                                : SpeedBenchMetric::accept_length;
  std::vector<SpeedBenchRun> runs;
  for (const std::string& p : paths) {
    if (!fs::is_directory(p)) {
      std::cerr << "error: " << kCommand << ": " << p << " is not a directory\n";
      return 1;
    }
    for (const fs::path& dir : find_run_dirs(p)) {
      std::string why;
      if (std::optional<SpeedBenchRun> run = read_speed_bench_run(dir, why))
        runs.push_back(std::move(*run));
      else
        std::cerr << "skip " << dir.string() << ": " << why << "\n";
    }
  }
  if (runs.empty()) {
    std::cerr << "error: " << kCommand << ": no run of a speed_bench_* or spec_al_* public dataset under "
              << paths.front() << (paths.size() > 1 ? " (and the other paths)" : "") << "\n";
    return 1;
  }
  const SpeedBenchMatrix matrix = build_speed_bench_matrix(runs, metric);
  bool any_value = false;
  for (const auto& row : matrix.rows) any_value = any_value || row.overall.has_value();
  if (!any_value)
    std::cerr << "warning: " << kCommand << ": no run holds " << metric_name
              << (metric == SpeedBenchMetric::throughput ? "" : " data (the server sent no speculative-decoding "
                                                                "metrics per request, and no scraped vLLM/SGLang "
                                                                "spec-decode metric was found)")
              << "\n";
  if (format != "csv") std::cout << matrix_table(matrix, metric);
  if (format != "table") {
    try {
      write_file_atomically(output, speed_bench_csv(matrix));
    } catch (const std::exception& e) {
      std::cerr << "error: " << kCommand << ": --output " << output << ": " << e.what() << "\n";
      return 1;
    }
    std::cout << "saved " << output << " (" << matrix.rows.size() << " models x " << matrix.categories.size()
              << " categories)\n";
  }
  return 0;
}

}  // namespace aiperf
