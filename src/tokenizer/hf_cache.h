#pragma once
// The HuggingFace hub cache layout, shared with huggingface_hub so users' existing caches work:
//   <cache>/<type>s--<org>--<name>/refs/<revision>          the commit hash a branch/tag points at
//   <cache>/<type>s--<org>--<name>/blobs/<sha256>           file contents
//   <cache>/<type>s--<org>--<name>/snapshots/<commit>/<file> symlink ../../blobs/<sha256>
// with <type> model (tokenizers) or dataset (--public-dataset). A revision "refs/convert/parquet"
// is the file refs/refs/convert/parquet, as huggingface_hub writes it. (huggingface_hub names
// blobs by ETag; any name works for readers, which follow the symlink.)
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace aiperf::hf_cache {

enum class RepoType { model, dataset };

// True for a full 40-hex-digit git commit id, which names a snapshot directly.
bool is_commit_hash(std::string_view revision);

// <cache>/models--org--name or <cache>/datasets--org--name
std::filesystem::path repo_dir(const std::filesystem::path& cache, const std::string& repo_id,
                               RepoType type = RepoType::model);

// The commit refs/<revision> names (a commit hash names itself), or nullopt when there is none.
std::optional<std::string> resolve_revision(const std::filesystem::path& cache, const std::string& repo_id,
                                            const std::string& revision, RepoType type = RepoType::model);

// The cached file for (repo, revision), or nullopt when the cache lacks it.
std::optional<std::filesystem::path> find_file(const std::filesystem::path& cache, const std::string& repo_id,
                                               const std::string& revision, const std::string& filename,
                                               RepoType type = RepoType::model);

// Writes `content` as <filename> of snapshot `commit` and points refs/<revision> at it. Every
// step is write-to-temporary + rename, so a concurrent reader or a crash never sees a partial
// file. Falls back to a plain file copy where symlinks cannot be made. Returns the snapshot
// path. Throws std::runtime_error naming the path on I/O failure.
std::filesystem::path store_file(const std::filesystem::path& cache, const std::string& repo_id,
                                 const std::string& revision, const std::string& commit,
                                 const std::string& filename, std::string_view content,
                                 RepoType type = RepoType::model);

// A blob written a chunk at a time (files too big for memory) into a temporary in blobs/, named
// by its SHA-256 once commit() renames it into place; dropped without commit() (an error, an
// interrupted download) the temporary is removed. Throws std::runtime_error naming the path.
class BlobWriter {
 public:
  BlobWriter(const std::filesystem::path& cache, const std::string& repo_id, RepoType type);
  ~BlobWriter();
  BlobWriter(const BlobWriter&) = delete;
  BlobWriter& operator=(const BlobWriter&) = delete;

  void write(std::string_view chunk);
  uint64_t size() const { return size_; }
  // The content's SHA-256 (lower-case hex) before commit(), to check it against the hub's.
  std::string sha256();
  // Renames the temporary to blobs/<sha256>; returns the blob name.
  std::string commit();

 private:
  std::filesystem::path blobs_, tmp_;
  std::ofstream out_;
  struct Digest;
  std::unique_ptr<Digest> digest_;
  std::string sha256_;
  uint64_t size_ = 0;
  bool committed_ = false;
};

// Points snapshots/<commit>/<filename> at blobs/<blob> (a relative symlink, or a copy where
// symlinks cannot be made); atomic. Returns the snapshot path. Throws for a filename that is
// absolute or holds "." or ".." (a hub listing must not write outside the snapshot).
std::filesystem::path link_snapshot_file(const std::filesystem::path& cache, const std::string& repo_id,
                                         RepoType type, const std::string& commit, const std::string& filename,
                                         const std::string& blob);

// Writes refs/<revision> = commit (nothing for a revision that is the commit itself); atomic.
void write_ref(const std::filesystem::path& cache, const std::string& repo_id, RepoType type,
               const std::string& revision, const std::string& commit);

}  // namespace aiperf::hf_cache
