#include "tokenizer/hf_cache.h"

#include <openssl/evp.h>
#include <unistd.h>

#include <atomic>
#include <stdexcept>
#include <system_error>

namespace aiperf::hf_cache {
namespace {

namespace fs = std::filesystem;

std::string hex_of(const unsigned char* digest, unsigned int len) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < len; ++i) {
    out.push_back(hex[digest[i] >> 4]);
    out.push_back(hex[digest[i] & 15]);
  }
  return out;
}

std::string sha256_hex(std::string_view content) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_Digest(content.data(), content.size(), digest, &len, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 of a downloaded file failed");
  }
  return hex_of(digest, len);
}

// Unique per process and call, so concurrent writers never share a temporary.
fs::path temporary_beside(const fs::path& target) {
  static std::atomic<unsigned> counter{0};
  return target.string() + ".incomplete." + std::to_string(::getpid()) + "." + std::to_string(counter++);
}

void write_atomically(const fs::path& target, std::string_view content) {
  fs::path tmp = temporary_beside(target);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.close();
    if (!out) {
      std::error_code ignored;
      fs::remove(tmp, ignored);
      throw std::runtime_error(tmp.string() + ": cannot write HuggingFace cache file");
    }
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw std::runtime_error(target.string() + ": cannot write HuggingFace cache file: " + ec.message());
  }
}

// A relative path that stays where it is put: no "..", ".", empty or absolute parts.
fs::path contained(const std::string& relative, const char* what) {
  fs::path rel(relative);
  if (relative.empty() || rel.is_absolute()) throw std::runtime_error("bad " + std::string(what) + " '" + relative + "'");
  for (const auto& part : rel) {
    if (part == ".." || part == "." || part.empty()) throw std::runtime_error("bad " + std::string(what) + " '" + relative + "'");
  }
  return rel;
}

// A revision may be "refs/pr/1"; it must still stay inside refs/.
fs::path ref_path(const fs::path& repo, const std::string& revision) {
  return repo / "refs" / contained(revision, "revision");
}

void check_commit(const std::string& commit, const std::string& repo_id) {
  if (commit.empty() || commit.find('/') != std::string::npos || commit == "." || commit == "..") {
    throw std::runtime_error("bad commit id '" + commit + "' for " + repo_id);
  }
}

fs::path make_snapshot_dir(const fs::path& repo, const std::string& commit, const fs::path& file) {
  std::error_code ec;
  fs::create_directories(repo / "blobs", ec);
  if (!ec) fs::create_directories(file.parent_path(), ec);
  if (ec) throw std::runtime_error(repo.string() + ": cannot create HuggingFace cache directory: " + ec.message());
  return repo / "snapshots" / commit;
}

}  // namespace

