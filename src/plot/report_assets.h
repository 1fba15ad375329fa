// report.html's static parts: our page's script, styles and shell (src/plot/report/) and the
// charting library (third_party/uplot/), compiled into the binary by cmake/embed_report.cmake so
// that `aiperf plot` needs no data files and the page needs no network.
#pragma once

#include <span>
#include <string_view>

namespace aiperf::plot {

struct ReportAsset {
  std::string_view name;  // the file's name: "report.js", "uPlot.iife.min.js"
  std::string_view text;  // its bytes
};

std::span<const ReportAsset> report_assets();

}  // namespace aiperf::plot
