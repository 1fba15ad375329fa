#pragma once
// --synthesis-* (cli-and-load.md §3.9; docs/prompts.md): a hash-id trace (mooncake_trace,
// bailian_trace) reshaped row by row before its prompts are built. A block is "shared" when its
// hash id appears in more than one row; a row's shared prefix is its leading run of shared
// blocks, the rest of its input is its unique part.
//   prefix_len_multiplier  the shared prefix is stretched (or shrunk) to round(k·m) blocks; rows
//                          that shared t blocks still share about t·m of them.
//   prefix_root_multiplier each row joins one of R independent copies of the prefix trees
//                          (a seeded draw per row), so prefixes are shared within a copy only.
//   prompt_len_multiplier  the unique part's tokens are scaled.
//   output_len_multiplier  output lengths are scaled (at least 1).
//   speedup_ratio          timestamps and delays are divided by it.
//   max_isl                rows whose input, after the multipliers, is longer are skipped.
#include <cstdint>
#include <optional>
#include <string>
#include <random>
#include <unordered_map>
#include <vector>

#include "config/profile_config.h"

namespace aiperf {

class TraceSynthesis {
 public:
  TraceSynthesis(const DatasetSettings& settings, int64_t block_size);

  bool active() const { return active_; }
  // The multipliers that need to know which blocks are shared: the caller then passes every
  // row's hash ids to count() before the first reshape().
  bool needs_block_counts() const;
  void count(const std::vector<int64_t>& hash_ids);
  // A JSON Lines trace: when the multipliers need them, every row's `hash_ids` counted (one
  // pass over the file before the loader's own).
  void count_jsonl_blocks(const std::string& path);
  // After the loader's pass: the rows --synthesis-max-isl skipped, as a console note.
  void note_skipped(const std::string& path) const;

  struct Row {
    std::vector<int64_t> hash_ids;
    int64_t input_length = 0;
  };
  // Row `row` (0-based, in file order) reshaped, or nullopt when --synthesis-max-isl skips it.
  std::optional<Row> reshape(const std::vector<int64_t>& hash_ids, int64_t input_length, uint64_t row);
  int64_t output_length(int64_t recorded) const;
  double time_ms(double recorded_ms) const { return recorded_ms / speedup_; }

  uint64_t rows_skipped() const { return skipped_; }

 private:
  bool active_ = false;
  int64_t block_size_ = 1;
  double speedup_ = 1, prefix_mult_ = 1, prompt_mult_ = 1, output_mult_ = 1;
  int64_t roots_ = 1;
  std::optional<int64_t> max_isl_;
  uint64_t root_key_ = 0;
  std::unordered_map<int64_t, uint32_t> seen_;  // hash id -> rows holding it (capped at 2)
  uint64_t skipped_ = 0;
};

}  // namespace aiperf
