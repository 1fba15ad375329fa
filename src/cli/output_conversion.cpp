// Output, export, goodput and logging options (§3.5, §3.15, §3.19).
#include "cli/profile_converter.h"

#include <strings.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <string_view>

#include "cli/aws_flags.h"
#include "cli/cli_command.h"
#include "cli/goodput_flag.h"
#include "cli/input_file_peek.h"
#include "cli/key_value_flags.h"
#include "cli/number_flags.h"
#include "cli/rate_series_flag.h"
#include "cli/request_head_text.h"
#include "cli/sequence_distribution_flag.h"
#include "cli/option_table.h"
#include "cli/sweep_expansion.h"
#include "cli/yaml_config.h"
#include "cli/url_flags.h"
#include "common/base64.h"
#include "common/edit_distance.h"
#include "common/log.h"
#include "common/multipart_boundary.h"
#include "config/dataset_size_limit.h"
#include "config/enum_names.h"
#include "config/public_datasets.h"

namespace aiperf {

// Upstream's v1 rule (metrics-and-outputs.md §7.2): a directory part is dropped and a known
// export extension stripped, so `out/run1.json` names the stem `run1`.
std::string ProfileConverter::export_stem(const std::string& text) const {
  std::string stem = std::filesystem::path(text).filename().string();
  for (const char* ext : {".jsonl", ".json", ".csv"}) {
    const std::string_view e(ext);
    if (stem.size() > e.size() && stem.compare(stem.size() - e.size(), e.size(), e) == 0) {
      stem.resize(stem.size() - e.size());
      break;
    }
  }
  if (stem.empty() || stem == "." || stem == "..")
    throw ConfigError(name("--profile-export-prefix") + ": '" + text + "' names no file (give a name such as run1)");
  return stem;
}

void ProfileConverter::convert_output(ProfileConfig& c, const RawFlags& r) const {
  if (given("--artifact-dir")) {
    if (r.artifact_dir.empty()) throw ConfigError(name("--artifact-dir") + ": empty path");
    c.artifact_root = r.artifact_dir;
    c.artifact_dir_given = true;
  }
  if (given("--export-level")) c.export_level = parse_choice<ExportLevel>(name("--export-level"), r.export_level);
  c.export_outputs_json = r.export_outputs_json || c.export_level == ExportLevel::raw;
  if (given("--profile-export-prefix")) c.profile_export_prefix = export_stem(r.profile_export_prefix);
  c.slice_duration = float_above("--slice-duration", r.slice_duration, 0);
  convert_steady_state(c, r);
  if (given("--goodput")) c.goodput = parse_goodput_flag(r.goodput);
  c.fail_on_client_bound = r.fail_on_client_bound;
  c.show_trace_timing = r.show_trace_timing;
  c.export_http_trace = r.export_http_trace;
  c.auto_plot = r.auto_plot;
  c.plot_required = r.plot_required;
  c.verbosity = r.extra_verbose ? 2 : std::min(r.verbose, 2);
  if (given("--log-level")) {
    c.log_level = parse_choice<LogLevel>(name("--log-level"), r.log_level);
  }
  // Upstream's defaults: the dashboard on a terminal, simple when -v/-vv asked for logs there,
  // none when stdout is not a terminal (docs/ui.md).
  const bool terminal = isatty(STDOUT_FILENO) != 0;
  c.ui_type = !terminal ? UiType::none : c.verbosity > 0 ? UiType::simple : UiType::dashboard;
  if (given("--ui-type")) {
    c.ui_type = parse_choice<UiType>(name("--ui-type"), r.ui_type);
    c.ui_type_given = true;
  }
  if (given("--stats-interval")) {
    c.stats_interval = float_at_least("--stats-interval", r.stats_interval, 0);
    if (*c.stats_interval > 1000)
      throw ConfigError(name("--stats-interval") + " must be at most 1000 seconds, got " + r.stats_interval);
  }
}

void ProfileConverter::convert_steady_state(ProfileConfig& c, const RawFlags& r) const {
  const char* const sub_options[] = {"--steady-state-start-pct", "--steady-state-end-pct",
                                     "--steady-state-min-window-pct", "--steady-state-bootstrap-iterations"};
  if (!r.steady_state) {
    for (const char* flag : sub_options)
      if (given(flag)) throw ConfigError(name(flag) + " needs --steady-state");
    return;
  }
  SteadyStateSettings s;
  auto percent = [&](const char* flag, const std::string& text, bool zero_ok, bool hundred_ok) {
    const std::string n = name(flag);
    const double v = parse_float_flag(n, text);
    if (v < 0 || v > 100 || (!zero_ok && v == 0) || (!hundred_ok && v == 100))
      throw ConfigError(n + " must be a percentage in " + (zero_ok ? "[0" : "(0") + ", 100" + (hundred_ok ? "]" : ")") +
                        ", got " + text);
    return v;
  };
  if (given("--steady-state-start-pct") != given("--steady-state-end-pct"))
    throw ConfigError(name(given("--steady-state-start-pct") ? "--steady-state-start-pct" : "--steady-state-end-pct") +
                      " needs " + (given("--steady-state-start-pct") ? "--steady-state-end-pct" : "--steady-state-start-pct") +
                      " (a manual window takes both)");
  if (given("--steady-state-start-pct")) {
    s.start_pct = percent("--steady-state-start-pct", r.steady_state_start_pct, true, false);
    s.end_pct = percent("--steady-state-end-pct", r.steady_state_end_pct, false, true);
    if (*s.end_pct <= *s.start_pct)
      throw ConfigError(name("--steady-state-end-pct") + " (" + r.steady_state_end_pct + ") must be above " +
                        name("--steady-state-start-pct") + " (" + r.steady_state_start_pct + ")");
  }
  if (given("--steady-state-min-window-pct"))
    s.min_window_pct = percent("--steady-state-min-window-pct", r.steady_state_min_window_pct, true, true);
  if (auto n = int_at_least("--steady-state-bootstrap-iterations", r.steady_state_bootstrap_iterations, 0)) {
    constexpr int64_t kMaxIterations = 1'000'000;
    if (*n > kMaxIterations)
      throw ConfigError(name("--steady-state-bootstrap-iterations") + " must be at most " +
                        std::to_string(kMaxIterations) + ", got " + r.steady_state_bootstrap_iterations);
    s.bootstrap_iterations = *n;
  }
  c.steady_state = s;
}

}  // namespace aiperf
