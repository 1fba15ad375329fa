#pragma once
// `aiperf speed-bench-report PATH... [--output speed_bench_report.csv] [--format csv|table|both]
// [--metric accept_length|accept_rate|throughput]`: the model x category matrix of SPEED-Bench and
// spec_al runs (export/speed_bench_matrix.h; docs/speed-bench-report.md).
#include <string>
#include <vector>

namespace aiperf {

// `args` excludes "speed-bench-report". Exit 1 when no SPEED-Bench run is found under the paths
// or an option is bad; runs that are not SPEED-Bench runs are listed as skipped, not fatal.
int run_speed_bench_report_command(const std::vector<std::string>& args);

}  // namespace aiperf
