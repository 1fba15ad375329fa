#include "dataset/public/hf_dataset_download.h"

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "config/profile_config.h"
#include "dataset/public/public_dataset.h"
#include "tokenizer/hf_cache.h"
#include "tokenizer/hub_client.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using hf_cache::RepoType;

std::string trimmed_endpoint(std::string endpoint) {
  while (!endpoint.empty() && endpoint.back() == '/') endpoint.pop_back();
  return endpoint;
}

std::string percent_encoded(std::string_view s, bool keep_slash) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || (keep_slash && c == '/')) {
      out.push_back(static_cast<char>(c));
    } else {
      out += {'%', hex[c >> 4], hex[c & 15]};
    }
  }
  return out;
}

std::string megabytes(uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / 1e6);
  return text;
}

std::vector<std::string> paths_of(const HubListing& listing) {
  std::vector<std::string> out;
  for (const HubFile& f : listing.files) out.push_back(f.path);
  return out;
}

// One dataset repo on one hub, and where its messages go: every error is a ConfigError line
// that starts with the option (e.g. "--public-dataset aimo").
struct HubDatasetSite {
  const std::string& option;
  const std::string& repo;
  const HubSettings& hub;
  std::ostream& notes;

  std::string endpoint() const { return trimmed_endpoint(hub.endpoint); }
  std::string dataset() const { return "the HuggingFace dataset " + repo; }

  HubResponse fetch(const std::string& url, HubRequest::BodySink sink = {}) const {
    HubRequest req;
    req.url = url;
    req.bearer_token = hub.token;
    req.timeout = hub.timeout;
    req.on_body = std::move(sink);
    try {
      return hub_get(req);
    } catch (const ConfigError&) {
      throw;
    } catch (const std::runtime_error& e) {
      throw ConfigError(option + ": cannot download " + dataset() + " from " + endpoint() + ": " + e.what());
    }
  }

  // `what` names the thing asked for, for a 404.
  void check(const HubResponse& res, const std::string& what) const {
    if (res.status == 200) return;
    const std::string code = " (HTTP " + std::to_string(res.status) + ")";
    if (res.status == 401 || res.status == 403)
      throw ConfigError(option + ": access to " + dataset() + " denied by " + endpoint() + code +
                        (hub.token.empty() ? "; it is gated (accept its terms on the hub), private or missing: set "
                                             "HF_TOKEN to a token that has access"
                                           : "; HF_TOKEN was sent but has no access to it (a gated dataset: accept "
                                             "its terms on the hub with that account)"));
    if (res.status == 404) throw ConfigError(option + ": " + what + " not found on " + endpoint() + code);
    throw ConfigError(option + ": cannot download " + what + ": " + res.final_url + " answered" + code);
  }

  // The revision's listing; nullopt for a 404 when `missing_ok` (no Parquet branch).
  std::optional<HubListing> list(const std::string& revision, bool missing_ok) const {
    const std::string url = hub_dataset_info_url(endpoint(), repo, revision);
    HubResponse res = fetch(url);
    if (res.status == 404 && missing_ok) return std::nullopt;
    check(res, dataset() + (revision == "main" ? "" : " (revision " + revision + ")"));
    try {
      return parse_hub_dataset_info(res.body);
    } catch (const std::exception& e) {
      throw ConfigError(option + ": " + url + ": " + e.what());
    }
  }

