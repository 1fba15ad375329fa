#include "accuracy/benchmark_files.h"

#include <fstream>
#include <sstream>

#include "config/profile_config.h"
#include "dataset/csv_records.h"
#include "dataset/public/hf_rows.h"
#include "common/log.h"
#include "dataset/public/hf_dataset_download.h"
#include "dataset/public/public_dataset.h"
#include "tokenizer/tokenizer_source.h"

namespace aiperf {

namespace fs = std::filesystem;

namespace {

std::string benchmark_flag(const BenchmarkInfo& b) { return "--accuracy-benchmark " + std::string(b.name); }

void read_csv_rows(const BenchmarkInfo& b, const fs::path& file,
                   const std::function<void(const nlohmann::json&, const std::string&)>& row) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ConfigError(benchmark_flag(b) + ": " + file.string() + ": cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  size_t unterminated = 0;
  const std::vector<CsvRecord> records = parse_csv(text.str(), unterminated);
  if (unterminated)
    throw ConfigError(benchmark_flag(b) + ": " + file.string() + ":" + std::to_string(unterminated) +
                      ": unterminated quoted field");
  if (records.empty()) return;
  const std::vector<std::string>& header = records[0].fields;
  for (size_t i = 1; i < records.size(); ++i) {
    nlohmann::json value = nlohmann::json::object();
    for (size_t f = 0; f < header.size() && f < records[i].fields.size(); ++f) value[header[f]] = records[i].fields[f];
    row(value, file.string() + ":" + std::to_string(records[i].line));
  }
}

}  // namespace

std::vector<fs::path> benchmark_split_files(const BenchmarkInfo& b, const std::string& subset,
                                            const std::string& split) {
  // A configuration kept as one file named after it (Idavidrein/gpqa's gpqa_diamond.csv), when cached.
  const DatasetSearch snapshot = find_hf_dataset_snapshot(std::string(b.repo));
  if (snapshot.found && !subset.empty() && hf_split_files(*snapshot.found, subset, true, split).empty()) {
    std::vector<fs::path> files;
    for (const fs::path& f : hf_split_files(*snapshot.found, "", false, split))
      if (f.stem() == subset) files.push_back(f);
    if (!files.empty()) return files;
  }
  // Otherwise the split's files as --public-dataset finds them: from the HF cache, else downloaded
  // from the hub with the same client, cache layout, token and offline rules (docs/datasets.md).
  return hf_dataset_split_files(benchmark_flag(b), std::string(b.repo), subset, !subset.empty(), split,
                                HubSettings::from_env(), console_notes());
}

void for_each_benchmark_row(const BenchmarkInfo& b, const std::vector<fs::path>& files,
                            const std::vector<std::string>& columns,
                            const std::function<void(const nlohmann::json&, const std::string&)>& row) {
  for (const fs::path& file : files) {
    if (file.extension() == ".csv") {
      read_csv_rows(b, file, row);
      continue;
    }
    try {
      for_each_hf_row({file}, columns, std::string(b.name), row);
    } catch (const ConfigError& e) {
      // hf_rows names the --public-dataset option; say which option this is.
      std::string what = e.what();
      const std::string prefix = "--public-dataset " + std::string(b.name) + ": ";
      if (what.starts_with(prefix)) what = what.substr(prefix.size());
      throw ConfigError(benchmark_flag(b) + ": " + what);
    }
  }
}

std::string row_text(const BenchmarkInfo& b, const nlohmann::json& row, const std::string& field,
                     const std::string& where) {
  const auto it = row.find(field);
  if (it == row.end() || it->is_null())
    throw ConfigError(benchmark_flag(b) + ": " + where + ": no '" + field + "' field");
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer()) return std::to_string(it->get<int64_t>());
  if (it->is_number()) return it->dump();
  throw ConfigError(benchmark_flag(b) + ": " + where + ": '" + field + "' is not text");
}

}  // namespace aiperf
