#pragma once
// `aiperf speed-bench-report` (cli-and-load.md §1; docs/speed-bench-report.md): one value per
// (model, dataset) from the runs of SPEED-Bench (`speed_bench_<category>`) or the literature's
// acceptance-length sets (`spec_al_<name>`), as a model x category matrix with an Overall column.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace aiperf {

enum class SpeedBenchMetric { accept_length, accept_rate, throughput };

// What one run measured. The counts let cells and Overall pool runs exactly:
// acceptance length = 1 + accepted / steps, rate = accepted / drafted.
struct SpeedBenchRun {
  std::filesystem::path dir;
  std::string model;
  std::string category;  // "coding", "math500", ...
  std::optional<double> accepted, steps, drafted;  // spec-decode token counts, when known
  std::optional<double> accept_length;  // a direct value (SGLang's spec_accept_length gauge)
  std::optional<double> throughput;     // output_token_throughput, tokens/s
};

// The run in `dir` (its profile_export_aiperf.json, and server_metrics_export.json beside it), or
// nullopt with `why` set when it is not a SPEED-Bench / spec_al run or cannot be read.
//   counts: the per-request totals (total_accepted_draft_tokens, total_spec_decode_steps,
//   total_draft_tokens) when the server sent metrics.speculative_decoding; else the vLLM
//   counters vllm:spec_decode_num_accepted_tokens / _num_drafts / _num_draft_tokens of the
//   server scrape (their totals over the run).
std::optional<SpeedBenchRun> read_speed_bench_run(const std::filesystem::path& dir, std::string& why);

// Every directory under `root` (itself included) that holds profile_export_aiperf.json.
std::vector<std::filesystem::path> find_run_dirs(const std::filesystem::path& root);

struct SpeedBenchMatrix {
  std::vector<std::string> categories;  // columns, SPEED-Bench's order, then spec_al's, then others
  struct Row {
    std::string model;
    std::vector<std::optional<double>> cells;  // per category; none: no run
    std::optional<double> overall;
  };
  std::vector<Row> rows;  // models in first-seen order
};

// Several runs of one (model, category) pool into one cell. Overall pools every run of the model
// when all of them carry counts (a token-weighted value, as one long run would give), else it is
// the mean of the row's cells; throughput's Overall is the mean of its cells.
SpeedBenchMatrix build_speed_bench_matrix(const std::vector<SpeedBenchRun>& runs, SpeedBenchMetric metric);

std::string speed_bench_csv(const SpeedBenchMatrix& m);
std::string speed_bench_title(SpeedBenchMetric metric);  // "Acceptance Length Report", ...

}  // namespace aiperf
