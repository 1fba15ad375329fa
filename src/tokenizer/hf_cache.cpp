#include "tokenizer/hf_cache.h"

#include <openssl/evp.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace aiperf::hf_cache {
namespace {

namespace fs = std::filesystem;

std::string sha256_hex(std::string_view content) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_Digest(content.data(), content.size(), digest, &len, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 of a downloaded file failed");
  }
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < len; ++i) {
    out.push_back(hex[digest[i] >> 4]);
    out.push_back(hex[digest[i] & 15]);
  }
  return out;
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

// A revision may be "refs/pr/1"; it must still stay inside refs/.
fs::path ref_path(const fs::path& repo, const std::string& revision) {
  fs::path rel(revision);
  for (const auto& part : rel) {
    if (part == ".." || part == "." || part.empty()) throw std::runtime_error("bad revision '" + revision + "'");
  }
  if (rel.is_absolute()) throw std::runtime_error("bad revision '" + revision + "'");
  return repo / "refs" / rel;
}

std::string read_ref(const fs::path& ref) {
  std::ifstream in(ref);
  std::string commit;
  in >> commit;  // huggingface_hub writes the bare hash; tolerate trailing whitespace
  return commit;
}

}  // namespace

bool is_commit_hash(std::string_view revision) {
  return revision.size() == 40 && revision.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

fs::path repo_dir(const fs::path& cache, const std::string& repo_id) {
  std::string folder = "models";
  size_t start = 0;
  while (start <= repo_id.size()) {
    size_t slash = repo_id.find('/', start);
    folder += "--" + repo_id.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return cache / folder;
}

std::optional<fs::path> find_file(const fs::path& cache, const std::string& repo_id, const std::string& revision,
                                  const std::string& filename) {
  fs::path repo = repo_dir(cache, repo_id);
  std::error_code ec;
  std::string commit = revision;
  if (!is_commit_hash(revision)) {
    fs::path ref = ref_path(repo, revision);
    if (fs::is_regular_file(ref, ec)) commit = read_ref(ref);
  }
  if (commit.empty() || commit.find('/') != std::string::npos) return std::nullopt;
  fs::path file = repo / "snapshots" / commit / filename;
  if (fs::is_regular_file(file, ec)) return file;  // follows the blob symlink
  return std::nullopt;
}

fs::path store_file(const fs::path& cache, const std::string& repo_id, const std::string& revision,
                    const std::string& commit, const std::string& filename, std::string_view content) {
  fs::path repo = repo_dir(cache, repo_id);
  if (commit.empty() || commit.find('/') != std::string::npos || commit == "." || commit == "..") {
    throw std::runtime_error("bad commit id '" + commit + "' for " + repo_id);
  }
  fs::path snapshot = repo / "snapshots" / commit;
  std::error_code ec;
  fs::create_directories(repo / "blobs", ec);
  if (!ec) fs::create_directories(snapshot, ec);
  if (ec) throw std::runtime_error(repo.string() + ": cannot create HuggingFace cache directory: " + ec.message());

  std::string blob_name = sha256_hex(content);
  fs::path blob = repo / "blobs" / blob_name;
  if (!fs::is_regular_file(blob, ec) || fs::file_size(blob, ec) != content.size()) write_atomically(blob, content);

  fs::path file = snapshot / filename;
  fs::path tmp = temporary_beside(file);
  fs::create_symlink(fs::path("..") / ".." / "blobs" / blob_name, tmp, ec);
  if (!ec) fs::rename(tmp, file, ec);
  if (ec) {
    fs::remove(tmp, ec);
    write_atomically(file, content);  // e.g. a file system without symlinks
  }
  if (revision != commit) {
    fs::path ref = ref_path(repo, revision);
    fs::create_directories(ref.parent_path(), ec);
    write_atomically(ref, commit);
  }
  return file;
}

}  // namespace aiperf::hf_cache
