#pragma once
// --public-dataset (workloads-and-endpoints.md §4), read from files already on disk: aiperf-cpp
// downloads no dataset. Where each one is looked for is in docs/datasets.md.
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "config/public_datasets.h"
#include "dataset/dataset.h"

namespace aiperf {

// Builds config.public_dataset's conversations. Counts of skipped or dropped rows go to
// `notes`. Throws ConfigError with one line naming the dataset and file (and row) for a
// missing file (with every directory searched), a format aiperf-cpp cannot read, or bad data.
Dataset load_public_dataset(const ProfileConfig& config, const Tokenizer& tokenizer, std::ostream& notes);

// ShareGPT (§4): the JSON list of {"conversations": [{"from", "value"}...]} at `path`.
Dataset load_sharegpt_file(const std::string& path, const ProfileConfig& config, const Tokenizer& tokenizer,
                           std::ostream& notes);

// One text column of the files of one HF split, a single-turn request per row.
Dataset load_text_column_files(const std::vector<std::filesystem::path>& files, const std::string& column,
                               const ProfileConfig& config);

// Where the files are looked for.
struct DatasetSearch {
  std::vector<std::filesystem::path> searched;  // in order, for the error message
  std::optional<std::filesystem::path> found;
};
// The ShareGPT JSON: $AIPERF_DATASET_CACHE_DIR (when set), ./.cache/aiperf/datasets,
// ~/.cache/aiperf/datasets, then the HF hub cache snapshot of the ShareGPT repo.
DatasetSearch find_sharegpt_file();
// <hub cache>/datasets--org--name/snapshots/<commit of refs/main, else the newest snapshot>.
DatasetSearch find_hf_dataset_snapshot(const std::string& repo);
// The data files (.json, .jsonl, .csv, .parquet) of `split` in a snapshot, within the folder
// `subset` when one exists (HF's split-name file patterns); sorted by path.
std::vector<std::filesystem::path> hf_split_files(const std::filesystem::path& snapshot, const std::string& subset,
                                                  bool subset_required, const std::string& split);

}  // namespace aiperf
