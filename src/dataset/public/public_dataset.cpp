#include "dataset/public/public_dataset.h"

#include <ostream>

#include "config/env_settings.h"
#include "dataset/public/hf_dataset_download.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

std::string joined(const std::vector<fs::path>& paths) {
  std::string out;
  for (const fs::path& p : paths) out += (out.empty() ? "" : ", ") + p.string();
  return out;
}

Dataset load_sharegpt(const DatasetBuildSettings& config, const Tokenizer& tokenizer, std::ostream& notes) {
  DatasetSearch s = find_sharegpt_file();
  if (!s.found) {
    const std::string repo(find_public_dataset("sharegpt")->repo), file(kShareGptFile);
    s.found = hf_dataset_download_named("--public-dataset sharegpt", repo, {file},
                                        file + " not found; searched " + joined(s.searched), HubSettings::from_env(),
                                        notes).front();
  }
  return load_sharegpt_file(s.found->string(), config, tokenizer, notes);
}

// An explicit --num-dataset-entries keeps the first N rows (upstream's streaming loaders stop
// there); the default of 100 is for synthetic prompts and bounds nothing here.
std::string keep_first_entries(Dataset& out, const DatasetBuildSettings& config) {
  const size_t rows = out.entries.size();
  if (!config.num_dataset_entries_given || rows <= size_t(config.num_dataset_entries)) return "";
  out.entries.resize(size_t(config.num_dataset_entries));
  return " (the first " + std::to_string(out.entries.size()) + " of " + std::to_string(rows) +
         " rows, --num-dataset-entries)";
}

Dataset load_text_column(const PublicDatasetInfo& info, const DatasetBuildSettings& config, std::ostream& notes) {
  const std::string name(info.name);
  const std::string subset = config.hf_subset.value_or(std::string(info.subset));
  std::vector<fs::path> readable =
      hf_dataset_split_files("--public-dataset " + name, std::string(info.repo), subset, config.hf_subset.has_value(),
                             std::string(info.split), HubSettings::from_env(), notes);
  Dataset out = load_text_column_files(readable, std::string(info.column), config);
  if (out.entries.empty()) throw ConfigError("--public-dataset " + name + ": " + joined(readable) + " hold no rows");
  const std::string kept = keep_first_entries(out, config);
  notes << "--public-dataset " << name << ": " << out.entries.size() << " prompts from column '" << info.column
        << "' of " << joined(readable) << kept << "\n";
  return out;
}

Dataset load_h_cua_perf(const DatasetBuildSettings& config, std::ostream& notes) {
  DatasetSearch s = find_h_cua_perf_trace();
  if (!s.found)
    s.found = hf_dataset_download_named("--public-dataset h_cua_perf", std::string(find_public_dataset("h_cua_perf")->repo),
                                        {"h_cua.jsonl.zst", "h_cua.meta.json"},
                                        "neither h_cua.jsonl.zst nor h_cua.jsonl found; searched " + joined(s.searched),
                                        HubSettings::from_env(), notes).front();
  return load_h_cua_perf_files(*s.found, config, notes);
}

// The speech datasets' clips; returns the skipped-clips line.
std::string load_speech(const std::vector<fs::path>& files, const DatasetBuildSettings& config, Dataset& out) {
  // Audio goes out as chat input_audio parts or as the audio_transcription upload; other
  // endpoints would drop it.
  if (!sends_chat_messages(config.endpoint_type) && config.endpoint_type != EndpointType::audio_transcription)
    throw ConfigError("--public-dataset " + config.public_dataset.value_or("") + " sends audio: use --endpoint-type chat "
                      "(input_audio parts) or audio_transcription, not " + endpoint_type_name(config.endpoint_type));
  size_t too_long = 0;
  out = load_speech_files(files, config, too_long);
  const std::string skipped = std::to_string(too_long) + (too_long == 1 ? " clip" : " clips") + " longer than 30 s";
  if (out.entries.empty() && too_long)
    throw ConfigError("--public-dataset " + config.public_dataset.value_or("") + ": " + joined(files) +
                      " hold no clip of 30 s or less (" + skipped + ")");
  const bool capped = config.num_dataset_entries_given && out.entries.size() == size_t(config.num_dataset_entries);
  return "skipped " + skipped + (capped ? "; stopped after the first " + std::to_string(out.entries.size()) +
                                              " clips (--num-dataset-entries)" : "");
}

// Vision rows become image / video content parts, which only chat bodies carry (§6.4).
Dataset load_vision_requests(const std::vector<fs::path>& files, const DatasetBuildSettings& config, std::string& note) {
  const std::string name = config.public_dataset.value_or("");
  if (!sends_chat_messages(config.endpoint_type))
    throw ConfigError("--public-dataset " + name + " needs --endpoint-type chat or chat_embeddings (its images and "
                      "videos are chat content parts)");
  size_t without_media = 0;
  Dataset out = load_vision_files(files, config, without_media);
  if (without_media) note = std::to_string(without_media) + " rows without an image or video, sent as text only";
  return out;
}