bool is_commit_hash(std::string_view revision) {
  return revision.size() == 40 && revision.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

fs::path repo_dir(const fs::path& cache, const std::string& repo_id, RepoType type) {
  std::string folder = type == RepoType::dataset ? "datasets" : "models";
  size_t start = 0;
  while (start <= repo_id.size()) {
    size_t slash = repo_id.find('/', start);
    folder += "--" + repo_id.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return cache / folder;
}

std::optional<std::string> resolve_revision(const fs::path& cache, const std::string& repo_id,
                                            const std::string& revision, RepoType type) {
  if (is_commit_hash(revision)) return revision;
  std::ifstream in(ref_path(repo_dir(cache, repo_id, type), revision));
  std::string commit;
  in >> commit;  // huggingface_hub writes the bare hash; tolerate trailing whitespace
  if (commit.empty() || commit.find('/') != std::string::npos || commit == "." || commit == "..") return std::nullopt;
  return commit;
}

std::optional<fs::path> find_file(const fs::path& cache, const std::string& repo_id, const std::string& revision,
                                  const std::string& filename, RepoType type) {
  std::optional<std::string> commit = resolve_revision(cache, repo_id, revision, type);
  if (!commit) return std::nullopt;
  fs::path file = repo_dir(cache, repo_id, type) / "snapshots" / *commit / filename;
  std::error_code ec;
  if (fs::is_regular_file(file, ec)) return file;  // follows the blob symlink
  return std::nullopt;
}

fs::path store_file(const fs::path& cache, const std::string& repo_id, const std::string& revision,
                    const std::string& commit, const std::string& filename, std::string_view content, RepoType type) {
  fs::path repo = repo_dir(cache, repo_id, type);
  check_commit(commit, repo_id);
  make_snapshot_dir(repo, commit, repo / "snapshots" / commit / contained(filename, "file name"));
  std::string blob_name = sha256_hex(content);
  fs::path blob = repo / "blobs" / blob_name;
  std::error_code ec;
  if (!fs::is_regular_file(blob, ec) || fs::file_size(blob, ec) != content.size()) write_atomically(blob, content);
  fs::path file = link_snapshot_file(cache, repo_id, type, commit, filename, blob_name);
  write_ref(cache, repo_id, type, revision, commit);
  return file;
}

struct BlobWriter::Digest {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  ~Digest() { EVP_MD_CTX_free(ctx); }
};

BlobWriter::BlobWriter(const fs::path& cache, const std::string& repo_id, RepoType type)
    : blobs_(repo_dir(cache, repo_id, type) / "blobs"), digest_(std::make_unique<Digest>()) {
  std::error_code ec;
  fs::create_directories(blobs_, ec);
  if (ec) throw std::runtime_error(blobs_.string() + ": cannot create HuggingFace cache directory: " + ec.message());
  tmp_ = temporary_beside(blobs_ / "download");
  out_.open(tmp_, std::ios::binary | std::ios::trunc);
  if (!out_ || digest_->ctx == nullptr || EVP_DigestInit_ex(digest_->ctx, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error(tmp_.string() + ": cannot write HuggingFace cache file");
  }
}

BlobWriter::~BlobWriter() {
  if (committed_) return;
  out_.close();
  std::error_code ignored;
  fs::remove(tmp_, ignored);
}

void BlobWriter::write(std::string_view chunk) {
  out_.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
  if (!out_) throw std::runtime_error(tmp_.string() + ": cannot write HuggingFace cache file (disk full?)");
  EVP_DigestUpdate(digest_->ctx, chunk.data(), chunk.size());
  size_ += chunk.size();
}

std::string BlobWriter::sha256() {
  if (sha256_.empty()) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (EVP_DigestFinal_ex(digest_->ctx, digest, &len) != 1) throw std::runtime_error("SHA-256 of a download failed");
    sha256_ = hex_of(digest, len);
  }
  return sha256_;
}

std::string BlobWriter::commit() {
  std::string name = sha256();
  out_.close();
  if (!out_) throw std::runtime_error(tmp_.string() + ": cannot write HuggingFace cache file");
  std::error_code ec;
  fs::rename(tmp_, blobs_ / name, ec);
  if (ec) throw std::runtime_error((blobs_ / name).string() + ": cannot write HuggingFace cache file: " + ec.message());
  committed_ = true;
  return name;
}

fs::path link_snapshot_file(const fs::path& cache, const std::string& repo_id, RepoType type,
                            const std::string& commit, const std::string& filename, const std::string& blob) {
  fs::path repo = repo_dir(cache, repo_id, type);
  check_commit(commit, repo_id);
  const fs::path rel = contained(filename, "file name");
  fs::path file = repo / "snapshots" / commit / rel;
  make_snapshot_dir(repo, commit, file);
  // ../../blobs from snapshots/<commit>/, one more .. per folder of the file name.
  fs::path target = fs::path("..") / "..";
  for (fs::path up = rel.parent_path(); !up.empty(); up = up.parent_path()) target /= "..";
  target = target / "blobs" / blob;
  fs::path tmp = temporary_beside(file);
  std::error_code ec;
  fs::create_symlink(target, tmp, ec);
  if (!ec) fs::rename(tmp, file, ec);
  if (ec) {
    fs::remove(tmp, ec);
    fs::copy_file(repo / "blobs" / blob, tmp, ec);  // e.g. a file system without symlinks
    if (!ec) fs::rename(tmp, file, ec);
    if (ec) throw std::runtime_error(file.string() + ": cannot write HuggingFace cache file: " + ec.message());
  }
  return file;
}

void write_ref(const fs::path& cache, const std::string& repo_id, RepoType type, const std::string& revision,
               const std::string& commit) {
  if (revision == commit) return;
  fs::path ref = ref_path(repo_dir(cache, repo_id, type), revision);
  std::error_code ec;
  fs::create_directories(ref.parent_path(), ec);
  write_atomically(ref, commit);
}

}  // namespace aiperf::hf_cache
