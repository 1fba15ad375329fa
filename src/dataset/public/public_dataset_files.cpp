// Locating --public-dataset files on disk: AIPerf's dataset cache for ShareGPT, the
// HuggingFace hub cache (huggingface_hub's layout, docs/tokenizers.md) for HF datasets.
#include <algorithm>
#include <cstdlib>
#include <fstream>

#include "config/env_settings.h"
#include "dataset/public/hf_dataset_download.h"
#include "dataset/public/public_dataset.h"
#include "tokenizer/hf_cache.h"
#include "tokenizer/tokenizer_source.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

}  // namespace

// AIPerf's dataset cache directories, in search order.
static std::vector<fs::path> dataset_cache_dirs() {
  std::vector<fs::path> dirs;
  if (const std::string& dir = env_settings().dataset_cache_dir; !dir.empty()) dirs.push_back(dir);
  dirs.push_back(fs::path(".cache") / "aiperf" / "datasets");  // upstream's default, relative to the cwd
  std::string home = env("HOME");
  if (!home.empty()) dirs.push_back(fs::path(home) / ".cache" / "aiperf" / "datasets");
  return dirs;
}

DatasetSearch find_spec_bench_file() {
  DatasetSearch s;
  s.searched = dataset_cache_dirs();
  std::error_code ec;
  for (const fs::path& dir : s.searched)
    if (fs::is_regular_file(dir / kSpecBenchFile, ec)) {
      s.found = dir / kSpecBenchFile;
      break;
    }
  return s;
}

DatasetSearch find_sharegpt_file() {
  DatasetSearch s;
  s.searched = dataset_cache_dirs();
  DatasetSearch hub = find_hf_dataset_snapshot(std::string(find_public_dataset("sharegpt")->repo));
  s.searched.insert(s.searched.end(), hub.searched.begin(), hub.searched.end());
  std::error_code ec;
  for (const fs::path& dir : s.searched)
    if (fs::is_regular_file(dir / kShareGptFile, ec)) {
      s.found = dir / kShareGptFile;
      break;
    }
  if (hub.found && !s.found && fs::is_regular_file(*hub.found / kShareGptFile, ec)) s.found = *hub.found / kShareGptFile;
  return s;
}

DatasetSearch find_h_cua_perf_trace() {
  DatasetSearch s;
  if (const std::string& dir = env_settings().dataset_cache_dir; !dir.empty()) s.searched.push_back(dir);
  DatasetSearch hub = find_hf_dataset_snapshot(std::string(find_public_dataset("h_cua_perf")->repo));
  s.searched.insert(s.searched.end(), hub.searched.begin(), hub.searched.end());
  std::vector<fs::path> dirs(s.searched.begin(), s.searched.end() - std::ptrdiff_t(hub.searched.size()));
  if (hub.found) dirs.push_back(*hub.found);
  std::error_code ec;
  for (const fs::path& dir : dirs)
    for (const char* name : {"h_cua.jsonl.zst", "h_cua.jsonl"})
      if (fs::is_regular_file(dir / name, ec)) {
        s.found = dir / name;
        return s;
      }
  return s;
}

DatasetSearch find_hf_dataset_snapshot(const std::string& repo) {
  return find_hf_dataset_snapshot(repo, HubSettings::from_env().cache_dir);
}

DatasetSearch find_hf_dataset_snapshot(const std::string& repo, const fs::path& cache) {
  DatasetSearch s;
  const fs::path dir = hf_cache::repo_dir(cache, repo, hf_cache::RepoType::dataset);
  const fs::path snapshots = dir / "snapshots";
  std::error_code ec;
  // refs/main names the commit huggingface_hub resolved last; without it (a copied cache),
  // the newest snapshot.
  std::string commit;
  std::ifstream(dir / "refs" / "main") >> commit;
  if (!commit.empty() && commit.find('/') == std::string::npos && fs::is_directory(snapshots / commit, ec)) {
    s.searched.push_back(snapshots / commit);
    s.found = snapshots / commit;
    return s;
  }
  s.searched.push_back(snapshots / "<revision>");
  fs::file_time_type newest{};
  for (const fs::directory_entry& e : fs::directory_iterator(snapshots, ec))
    if (e.is_directory(ec) && (!s.found || e.last_write_time(ec) > newest)) {
      s.found = e.path();
      newest = e.last_write_time(ec);
    }
  return s;
}

std::vector<fs::path> hf_split_files(const fs::path& snapshot, const std::string& subset, bool subset_required,
                                     const std::string& split) {
  std::vector<std::string> all;  // relative paths, '/'-separated
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(snapshot, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->is_directory(ec) && it->path().filename().string().starts_with(".")) {
      it.disable_recursion_pending();  // .git, .cache
      continue;
    }
    if (it->is_regular_file(ec)) all.push_back(it->path().lexically_relative(snapshot).generic_string());
  }
  std::vector<fs::path> out;
  for (const std::string& rel : select_hf_split_files(all, subset, subset_required, split)) out.push_back(snapshot / rel);
  return out;
}

}  // namespace aiperf
