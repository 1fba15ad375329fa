#pragma once
// Rows of a HuggingFace split as JSON objects, for the public datasets whose rows need more than
// one text column (lists of turns, several columns, whole trace objects). Reads .json (a list of
// objects, or JSON Lines), .jsonl and .parquet (the named columns: flat values, one-level lists,
// struct columns as objects of their fields and lists of structs as arrays of objects: HF's
// Audio / Image features become {"bytes": <raw bytes in a JSON string>, "path": ...}).
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace aiperf {

// Calls `row(value, where)` for every row, file by file in the given order; `where` names the
// file and line (JSON) or row (Parquet) for error messages. A Parquet row holds only those of
// `parquet_columns` its file has (NULL as null). Throws ConfigError "--public-dataset <dataset>:
// <file>...: ..." for an unreadable file, a row that is not a JSON object, or a .csv file.
void for_each_hf_row(const std::vector<std::filesystem::path>& files, const std::vector<std::string>& parquet_columns,
                     const std::string& dataset,
                     const std::function<void(const nlohmann::json& value, const std::string& where)>& row);

}  // namespace aiperf
