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
};

struct PublicDatasetInfo {
  std::string_view name;    // --public-dataset value
  PublicDatasetKind kind;
  std::string_view repo;    // HuggingFace dataset repository
  std::string_view subset;  // HF config (a folder of the snapshot); empty: none
  std::string_view split;
  std::string_view column;  // text_column: the prompt column
};

std::span<const PublicDatasetInfo> public_datasets();
const PublicDatasetInfo* find_public_dataset(std::string_view name);
// Upstream names that aiperf-cpp does not load yet (media, traces, templates): named as such in errors.
bool is_unimplemented_public_dataset(std::string_view name);
// "sharegpt, aimo, ..." for error messages and help.
std::string public_dataset_names();

// The ShareGPT file (upstream's download URL names it) and where it lives on the hub.
inline constexpr std::string_view kShareGptFile = "ShareGPT_V3_unfiltered_cleaned_split.json";

}  // namespace aiperf
