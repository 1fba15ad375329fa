// --custom-dataset-type random_pool (workloads-and-endpoints.md §3.3): a file (one pool) or a
// directory (one pool per file). Each conversation is one turn that takes one row, drawn with
// replacement, from every pool; the texts of all pools go into that one request.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "common/rng_stream.h"
#include "common/uuid.h"
#include "dataset/conversation_id.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/row_content.h"

namespace aiperf {
namespace {

using Pool = std::vector<RowContent>;  // rows, each its texts and media

Pool read_pool(const std::string& path, EndpointType type) {
  Pool pool;
  for_each_jsonl_row(path, [&](const JsonlRow& row) {
    // Upstream's pool rows carry media only: every request is built from samples, so a
    // row's own timing or session has nothing to apply to.
    for (const char* f : {"timestamp", "delay", "session_id", "output_length", "max_tokens", "role", "extra"})
      if (row.value.contains(f)) row.fail(std::string("field '") + f + "' is not allowed in a random_pool row");
    pool.push_back(read_row_content(row, type));
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
size_t conversations_wanted(const DatasetBuildSettings& config) {
  if (config.num_dataset_entries_given) return size_t(config.num_dataset_entries);
  if (config.conversation_num) return size_t(*config.conversation_num);
  if (config.request_count) return size_t(*config.request_count);
  return size_t(config.num_dataset_entries);
}

}  // namespace

FileDataset load_random_pool(const DatasetBuildSettings& config, const Tokenizer&) {
  std::vector<Pool> pools;
  for (const std::string& file : pool_files(*config.input_file)) pools.push_back(read_pool(file, config.endpoint_type));
  std::mt19937_64 rng = make_rng_stream(config.random_seed, "dataset.loader.random_pool");
  FallbackOutputLength fallback_osl(config);
  FileDataset out;
  const size_t wanted = conversations_wanted(config);
  for (size_t i = 0; i < wanted; ++i) {
    std::vector<std::string> texts;
    TurnMedia media;
    for (const Pool& pool : pools) {
      const RowContent& row = pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)];
      texts.insert(texts.end(), row.texts.begin(), row.texts.end());
      if (media.audios.empty()) media.audio_duration_seconds = row.media.audio_duration_seconds;
      if (!row.media.image_uuids.empty()) {  // kept aligned with the merged images
        media.image_uuids.resize(media.images.size());
        media.image_uuids.insert(media.image_uuids.end(), row.media.image_uuids.begin(), row.media.image_uuids.end());
      }
      media.images.insert(media.images.end(), row.media.images.begin(), row.media.images.end());
      media.audios.insert(media.audios.end(), row.media.audios.begin(), row.media.audios.end());
      media.videos.insert(media.videos.end(), row.media.videos.begin(), row.media.videos.end());
    }
    DatasetEntry entry;
    std::string prompt;
    split_row_texts(std::move(texts), prompt, entry.parts.edit().more_texts);
    entry.prompt = std::move(prompt);
    if (!media.images.empty() || !media.audios.empty() || !media.videos.empty()) entry.parts.edit().turn_media.push_back(std::move(media));
    entry.max_tokens = fallback_osl.next();
    entry.model = config.model_names.front();
    entry.conversation_id = default_conversation_id(config, i);
    out.dataset.entries.push_back(std::move(entry));
    out.timestamps_ms.push_back(std::nullopt);
    out.lines.push_back(0);
  }
  return out;
}

}  // namespace aiperf
