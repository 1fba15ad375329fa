#pragma once
// --public-dataset (workloads-and-endpoints.md §4): read from the caches, where missing files are
// first downloaded (dataset/public/hf_dataset_download.h). Where each one is looked for is in
// docs/datasets.md.
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
Dataset load_public_dataset(const DatasetBuildSettings& config, const Tokenizer& tokenizer, std::ostream& notes);

// ShareGPT (§4): the JSON list of {"conversations": [{"from", "value"}...]} at `path`.
Dataset load_sharegpt_file(const std::string& path, const DatasetBuildSettings& config, const Tokenizer& tokenizer,
                           std::ostream& notes);

// One text column of the files of one HF split, a single-turn request per row.
Dataset load_text_column_files(const std::vector<std::filesystem::path>& files, const std::string& column,
                               const DatasetBuildSettings& config);

// h_cua_perf (§3.11) from its trace file (.jsonl.zst or .jsonl), with the manifest
// h_cua.meta.json read from beside it when there.
Dataset load_h_cua_perf_files(const std::filesystem::path& trace, const DatasetBuildSettings& config, std::ostream& notes);

// spec_al_mtbench: each row's `prompt` list is one conversation, a turn per text. On a non-chat
// endpoint only first turns are kept; `unsent_turns` counts the others.
Dataset load_mt_bench_files(const std::vector<std::filesystem::path>& files, const DatasetBuildSettings& config,
                            size_t& unsent_turns);
// blazedit_*: each row's `code` and `change` filled into blazedit_prompt, one request per row.
std::string blazedit_prompt(std::string_view code, std::string_view change_request);
Dataset load_blazedit_files(const std::vector<std::filesystem::path>& files, const DatasetBuildSettings& config);
// spec_bench: SpecBench question.jsonl, the first of each row's `turns`.
Dataset load_spec_bench_file(const std::filesystem::path& file, const DatasetBuildSettings& config);
// weka_hf / semianalysis_cc_traces_weka_*: every row is one weka trace (§3.9). `note` gets what
// the reconstruction left out, or empty.
Dataset load_weka_hf_files(const std::vector<std::filesystem::path>& files, const DatasetBuildSettings& config,
                           const Tokenizer& tokenizer, std::string& note);
// speed_bench_*: the rows `variant` selects, as conversations of their user texts; throws when
// any row holds placeholder text (is_speed_bench_placeholder, or the same text in every row).
bool is_speed_bench_placeholder(std::string_view text);
Dataset load_speed_bench_files(const std::vector<std::filesystem::path>& files, const SpeedBenchVariant& variant,
                               const DatasetBuildSettings& config, size_t& unsent_turns);

// librispeech, voxpopuli, gigaspeech, ami, spgispeech: one request per row's `audio` clip
// (16-bit PCM WAV, its own rate and channels) with kSpeechPrompt; clips longer than
// kMaxSpeechClipSeconds are skipped and counted in `too_long`.
inline constexpr std::string_view kSpeechPrompt = "Transcribe this audio.";
inline constexpr double kMaxSpeechClipSeconds = 30.0;
Dataset load_speech_files(const std::vector<std::filesystem::path>& files, const DatasetBuildSettings& config,
                          size_t& too_long);
// mmstar, mmvu, vision_arena, llava_onevision: each row's text and first image (mmvu: video)
// as one chat request; stops after --num-dataset-entries rows. `without_media` counts rows
// that had none (sent as text only).
Dataset load_vision_files(const std::vector<std::filesystem::path>& files, const DatasetBuildSettings& config,
                          size_t& without_media);

// Where the files are looked for.
struct DatasetSearch {
  std::vector<std::filesystem::path> searched;  // in order, for the error message
  std::optional<std::filesystem::path> found;
};
// The ShareGPT JSON: $AIPERF_DATASET_CACHE_DIR (when set), ./.cache/aiperf/datasets,
// ~/.cache/aiperf/datasets, then the HF hub cache snapshot of the ShareGPT repo.
DatasetSearch find_sharegpt_file();
// h_cua.jsonl.zst, else h_cua.jsonl: in $AIPERF_DATASET_CACHE_DIR (when set), then in the HF
// hub cache snapshot of Hcompany/h_cua_perf.
DatasetSearch find_h_cua_perf_trace();
// spec_bench/question.jsonl in $AIPERF_DATASET_CACHE_DIR (when set), ./.cache/aiperf/datasets,
// then ~/.cache/aiperf/datasets.
inline constexpr std::string_view kSpecBenchFile = "spec_bench/question.jsonl";
inline constexpr std::string_view kSpecBenchUrl =
    "https://raw.githubusercontent.com/hemingkx/Spec-Bench/main/data/spec_bench/question.jsonl";
DatasetSearch find_spec_bench_file();
// <hub cache>/datasets--org--name/snapshots/<commit of refs/main, else the newest snapshot>, in
// the cache HubSettings::from_env() names, or in `cache`.
DatasetSearch find_hf_dataset_snapshot(const std::string& repo);
DatasetSearch find_hf_dataset_snapshot(const std::string& repo, const std::filesystem::path& cache);
// The data files (.json, .jsonl, .csv, .parquet) of `split` in a snapshot, within the folder
// `subset` when one exists (select_hf_split_files: HF's split-name file patterns); sorted by path.
std::vector<std::filesystem::path> hf_split_files(const std::filesystem::path& snapshot, const std::string& subset,
                                                  bool subset_required, const std::string& split);

}  // namespace aiperf
