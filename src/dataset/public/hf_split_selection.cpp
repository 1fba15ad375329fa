// Which files of a HuggingFace dataset repo hold a split: HF's data-file naming rules, applied
// alike to a cached snapshot's files and to a hub listing (so what is downloaded is what a later
// offline run reads back).
#include <algorithm>

#include "dataset/public/hf_dataset_download.h"

namespace aiperf {
namespace {

bool is_split_delimiter(char c) { return c == '-' || c == '.' || c == '_' || c == ' ' || c == '/' || (c >= '0' && c <= '9'); }

// The split name as a whole token of the relative path ("train.jsonl",
// "data/train-00000-of-00001.parquet", "test/0.csv", "gsm8k_test.json").
bool path_names_split(const std::string& relative, const std::string& split) {
  for (size_t at = relative.find(split); at != std::string::npos; at = relative.find(split, at + 1)) {
    const size_t end = at + split.size();
    if ((at == 0 || is_split_delimiter(relative[at - 1])) && (end == relative.size() || is_split_delimiter(relative[end])))
      return true;
  }
  return false;
}

bool ends_with_any(const std::string& path, std::initializer_list<std::string_view> extensions) {
  return std::any_of(extensions.begin(), extensions.end(), [&](std::string_view e) { return path.ends_with(e); });
}

bool is_hf_data_file(const std::string& path) { return ends_with_any(path, {".json", ".jsonl", ".csv", ".parquet"}); }

bool in_hidden_folder(const std::string& path) { return path.starts_with(".") || path.find("/.") != std::string::npos; }

}  // namespace

std::vector<std::string> select_hf_split_files(const std::vector<std::string>& relative_paths, const std::string& subset,
                                               bool subset_required, const std::string& split) {
  std::vector<std::string> all;
  for (const std::string& rel : relative_paths)
    if (is_hf_data_file(rel) && !in_hidden_folder(rel)) all.push_back(rel);
  std::vector<std::string> in_subset;
  if (!subset.empty())
    for (const std::string& rel : all)
      if (rel.starts_with(subset + "/") || rel.find("/" + subset + "/") != std::string::npos) in_subset.push_back(rel);
  // A subset the repo has no folder for: the whole repo is that subset (a repo with one config),
  // unless the user named the subset with --hf-subset.
  if (in_subset.empty() && !subset_required) in_subset = all;
  std::vector<std::string> out;
  for (const std::string& rel : in_subset) {
    const std::string within = subset.empty() || !rel.starts_with(subset + "/") ? rel : rel.substr(subset.size() + 1);
    if (path_names_split(within, split)) out.push_back(rel);
  }
  // HF's rule: files that name no split are all "train", unless the README's configs (which we
  // do not read) call them another split, as MMStar's mmstar.parquet is its "val": so they are
  // whichever split is asked for. "train" counts as a name too: a cache holding only a
  // downloaded train split must not pass it off as the test split.
  if (out.empty()) {
    bool any_split_named = false;
    for (const std::string& rel : in_subset)
      for (const char* other : {"train", "test", "validation", "valid", "val", "dev", "eval"})
        any_split_named = any_split_named || path_names_split(rel, other);
    if (!any_split_named) out = in_subset;
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string parquet_branch_config(const std::vector<std::string>& relative_paths, const std::string& subset) {
  std::vector<std::string> configs;
  for (const std::string& rel : relative_paths)
    if (size_t slash = rel.find('/'); slash != std::string::npos && !in_hidden_folder(rel))
      if (std::find(configs.begin(), configs.end(), rel.substr(0, slash)) == configs.end())
        configs.push_back(rel.substr(0, slash));
  const std::string wanted = subset.empty() ? "default" : subset;
  if (std::find(configs.begin(), configs.end(), wanted) != configs.end()) return wanted;
  return subset.empty() && configs.size() == 1 ? configs.front() : std::string();
}

std::vector<std::string> prefer_text_files(const std::vector<std::string>& selected, std::vector<std::string>& dropped) {
  std::vector<std::string> text, parquet;
  for (const std::string& f : selected) (f.ends_with(".parquet") ? parquet : text).push_back(f);
  if (text.empty()) std::swap(text, parquet);
  dropped = std::move(parquet);
  return text;
}

}  // namespace aiperf