  // Downloads `wanted` (paths of `listing`) into snapshots/<commit>, skipping files the snapshot
  // already has. Every blob is complete and checked before any snapshot link is made, so an
  // interrupted download never leaves a split that looks whole.
  std::vector<fs::path> download(const std::string& revision, const HubListing& listing,
                                 const std::vector<std::string>& wanted, const std::string& what) const {
    const fs::path snapshot = hf_cache::repo_dir(hub.cache_dir, repo, RepoType::dataset) / "snapshots" / listing.commit;
    std::vector<const HubFile*> missing;
    std::error_code ec;
    uint64_t bytes = 0;
    bool sizes_known = true;
    for (const std::string& path : wanted)
      for (const HubFile& f : listing.files)
        if (f.path == path && !fs::is_regular_file(snapshot / path, ec)) {
          missing.push_back(&f);
          bytes += f.size.value_or(0);
          sizes_known = sizes_known && f.size.has_value();
        }
    if (!missing.empty())
      notes << "note: " << option << ": downloading " << dataset() << " (" << (what.empty() ? "" : what + ": ")
            << missing.size() << (missing.size() == 1 ? " file" : " files")
            << (sizes_known ? ", " + megabytes(bytes) : "") << ") from " << endpoint() << " into "
            << hub.cache_dir.string() << "\n";
    std::vector<std::pair<std::string, std::string>> blobs;  // path, blob name
    for (const HubFile* f : missing) {
      hf_cache::BlobWriter blob(hub.cache_dir, repo, RepoType::dataset);
      HubResponse res = fetch(hub_dataset_file_url(endpoint(), repo, listing.commit, f->path),
                              [&blob](std::string_view chunk) { blob.write(chunk); });
      check(res, "'" + f->path + "' of " + dataset());
      const std::string corrupt = option + ": the download of " + f->path + " from " + res.final_url + " is corrupt: ";
      if (f->size && blob.size() != *f->size)
        throw ConfigError(corrupt + std::to_string(blob.size()) + " bytes where the hub lists " + std::to_string(*f->size));
      if (!f->sha256.empty() && blob.sha256() != f->sha256)
        throw ConfigError(corrupt + "its SHA-256 is not the one the hub lists");
      try {
        blobs.emplace_back(f->path, blob.commit());
      } catch (const std::runtime_error& e) {
        throw ConfigError(option + ": " + e.what());
      }
    }
    std::vector<fs::path> out;
    try {
      for (const auto& [path, blob] : blobs)
        hf_cache::link_snapshot_file(hub.cache_dir, repo, RepoType::dataset, listing.commit, path, blob);
      hf_cache::write_ref(hub.cache_dir, repo, RepoType::dataset, revision, listing.commit);
    } catch (const std::runtime_error& e) {
      throw ConfigError(option + ": " + e.what());
    }
    for (const std::string& path : wanted) out.push_back(snapshot / path);
    return out;
  }
};

std::string listed_data_files(const std::vector<std::string>& paths) {
  std::string out;
  size_t shown = 0;
  for (const std::string& p : paths) {
    if (!p.ends_with(".json") && !p.ends_with(".jsonl") && !p.ends_with(".csv") && !p.ends_with(".parquet")) continue;
    if (shown++ == 8) return out + ", ...";
    out += (out.empty() ? "" : ", ") + p;
  }
  return out.empty() ? "none" : out;
}

std::vector<fs::path> download_split(const HubDatasetSite& site, const std::string& subset, bool subset_required,
                                     const std::string& split, const std::string& part) {
  const HubListing main = *site.list("main", false);
  std::vector<std::string> dropped;
  std::vector<std::string> chosen =
      prefer_text_files(select_hf_split_files(paths_of(main), subset, subset_required, split), dropped);
  if (!chosen.empty()) return site.download("main", main, chosen, part);
  // No data file of the split in the repo (a loading script, an unusual layout): HF's Parquet
  // conversion has one folder per config, one per split inside it.
  std::optional<HubListing> parquet = site.list(std::string(kParquetBranch), true);
  if (parquet) {
    const std::string config = parquet_branch_config(paths_of(*parquet), subset);
    if (!config.empty()) chosen = select_hf_split_files(paths_of(*parquet), config, true, split);
  }
  if (chosen.empty())
    throw ConfigError(site.option + ": " + site.repo + " on " + site.endpoint() + " has no .json, .jsonl, .csv or " +
                      ".parquet file for the " + part + (parquet ? " (nor has its " + std::string(kParquetBranch) +
                                                                        " branch)" : "") +
                      "; its data files: " + listed_data_files(paths_of(main)));
  return site.download(std::string(kParquetBranch), *parquet, chosen,
                       part + " from HF's Parquet conversion " + std::string(kParquetBranch));
}