// The datasets added with issue 7 (mt_bench, blazedit, spec_bench, weka_hf, speed_bench): find the
// files, read the rows, keep the first --num-dataset-entries and print one load line.
Dataset load_row_dataset(const PublicDatasetInfo& info, const DatasetBuildSettings& config, const Tokenizer& tokenizer,
                         std::ostream& notes) {
  using K = PublicDatasetKind;
  const std::string name = config.public_dataset.value_or("");
  std::vector<fs::path> files;
  if (info.kind == K::spec_bench) {
    DatasetSearch s = find_spec_bench_file();
    // Not a hub dataset: fetched from GitHub into the last (user-wide) directory searched, or
    // $AIPERF_DATASET_CACHE_DIR when set.
    if (!s.found)
      s.found = download_url_file("--public-dataset spec_bench", std::string(kSpecBenchUrl),
                                  (env_settings().dataset_cache_dir.empty() ? s.searched.back() : s.searched.front()) /
                                      kSpecBenchFile,
                                  std::string(kSpecBenchFile) + " not found; searched " + joined(s.searched),
                                  HubSettings::from_env(), notes);
    files = {*s.found};
  } else {
    std::string repo(info.repo), subset(info.subset);
    std::optional<SpeedBenchVariant> variant = speed_bench_variant(name);
    if (info.kind == K::weka_hf) repo = name == "weka_hf" ? config.hf_weka_dataset.value_or("") : weka_hf_repo_for(name);
    if (variant) subset = variant->subset;
    files = hf_dataset_split_files("--public-dataset " + name, repo, config.hf_subset.value_or(subset),
                                   config.hf_subset.has_value(), std::string(info.split), HubSettings::from_env(), notes);
    if (info.kind == K::weka_hf && files.front().extension() == ".parquet")
      throw ConfigError("--public-dataset " + name + ": " + repo + " has only Parquet files (" + joined(files) +
                        "); aiperf-cpp reads weka traces from its .json / .jsonl files (nested trace objects are "
                        "not read from Parquet)");
  }
  Dataset out;
  size_t unsent = 0;
  std::string what = "prompts", extra;
  switch (info.kind) {
    case K::mt_bench: out = load_mt_bench_files(files, config, unsent); what = "conversations"; break;
    case K::blazedit: out = load_blazedit_files(files, config); break;
    case K::spec_bench: out = load_spec_bench_file(files.front(), config); break;
    case K::speed_bench: out = load_speed_bench_files(files, *speed_bench_variant(name), config, unsent); what = "conversations"; break;
    case K::weka_hf: out = load_weka_hf_files(files, config, tokenizer, extra); what = "conversations (traces with their subagents)"; break;
    case K::speech: extra = load_speech(files, config, out); what = "audio clips"; break;
    case K::vision: out = load_vision_requests(files, config, extra); break;
    default: throw ConfigError("--public-dataset " + name + ": no loader");
  }
  if (out.entries.empty()) throw ConfigError("--public-dataset " + name + ": " + joined(files) + " hold no rows");
  // Weka conversations are trace trees (children refer to their parents by index): never cut.
  const std::string kept = info.kind == K::weka_hf ? "" : keep_first_entries(out, config);
  size_t turns = 0;
  for (const DatasetEntry& e : out.entries) turns += e.turn_count();
  notes << "--public-dataset " << name << ": " << out.entries.size() << " " << what << " (" << turns << " turns) from "
        << joined(files) << kept << "\n";
  if (unsent)
    notes << "--public-dataset " << name << ": --endpoint-type " << endpoint_type_name(config.endpoint_type)
          << " carries no history: each conversation sends its first turn only (" << unsent
          << " later turns not sent)\n";
  if (!extra.empty()) notes << "--public-dataset " << name << ": " << extra << "\n";
  return out;
}

}  // namespace

Dataset load_public_dataset(const DatasetBuildSettings& config, const Tokenizer& tokenizer, std::ostream& notes) {
  const PublicDatasetInfo* info = find_public_dataset(config.public_dataset.value_or(""));
  if (!info) throw ConfigError("--public-dataset: invalid choice '" + config.public_dataset.value_or("") + "'");
  if (info->kind == PublicDatasetKind::sharegpt) return load_sharegpt(config, tokenizer, notes);
  if (info->kind == PublicDatasetKind::h_cua_perf) return load_h_cua_perf(config, notes);
  if (info->kind == PublicDatasetKind::text_column) return load_text_column(*info, config, notes);
  return load_row_dataset(*info, config, tokenizer, notes);
}

}  // namespace aiperf
