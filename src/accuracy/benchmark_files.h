#pragma once
// Where a benchmark's problem files are found and how their rows are read. Problem sets are
// never bundled: they are the public datasets' own files (Parquet, JSON, JSONL, CSV), found in the
// HF hub cache or downloaded into it as --public-dataset does (dataset/public/hf_dataset_download.h).
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "config/accuracy_benchmarks.h"

namespace aiperf {

// The data files of `split` of `benchmark`'s repo, in the folder `subset` ("" : the whole
// snapshot), from the cache or downloaded. Throws ConfigError "--accuracy-benchmark <name>: ..."
// (offline and not cached, HTTP 401/403 naming HF_TOKEN, no file for the split, ...).
std::vector<std::filesystem::path> benchmark_split_files(const BenchmarkInfo& benchmark, const std::string& subset,
                                                         const std::string& split);

// Every row of `files` as a JSON object (a CSV row: an object of its header's fields, as
// strings). Parquet rows hold only `columns`. Errors are ConfigErrors naming the benchmark, the
// file and the row.
void for_each_benchmark_row(const BenchmarkInfo& benchmark, const std::vector<std::filesystem::path>& files,
                            const std::vector<std::string>& columns,
                            const std::function<void(const nlohmann::json& row, const std::string& where)>& row);

// A string field of `row`; a number is written in decimal. Throws ConfigError naming `where`
// when the field is missing or of another type.
std::string row_text(const BenchmarkInfo& benchmark, const nlohmann::json& row, const std::string& field,
                     const std::string& where);

}  // namespace aiperf