// The split's files in the cache: the main snapshot's, else the Parquet branch's.
std::vector<fs::path> cached_split_files(const std::string& repo, const std::string& subset, bool subset_required,
                                         const std::string& split, const HubSettings& hub, DatasetSearch& main) {
  main = find_hf_dataset_snapshot(repo, hub.cache_dir);
  std::vector<fs::path> files;
  if (main.found) files = hf_split_files(*main.found, subset, subset_required, split);
  if (!files.empty()) return files;
  std::optional<std::string> commit =
      hf_cache::resolve_revision(hub.cache_dir, repo, std::string(kParquetBranch), RepoType::dataset);
  if (!commit) return files;
  const fs::path snapshot = hf_cache::repo_dir(hub.cache_dir, repo, RepoType::dataset) / "snapshots" / *commit;
  std::vector<std::string> configs;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(snapshot, ec))
    if (e.is_directory(ec)) configs.push_back(e.path().filename().string() + "/");
  const std::string config = parquet_branch_config(configs, subset);
  return config.empty() ? files : hf_split_files(snapshot, config, true, split);
}

}  // namespace

std::string hub_dataset_info_url(const std::string& endpoint, const std::string& repo, const std::string& revision) {
  return trimmed_endpoint(endpoint) + "/api/datasets/" + repo + "/revision/" + percent_encoded(revision, false) +
         "?blobs=true";
}

std::string hub_dataset_file_url(const std::string& endpoint, const std::string& repo, const std::string& commit,
                                 const std::string& path) {
  return trimmed_endpoint(endpoint) + "/datasets/" + repo + "/resolve/" + percent_encoded(commit, false) + "/" +
         percent_encoded(path, true);
}

HubListing parse_hub_dataset_info(const std::string& body) {
  const nlohmann::json info = nlohmann::json::parse(body, nullptr, false);
  if (!info.is_object() || !info.contains("sha") || !info["sha"].is_string() || !info.contains("siblings") ||
      !info["siblings"].is_array())
    throw std::runtime_error("expected a JSON object with a 'sha' string and a 'siblings' list");
  HubListing out;
  out.commit = info["sha"].get<std::string>();
  if (!hf_cache::is_commit_hash(out.commit)) throw std::runtime_error("'sha' is not a commit hash: '" + out.commit + "'");
  for (const nlohmann::json& s : info["siblings"]) {
    if (!s.is_object() || !s.contains("rfilename") || !s["rfilename"].is_string())
      throw std::runtime_error("a sibling without an 'rfilename' string");
    HubFile f{s["rfilename"].get<std::string>(), std::nullopt, ""};
    if (s.contains("size") && s["size"].is_number_unsigned()) f.size = s["size"].get<uint64_t>();
    if (s.contains("lfs") && s["lfs"].is_object()) {
      const nlohmann::json& lfs = s["lfs"];
      if (lfs.contains("sha256") && lfs["sha256"].is_string()) f.sha256 = lfs["sha256"].get<std::string>();
      if (lfs.contains("size") && lfs["size"].is_number_unsigned()) f.size = lfs["size"].get<uint64_t>();
    }
    out.files.push_back(std::move(f));
  }
  return out;
}

