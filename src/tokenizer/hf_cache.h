#pragma once
// The HuggingFace hub cache layout, shared with huggingface_hub so users' existing caches work:
//   <cache>/models--<org>--<name>/refs/<revision>          the commit hash a branch/tag points at
//   <cache>/models--<org>--<name>/blobs/<sha256>           file contents
//   <cache>/models--<org>--<name>/snapshots/<commit>/<file> symlink ../../blobs/<sha256>
// (huggingface_hub names blobs by ETag; any name works for readers, which follow the symlink.)
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace aiperf::hf_cache {

// True for a full 40-hex-digit git commit id, which names a snapshot directly.
bool is_commit_hash(std::string_view revision);

// <cache>/models--org--name
std::filesystem::path repo_dir(const std::filesystem::path& cache, const std::string& repo_id);

// The cached file for (repo, revision), or nullopt when the cache lacks it.
std::optional<std::filesystem::path> find_file(const std::filesystem::path& cache, const std::string& repo_id,
                                               const std::string& revision, const std::string& filename);

// Writes `content` as <filename> of snapshot `commit` and points refs/<revision> at it. Every
// step is write-to-temporary + rename, so a concurrent reader or a crash never sees a partial
// file. Falls back to a plain file copy where symlinks cannot be made. Returns the snapshot
// path. Throws std::runtime_error naming the path on I/O failure.
std::filesystem::path store_file(const std::filesystem::path& cache, const std::string& repo_id,
                                 const std::string& revision, const std::string& commit,
                                 const std::string& filename, std::string_view content);

}  // namespace aiperf::hf_cache
