#pragma once
// `aiperf analyze-trace --input-file F [--block-size 512] [--output-file OUT]`: prints the
// trace's statistics (dataset/trace_analysis.h) and, with --output-file, writes them as JSON
// with upstream's AnalysisStats field names.
#include <string>
#include <vector>

namespace aiperf {

// `args` excludes "analyze-trace". Returns the exit status; errors go to stderr as one line.
int run_analyze_trace_command(const std::vector<std::string>& args);

}  // namespace aiperf