std::vector<fs::path> hf_dataset_split_files(const std::string& option, const std::string& repo,
                                             const std::string& subset, bool subset_required, const std::string& split,
                                             const HubSettings& hub, std::ostream& notes) {
  const std::string part = "split '" + split + "'" + (subset.empty() ? "" : " of subset '" + subset + "'");
  DatasetSearch main;
  std::vector<fs::path> files = cached_split_files(repo, subset, subset_required, split, hub, main);
  if (files.empty() && hub.offline) {
    const std::string offline = ", and HF_HUB_OFFLINE=1 forbids downloading it; fill the cache where there is network "
                                "access, e.g. huggingface-cli download --repo-type dataset " + repo;
    if (!main.found)
      throw ConfigError(option + ": the HuggingFace dataset " + repo + " is not in the cache; searched " +
                        main.searched.front().string() + " (cache " + hub.cache_dir.string() + ")" + offline);
    throw ConfigError(option + ": no .json, .jsonl, .csv or .parquet file for the " + part + " in " +
                      main.found->string() + " (the cached HuggingFace dataset " + repo + ")" + offline);
  }
  if (files.empty()) files = download_split(HubDatasetSite{option, repo, hub, notes}, subset, subset_required, split, part);
  std::vector<std::string> names, dropped;
  for (const fs::path& f : files) names.push_back(f.string());
  std::vector<fs::path> kept;
  for (const std::string& f : prefer_text_files(names, dropped)) kept.emplace_back(f);
  if (!dropped.empty()) {
    std::string list;
    for (const std::string& f : dropped) list += (list.empty() ? "" : ", ") + f;
    notes << option << ": reading the JSON/CSV copies; ignoring the Parquet file(s) " << list << "\n";
  }
  return kept;
}

std::vector<fs::path> hf_dataset_download_named(const std::string& option, const std::string& repo,
                                                const std::vector<std::string>& wanted, const std::string& missing,
                                                const HubSettings& hub, std::ostream& notes) {
  if (hub.offline) {
    std::string names;
    for (const std::string& w : wanted) names += " " + w;
    throw ConfigError(option + ": " + missing + ", and HF_HUB_OFFLINE=1 forbids downloading it from " +
                      hub_dataset_file_url(hub.endpoint, repo, "main", wanted.front()) + " into " +
                      hub.cache_dir.string() + "; fill the cache where there is network access, e.g. huggingface-cli "
                      "download --repo-type dataset " + repo + names);
  }
  const HubDatasetSite site{option, repo, hub, notes};
  const HubListing main = *site.list("main", false);
  std::vector<std::string> present;
  for (const std::string& w : wanted)
    for (const HubFile& f : main.files)
      if (f.path == w) present.push_back(w);
  if (present.empty() || present.front() != wanted.front())
    throw ConfigError(option + ": " + repo + " on " + site.endpoint() + " has no file " + wanted.front() +
                      "; its data files: " + listed_data_files(paths_of(main)));
  return site.download("main", main, present, "");
}

fs::path download_url_file(const std::string& option, const std::string& url, const fs::path& target,
                           const std::string& missing, const HubSettings& hub, std::ostream& notes) {
  if (hub.offline)
    throw ConfigError(option + ": " + missing + ", and HF_HUB_OFFLINE=1 forbids downloading it from " + url);
  notes << "note: " << option << ": downloading " << url << " into " << target.string() << "\n";
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  const fs::path tmp = target.string() + ".incomplete." + std::to_string(::getpid());
  std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
  if (ec || !out) throw ConfigError(option + ": cannot write " + tmp.string());
  HubRequest req;
  req.url = url;
  req.timeout = hub.timeout;
  req.on_body = [&out](std::string_view chunk) { out.write(chunk.data(), std::streamsize(chunk.size())); };
  try {
    HubResponse res = hub_get(req);
    out.close();
    if (res.status != 200)
      throw std::runtime_error(res.final_url + " answered (HTTP " + std::to_string(res.status) + ")");
    if (!out) throw std::runtime_error("cannot write " + tmp.string());
    fs::rename(tmp, target);
  } catch (const std::exception& e) {
    fs::remove(tmp, ec);
    throw ConfigError(option + ": cannot download " + url + ": " + e.what());
  }
  return target;
}

}  // namespace aiperf
