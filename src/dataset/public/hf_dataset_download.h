#pragma once
// --public-dataset files fetched by name from the HuggingFace hub (workloads-and-endpoints.md §4):
// the cached snapshot when it holds the split, else the split's files listed with the hub API and
// downloaded into the hub cache (huggingface_hub's layout, hf_cache.h) with the tokenizer
// download's client, token and offline rules (HubSettings). docs/datasets.md says more.
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tokenizer/tokenizer_source.h"

namespace aiperf {

// HF's auto-converted Parquet copy of every dataset: <config>/<split>/NNNN.parquet.
inline constexpr std::string_view kParquetBranch = "refs/convert/parquet";

// The data files of `split` (within the folder `subset` when there is one: subset_required says
// it must exist, as for an explicit --hf-subset) of the dataset repo `repo`, sorted by path:
// from the cache when there, else downloaded (announced on `notes`), from the Parquet branch
// when the repo's own files hold no such split. JSON / JSONL / CSV files win over Parquet files
// of the same split (which are then named in a note). Throws ConfigError, one line starting
// with `option` (e.g. "--public-dataset aimo"): offline and not cached, HTTP 401/403 (naming
// HF_TOKEN), not found, no file for the split, network failure, a corrupt download.
std::vector<std::filesystem::path> hf_dataset_split_files(const std::string& option, const std::string& repo,
                                                          const std::string& subset, bool subset_required,
                                                          const std::string& split, const HubSettings& hub,
                                                          std::ostream& notes);

// Named files of the dataset repo's `main` branch, downloaded into the hub cache, for callers
// that found none of them on disk: every file of `wanted` the repo has, in that order. Throws
// ConfigError (as above) when the first is not in the repo, or HF_HUB_OFFLINE is set (the
// message then opens with `missing`: what the caller looked for and where).
std::vector<std::filesystem::path> hf_dataset_download_named(const std::string& option, const std::string& repo,
                                                             const std::vector<std::string>& wanted,
                                                             const std::string& missing, const HubSettings& hub,
                                                             std::ostream& notes);

// A file from outside the hub (SpecBench's question.jsonl on GitHub) fetched from `url` into
// `target` (streamed to a temporary, then renamed), with no token; announced on `notes`.
// Refused under HF_HUB_OFFLINE (the message opens with `missing`), errors as above.
std::filesystem::path download_url_file(const std::string& option, const std::string& url,
                                        const std::filesystem::path& target, const std::string& missing,
                                        const HubSettings& hub, std::ostream& notes);

// --- the pieces, for tests ---

// A file of a hub listing: its path in the repo and, when the hub says, its size and SHA-256
// (LFS files carry one).
struct HubFile {
  std::string path;
  std::optional<uint64_t> size;
  std::string sha256;
};
struct HubListing {
  std::string commit;  // the revision's commit ("sha")
  std::vector<HubFile> files;
};
// GET {endpoint}/api/datasets/{repo}/revision/{revision}?blobs=true (revision percent-encoded:
// refs%2Fconvert%2Fparquet) answers {"sha", "siblings": [{"rfilename", "size", "lfs": {"sha256"}}]}.
std::string hub_dataset_info_url(const std::string& endpoint, const std::string& repo, const std::string& revision);
// Throws std::runtime_error for a body that is not such an object.
HubListing parse_hub_dataset_info(const std::string& body);
// {endpoint}/datasets/{repo}/resolve/{commit}/{path, each segment percent-encoded}
std::string hub_dataset_file_url(const std::string& endpoint, const std::string& repo, const std::string& commit,
                                 const std::string& path);

// hf_split_files' rules on repo-relative '/'-separated paths (a listing, or a snapshot's files),
// hidden folders (.git, .cache) left out; sorted.
std::vector<std::string> select_hf_split_files(const std::vector<std::string>& relative_paths,
                                               const std::string& subset, bool subset_required,
                                               const std::string& split);
// The Parquet branch's folder for `subset`: itself when named, else "default", else the only
// config folder of `relative_paths`; empty when none fits.
std::string parquet_branch_config(const std::vector<std::string>& relative_paths, const std::string& subset);
// JSON / JSONL / CSV files when the selection has any, else its Parquet files; `dropped` gets the rest.
std::vector<std::string> prefer_text_files(const std::vector<std::string>& selected, std::vector<std::string>& dropped);

}  // namespace aiperf
