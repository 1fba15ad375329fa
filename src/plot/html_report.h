// report.html: one self-contained page (no network: the charting library, our script, styles
// and data are all inside) with the run's or the sweep's charts, interactive, and the goodput
// explorer (a TTFT-against-ITL scatter with a draggable SLO box whose goodput readout is
// computed as `aiperf profile --goodput` computes it: valid requests meeting every SLO, over
// benchmark_duration).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plot/chart.h"
#include "plot/request_table.h"

namespace aiperf::plot {

struct ReportRun {
  std::string name{};                       // run directory name, or the sweep cell's label
  const RequestTable* requests = nullptr; // may be null (a sweep cell whose records were not exported)
  std::optional<double> benchmark_duration_s{};  // goodput's denominator (profile_export_aiperf.json)
  std::optional<double> request_throughput{};    // as exported, for the readout's "throughput"
  std::optional<double> slo_ttft_ms{};      // the run's own --goodput SLOs, where it had them:
  std::optional<double> slo_itl_ms{};       // the explorer's box starts there
  std::optional<double> goodput{};          // the run's exported goodput, shown beside the explorer's
  // profile_export_aiperf.json (null when absent): the multi-run charts' points are
  // summary[Axis::metric][stat] of their runs, so the page can switch the statistic.
  nlohmann::json summary{};
};

struct ReportInput {
  std::string title{};     // "aiperf report: <dir>"
  std::string mode{};      // "single" | "multi"
  std::string theme{};     // "light" | "dark" (initial; the page can switch)
  std::vector<Chart> charts{};
  std::vector<ReportRun> runs{};
  nlohmann::json extra{};  // free-form facts shown in the header (model, endpoint, date)
};

// Throws std::runtime_error naming the file when it cannot be written.
void write_html_report(const ReportInput& input, const std::filesystem::path& file);

}  // namespace aiperf::plot
