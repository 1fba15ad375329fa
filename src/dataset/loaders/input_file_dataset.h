#pragma once
// Datasets read from --input-file (workloads-and-endpoints.md §3), one loader per
// --custom-dataset-type in its own file. Every loader returns the rows in file order with
// each row's recorded send time, which the fixed schedule (timing/fixed_schedule.h) replays.
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "dataset/dataset.h"
#include "dataset/jsonl_rows.h"

namespace aiperf {

struct FileDataset {
  Dataset dataset;
  std::vector<std::optional<double>> timestamps_ms;  // parallel to dataset.entries; ms
  std::vector<size_t> lines;                          // parallel: 1-based line in the file (0: none)

  // Room for one entry per line of `path` (an upper bound): a million-row trace then never
  // holds its entries twice while the vector grows, and unused room is never touched.
  void reserve_lines_of(const std::string& path);
};

// Dispatches on config.custom_dataset_type. Throws ConfigError naming the file (and line)
// for a missing or empty file, invalid JSON, a missing or malformed field, or a row that
// needs a feature not implemented yet (multi-turn sessions, media, ...).
FileDataset load_input_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer);

// The per-format loaders behind load_input_file.
FileDataset load_single_turn_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_multi_turn_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_random_pool(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_mooncake_trace_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_bailian_trace_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_burst_gpt_trace_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_raw_payload_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_inputs_json_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_sagemaker_data_capture(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_weka_trace(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_tracelab(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_dag_jsonl_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer);
FileDataset load_baseten_trace_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer);

// Fields every single-turn trace row may carry, read the same way by each loader.
struct CommonRowFields {
  std::optional<double> timestamp_ms;
  std::optional<std::string> session_id;
};
CommonRowFields read_common_row_fields(const JsonlRow& row);

// Appends one entry with its row's common fields; rows without a session_id get upstream's
// generated ids (session_000000.. when seeded, else UUIDs).
void add_file_entry(FileDataset& out, const DatasetBuildSettings& config, const JsonlRow& row,
                    const CommonRowFields& common, DatasetEntry entry);

// --osl (with --osl-stddev) for rows that carry no output length of their own; nullopt
// when --osl is not set.
class FallbackOutputLength {
 public:
  explicit FallbackOutputLength(const DatasetBuildSettings& config);
  std::optional<int64_t> next();

 private:
  const DatasetBuildSettings& config_;
  std::mt19937_64 rng_;
};

}  // namespace aiperf
