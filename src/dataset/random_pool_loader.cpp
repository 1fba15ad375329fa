// --custom-dataset-type random_pool (workloads-and-endpoints.md §3.3): a file (one pool) or a
// directory (one pool per file). Each conversation is one turn that takes one row, drawn with
// replacement, from every pool; the texts of all pools go into that one request.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "common/uuid.h"
#include "dataset/input_file_dataset.h"
#include "dataset/rng_stream.h"
#include "dataset/row_texts.h"

namespace aiperf {
namespace {

using Pool = std::vector<std::vector<std::string>>;  // rows, each its texts

Pool read_pool(const std::string& path) {
  Pool pool;
  for_each_jsonl_row(path, [&](const JsonlRow& row) {
    row.reject({"image", "images", "image_uuids", "audio", "audios", "video", "videos"});
    // Upstream's pool rows carry media only: every request is built from samples, so a
    // row's own timing or session has nothing to apply to.
    for (const char* f : {"timestamp", "delay", "session_id", "output_length", "max_tokens", "role", "extra"})
      if (row.value.contains(f)) row.fail(std::string("field '") + f + "' is not allowed in a random_pool row");
    pool.push_back(read_row_texts(row));
  });
  return pool;
}

// Files of a directory in name order, so the same seed draws the same rows on every machine.
std::vector<std::string> pool_files(const std::string& input) {
  std::error_code ec;
  if (!std::filesystem::is_directory(input, ec)) return {input};
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(input, ec))
    if (e.is_regular_file() && e.path().filename().string().front() != '.') files.push_back(e.path().string());
  if (ec) throw ConfigError("--input-file " + input + ": cannot list the directory: " + ec.message());
  if (files.empty()) throw ConfigError("--input-file " + input + ": the directory has no pool files");
  std::sort(files.begin(), files.end());
  return files;
}

// Upstream sizes the pool-built dataset from the entry count, else the session count, else
// the request count, else 100.
size_t conversations_wanted(const ProfileConfig& config) {
  if (config.num_dataset_entries_given) return size_t(config.num_dataset_entries);
  if (config.conversation_num) return size_t(*config.conversation_num);
  if (config.request_count) return size_t(*config.request_count);
  return size_t(config.num_dataset_entries);
}

}  // namespace

FileDataset load_random_pool(const ProfileConfig& config, const Tokenizer&) {
  std::vector<Pool> pools;
  for (const std::string& file : pool_files(*config.input_file)) pools.push_back(read_pool(file));
  std::mt19937_64 rng = make_rng_stream(config.random_seed, "dataset.loader.random_pool");
  FallbackOutputLength fallback_osl(config);
  FileDataset out;
  const size_t wanted = conversations_wanted(config);
  for (size_t i = 0; i < wanted; ++i) {
    std::vector<std::string> texts;
    for (const Pool& pool : pools) {
      const auto& row = pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)];
      texts.insert(texts.end(), row.begin(), row.end());
    }
    DatasetEntry entry;
    entry.prompt = std::move(texts.front());
    entry.more_texts.assign(std::make_move_iterator(texts.begin() + 1), std::make_move_iterator(texts.end()));
    entry.max_tokens = fallback_osl.next();
    entry.model = config.model_names.front();
    if (config.random_seed) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "session_%06zu", i);
      entry.conversation_id = buf;
    } else {
      entry.conversation_id = uuid4();
    }
    out.dataset.entries.push_back(std::move(entry));
    out.timestamps_ms.push_back(std::nullopt);
    out.lines.push_back(0);
  }
  return out;
}

}  // namespace aiperf
