#include "app/plot_command.h"

#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>
#include <optional>

#include "app/report_server.h"
#include "cli/subcommand_parse.h"
#include "common/log.h"
#include "plot/plot_job.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

void print_result(const plot::PlotResult& r) {
  std::cout << (r.single ? "Single run" : "Comparison of " + std::to_string(r.runs) + " runs") << ": "
            << r.files.size() << " files in " << r.output.string() << "\n";
  for (const fs::path& f : r.files) std::cout << "  " << f.filename().string() << "\n";
}

}  // namespace

int run_plot_command(const std::vector<std::string>& args) {
  CLI::App app("Charts (PNG) and an interactive report (report.html) from finished runs: one run's charts over time, "
               "or Pareto comparisons of several runs, sweep cells and multi-run trials (docs/plots.md).",
               "aiperf plot");
  std::vector<std::string> positional, paths;
  std::string output, theme = "light", config, host = "127.0.0.1", mlflow_uri, mlflow_run;
  int port = 8050;
  bool verbose = false, dashboard = false, mlflow = false, empty_paths = false, dump = false;
  app.add_option("paths", positional, "Run directories, or directories holding runs (default ./artifacts)");
  app.add_option("--paths", paths, "Same as the positional PATHS");
  app.add_flag("--empty-paths", empty_paths, "Clear --paths (plots ./artifacts)");
  app.add_option("--output", output, "Where the plots go (default <first path>/plots)");
  app.add_option("--theme", theme, "light or dark")->check(CLI::IsMember({"light", "dark"}));
  app.add_option("--config", config, "Plot settings YAML (default ~/.aiperf/plot_config.yaml, created on first use)");
  app.add_flag("--verbose,!--no-verbose", verbose, "Say which runs were found and which settings file was read");
  app.add_flag("--dashboard,!--no-dashboard", dashboard, "Serve the report over HTTP on --host:--port until Ctrl-C");
  app.add_option("--host", host, "Dashboard address (default 127.0.0.1)");
  app.add_option("--port", port, "Dashboard port (default 8050)")->check(CLI::Range(0, 65535));
  app.add_flag("--mlflow-upload,!--no-mlflow-upload", mlflow, "Upload the plots to MLflow (not supported by aiperf-cpp)");
  app.add_option("--mlflow-tracking-uri", mlflow_uri, "MLflow tracking URI (not supported by aiperf-cpp)");
  app.add_option("--mlflow-run-id", mlflow_run, "MLflow run id (not supported by aiperf-cpp)");
  app.add_flag("--dump-data", dump, "Also write plot_data.json: every chart's plotted series (aiperf-cpp)");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "plot")) return *exit_code;
  if (mlflow || !mlflow_uri.empty() || !mlflow_run.empty()) {
    std::cerr << "error: plot: --mlflow-upload, --mlflow-tracking-uri and --mlflow-run-id are not supported by aiperf-cpp\n";
    return 1;
  }
  try {
    plot::PlotRequest request;
    if (empty_paths) paths.clear();
    for (const std::string& p : positional) request.paths.emplace_back(p);
    for (const std::string& p : paths) request.paths.emplace_back(p);
    if (request.paths.empty()) request.paths.emplace_back("artifacts");
    request.output = output;
    request.theme = theme;
    request.dump_data = dump;
    fs::path settings_file;
    if (!config.empty()) {
      request.settings = plot::read_plot_settings(config);
      settings_file = config;
    } else {
      request.settings = plot::default_plot_settings(&settings_file);
    }
    if (verbose)
      std::cout << "Plot settings: " << (settings_file.empty() ? std::string("built-in default") : settings_file.string()) << "\n";
    if (dashboard) request.settings.html = true;
    const plot::PlotResult result = plot::make_plots(request);
    print_result(result);
    if (dashboard) return serve_report_directory(result.output, host, uint16_t(port));
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "error: plot: " << e.what() << "\n";
    return 1;
  }
}

bool auto_plot(const fs::path& artifact_dir, bool required) {
  try {
    plot::PlotRequest request;
    request.paths = {artifact_dir};
    request.settings = plot::default_plot_settings();
    const plot::PlotResult result = plot::make_plots(request);
    std::cout << "Plots: " << result.files.size() << " files in " << result.output.string() << "\n";
    return true;
  } catch (const std::exception& e) {
    const std::string why = std::string("--auto-plot: plotting failed: ") + e.what();
    if (required) log(LogLevel::error, why);
    else log_warning(why + " (the run's results are written; --plot-required makes this fatal)");
    return false;
  }
}

}  // namespace aiperf
