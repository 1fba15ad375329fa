#include "app/analyze_trace_command.h"

#include <CLI/CLI.hpp>
#include <unistd.h>

#include <exception>
#include <filesystem>
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>

#include "cli/subcommand_parse.h"
#include "dataset/trace_analysis.h"
#include "export/atomic_file.h"
#include "export/console_table.h"
#include "export/number_format.h"

namespace aiperf {
namespace {

nlohmann::ordered_json stats_json(const std::optional<TraceDistribution>& s) {
  if (!s) return nullptr;
  return {{"mean", s->mean}, {"std_dev", s->std_dev}, {"min", s->min},   {"p25", s->p25},
          {"median", s->median}, {"p75", s->p75},     {"max", s->max}, {"count", s->count}};
}

// Upstream's AnalysisStats fields in upstream's order, then ours.
std::string analysis_json(const TraceAnalysis& a) {
  nlohmann::ordered_json j;
  j["total_requests"] = a.total_requests;
  j["unique_prefixes"] = a.unique_prefixes;
  j["cache_hit_rate"] = a.cache_hit_rate;
  j["min_isl"] = a.min_isl;
  j["max_isl"] = a.max_isl;
  j["avg_isl"] = a.avg_isl;
  j["min_osl"] = a.min_osl;
  j["max_osl"] = a.max_osl;
  j["avg_osl"] = a.avg_osl;
  j["prefix_reuse_ratio"] = a.prefix_reuse_ratio;
  j["isl_stats"] = stats_json(a.isl_stats);
  j["osl_stats"] = stats_json(a.osl_stats);
  j["context_length_stats"] = stats_json(a.context_length_stats);
  j["unique_prompt_length_stats"] = stats_json(a.unique_prompt_length_stats);
  j["hit_rate_stats"] = stats_json(a.hit_rate_stats);
  j["block_size"] = a.block_size;
  j["total_blocks"] = a.total_blocks;
  j["hit_blocks"] = a.hit_blocks;
  j["block_hit_rate"] = a.block_hit_rate;
  j["inter_arrival_time_stats"] = stats_json(a.inter_arrival_stats);
  return j.dump(2) + "\n";
}

std::vector<std::string> stats_row(const std::string& name, const std::optional<TraceDistribution>& s) {
  if (!s) return {name, "N/A", "N/A", "N/A", "N/A", "N/A", "N/A", "N/A", "0"};
  return {name,
          format_grouped_2f(s->mean),
          format_grouped_2f(s->std_dev),
          format_grouped_2f(s->min),
          format_grouped_2f(s->p25),
          format_grouped_2f(s->median),
          format_grouped_2f(s->p75),
          format_grouped_2f(s->max),
          format_grouped_int(int64_t(s->count))};
}

std::string percent(double fraction) { return format_grouped_2f(fraction * 100.0) + "%"; }

std::string console_report(const TraceAnalysis& a, bool color) {
  ConsoleTable t;
  t.title = "Trace Statistics";
  t.columns.push_back({"Metric", Justify::right, "36"});
  for (const char* c : {"Mean", "Std Dev", "Min", "P25", "Median", "P75", "Max", "Count"})
    t.columns.push_back({c, Justify::right, "32"});
  t.rows.push_back(stats_row("Input Length", a.isl_stats));
  t.rows.push_back(stats_row("Context Length", a.context_length_stats));
  t.rows.push_back(stats_row("Unique Prompt Length", a.unique_prompt_length_stats));
  t.rows.push_back(stats_row("Output Length", a.osl_stats));
  t.rows.push_back(stats_row("Theoretical Hit Rates", a.hit_rate_stats));
  t.rows.push_back(stats_row("Inter-Arrival Time (ms)", a.inter_arrival_stats));
  std::string out = "\nTrace Analysis Report\n";
  out += "Total requests:  " + format_grouped_int(int64_t(a.total_requests)) + "\n";
  out += "Unique prefixes: " + format_grouped_int(int64_t(a.unique_prefixes)) + "\n";
  out += "Block size:      " + format_grouped_int(a.block_size) + " tokens\n";
  out += "Theoretical cache hit rate: " + percent(a.cache_hit_rate) + " (mean per request), " +
         percent(a.block_hit_rate) + " of blocks (" + format_grouped_int(int64_t(a.hit_blocks)) + " of " +
         format_grouped_int(int64_t(a.total_blocks)) + ")\n";
  out += "Prefix reuse ratio:         " + percent(a.prefix_reuse_ratio) + "\n\n";
  out += render_table(t, 120, color);  // upstream's console is 120 columns wide
  return out + "\n";
}

}  // namespace

int run_analyze_trace_command(const std::vector<std::string>& args) {
  CLI::App app("Analyze a mooncake trace: ISL/OSL distributions and theoretical prefix-cache hit rates.",
               "aiperf analyze-trace");
  std::string input_file, output_file;
  int64_t block_size = 512;
  app.add_option("--input-file", input_file, "Mooncake trace JSONL file")->required();
  app.add_option("--block-size", block_size, "Tokens per hash_id block (default 512)");
  app.add_option("--output-file", output_file, "Also write the analysis as JSON to this file");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "analyze-trace")) return *exit_code;
  if (block_size < 1) {
    std::cerr << "error: analyze-trace: --block-size must be >= 1, got " << block_size << "\n";
    return 1;
  }
  try {
    const TraceAnalysis a = analyze_trace_rows(read_trace_row_shapes(input_file, block_size), block_size);
    std::cout << console_report(a, isatty(STDOUT_FILENO) == 1);
    if (!output_file.empty()) {
      const std::filesystem::path out(output_file);
      if (out.has_parent_path()) std::filesystem::create_directories(out.parent_path());
      write_file_atomically(out, analysis_json(a));
      std::cout << "Analysis report saved to " << output_file << "\n";
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace aiperf
