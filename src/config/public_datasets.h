#pragma once
// The --public-dataset names aiperf-cpp can load (workloads-and-endpoints.md §4), with where
// each one's files come from. The files must already be on disk (docs/datasets.md): nothing is
// downloaded at run time.
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace aiperf {

enum class PublicDatasetKind {
  sharegpt,     // one JSON file of conversations, every human->gpt pair a turn
  text_column,  // a HuggingFace dataset split; one text column, one single-turn request per row
  h_cua_perf,   // computer-use agent traces, verbatim multi-turn chat requests (h_cua_perf_loader.cpp)
  mt_bench,     // a list column of user turns, one multi-turn conversation per row (mt_bench_loader.cpp)
  blazedit,     // code + change request filled into our edit template (blazedit_loader.cpp)
  spec_bench,   // SpecBench question.jsonl from the dataset cache (spec_bench_loader.cpp)
  weka_hf,      // each row / .json file of an HF dataset is one weka trace (weka_hf_loader.cpp)
  speed_bench,  // SPEED-Bench turns or chat messages, placeholders refused (speed_bench_loader.cpp)
  speech,       // ASR: each row's `audio` as a WAV clip + a fixed prompt (speech_dataset_loader.cpp)
  vision,       // text + first image / video of each row, one chat request (vision_dataset_loader.cpp)
};

struct PublicDatasetInfo {
  std::string_view name;    // --public-dataset value
  PublicDatasetKind kind;
  std::string_view repo;    // HuggingFace dataset repository
  std::string_view subset;  // HF config (a folder of the snapshot); empty: none
  std::string_view split;
  std::string_view column;  // text_column: the prompt column
  std::string_view filters = {};  // --dataset-filter keys it declares, comma-separated; empty: none
};

std::span<const PublicDatasetInfo> public_datasets();
// Exact names, plus the name families semianalysis_cc_traces_weka_<rest> and speed_bench_<variant>
// (one shared entry each; the repo / subset then come from weka_hf_repo_for / speed_bench_variant).
const PublicDatasetInfo* find_public_dataset(std::string_view name);
// semianalysis_cc_traces_weka_<rest> -> "semianalysisai/cc-traces-weka-<rest>" ('_' -> '-');
// empty for any other name.
std::string weka_hf_repo_for(std::string_view name);
// What a speed_bench_* name selects in nvidia/SPEED-Bench: the HF config, and the rows kept
// (category for the 11 qualitative domains, entropy tier for throughput_* variants; empty: all).
struct SpeedBenchVariant {
  std::string subset;
  std::string category;
  std::string tier;
};
std::optional<SpeedBenchVariant> speed_bench_variant(std::string_view name);
// Upstream names that aiperf-cpp does not load yet (media, traces, templates): named as such in errors.
bool is_unimplemented_public_dataset(std::string_view name);
// "sharegpt, aimo, ..." for error messages and help.
std::string public_dataset_names();

// The ShareGPT file (upstream's download URL names it) and where it lives on the hub.
inline constexpr std::string_view kShareGptFile = "ShareGPT_V3_unfiltered_cleaned_split.json";

}  // namespace aiperf
