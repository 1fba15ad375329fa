#include "dataset/public_dataset.h"

#include <ostream>

namespace aiperf {
namespace {

namespace fs = std::filesystem;

std::string joined(const std::vector<fs::path>& paths) {
  std::string out;
  for (const fs::path& p : paths) out += (out.empty() ? "" : ", ") + p.string();
  return out;
}

Dataset load_sharegpt(const ProfileConfig& config, const Tokenizer& tokenizer, std::ostream& notes) {
  DatasetSearch s = find_sharegpt_file();
  if (!s.found) {
    const std::string repo(find_public_dataset("sharegpt")->repo), file(kShareGptFile);
    throw ConfigError("--public-dataset sharegpt: " + file + " not found; searched " + joined(s.searched) +
                      ". aiperf-cpp downloads no dataset: put the file in one of these directories, e.g. "
                      "curl -L --create-dirs -o ~/.cache/aiperf/datasets/" + file + " https://huggingface.co/datasets/" +
                      repo + "/resolve/main/" + file);
  }
  return load_sharegpt_file(s.found->string(), config, tokenizer, notes);
}

Dataset load_text_column(const PublicDatasetInfo& info, const ProfileConfig& config, std::ostream& notes) {
  const std::string name(info.name), repo(info.repo), split(info.split);
  const std::string subset = config.hf_subset.value_or(std::string(info.subset));
  const std::string how = "aiperf-cpp downloads no dataset: fetch it on a machine with network access, e.g. "
                          "huggingface-cli download --repo-type dataset " + repo +
                          ", and copy the cache (HF_HUB_CACHE, HF_HOME/hub or ~/.cache/huggingface/hub)";
  DatasetSearch s = find_hf_dataset_snapshot(repo);
  if (!s.found)
    throw ConfigError("--public-dataset " + name + ": the HuggingFace dataset " + repo + " is not in the cache; searched " +
                      joined(s.searched) + ". " + how);
  std::vector<fs::path> files = hf_split_files(*s.found, subset, config.hf_subset.has_value(), split);
  const std::string part = "split '" + split + "'" + (subset.empty() ? "" : " of subset '" + subset + "'");
  if (files.empty())
    throw ConfigError("--public-dataset " + name + ": no .json, .jsonl, .csv or .parquet file for the " + part + " in " +
                      s.found->string() + ". " + how);
  std::vector<fs::path> readable, parquet;
  for (const fs::path& f : files) (f.extension() == ".parquet" ? parquet : readable).push_back(f);
  // HF ships Parquet; reading it needs a Parquet reader aiperf-cpp does not have yet.
  if (readable.empty())
    throw ConfigError("--public-dataset " + name + ": " + parquet.front().string() +
                      " is Parquet, which aiperf-cpp cannot read yet; put a JSON, JSON Lines or CSV copy of the " + part +
                      " beside it (e.g. " + (parquet.front().parent_path() / (split + ".jsonl")).string() + ")");
  if (!parquet.empty())
    notes << "--public-dataset " << name << ": reading " << joined(readable) << "; ignoring the Parquet file(s) "
          << joined(parquet) << "\n";
  Dataset out = load_text_column_files(readable, std::string(info.column), config);
  if (out.entries.empty()) throw ConfigError("--public-dataset " + name + ": " + joined(readable) + " hold no rows");
  notes << "--public-dataset " << name << ": " << out.entries.size() << " prompts from column '" << info.column
        << "' of " << joined(readable) << "\n";
  return out;
}

}  // namespace

Dataset load_public_dataset(const ProfileConfig& config, const Tokenizer& tokenizer, std::ostream& notes) {
  const PublicDatasetInfo* info = find_public_dataset(config.public_dataset.value_or(""));
  if (!info) throw ConfigError("--public-dataset: invalid choice '" + config.public_dataset.value_or("") + "'");
  if (info->kind == PublicDatasetKind::sharegpt) return load_sharegpt(config, tokenizer, notes);
  return load_text_column(*info, config, notes);
}

}  // namespace aiperf
