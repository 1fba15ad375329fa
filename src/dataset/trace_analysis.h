#pragma once
// `aiperf analyze-trace` (cli-and-load.md §1, workloads-and-endpoints.md §3.4): what a
// mooncake trace asks of a server before it is replayed — ISL/OSL distributions, arrival
// gaps, and how much of its prompts an unbounded prefix cache could serve.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aiperf {

// One distribution as upstream reports it: numpy mean, population std, min, linear-interpolated
// P25/median/P75, max. `count` is ours (how many values the row summarises).
struct TraceDistribution {
  size_t count = 0;
  double mean = 0, std_dev = 0, min = 0, p25 = 0, median = 0, p75 = 0, max = 0;
};

// nullopt for an empty series (upstream prints N/A and writes null).
std::optional<TraceDistribution> distribution_stats(std::vector<double> values);

// One trace row as the analysis needs it.
struct TraceRowShape {
  int64_t input_length = 0;
  std::optional<int64_t> output_length;
  std::vector<int64_t> hash_ids;
  std::optional<double> timestamp_ms;
};

struct TraceAnalysis {
  // Upstream's AnalysisStats, same names and meanings.
  size_t total_requests = 0;
  size_t unique_prefixes = 0;      // distinct hash_id prefixes (every hash_ids[:i], i >= 1)
  double cache_hit_rate = 0;       // mean over rows with hash_ids of their prefix hit rate
  int64_t min_isl = 0, max_isl = 0;
  double avg_isl = 0;
  int64_t min_osl = 0, max_osl = 0;
  double avg_osl = 0;
  double prefix_reuse_ratio = 0;   // prefix occurrences whose prefix occurs more than once / all
  std::optional<TraceDistribution> isl_stats, osl_stats, context_length_stats, unique_prompt_length_stats,
      hit_rate_stats;
  // Ours.
  int64_t block_size = 0;
  uint64_t total_blocks = 0;       // sum of len(hash_ids)
  uint64_t hit_blocks = 0;         // blocks an unbounded prefix cache already held on arrival
  double block_hit_rate = 0;       // hit_blocks / total_blocks
  std::optional<TraceDistribution> inter_arrival_stats;  // ms between consecutive timestamps
};

// Rows are taken in file order, which is arrival order in a mooncake trace. A row's prefix
// hit rate is k / len(hash_ids), k being the position of its first hash id not seen in an
// earlier row (len when all were seen); all its ids are then marked seen.
TraceAnalysis analyze_trace_rows(const std::vector<TraceRowShape>& rows, int64_t block_size);

// Reads a mooncake JSONL trace. Throws ConfigError naming `--input-file`, the file and the
// line for invalid JSON, a row without `input_length`, a malformed field, or hash_ids that
// do not fit input_length at `block_size` (the last block would be empty).
std::vector<TraceRowShape> read_trace_row_shapes(const std::string& path, int64_t block_size);

}  // namespace aiperf
