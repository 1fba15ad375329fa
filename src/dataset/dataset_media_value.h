#pragma once
// The image and video cells of HF dataset rows (HF's Image / Video features and plain columns),
// turned into what a chat content part carries (workloads-and-endpoints.md §4, §6.4).
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace aiperf {

// Where a row came from, for resolving relative file paths and naming the row in errors.
struct RowPlace {
  std::filesystem::path file;  // the data file holding the row
  std::string where;           // "<file>, row N" / "<file>, line N"
};

// An image cell as a "data:image/jpeg;base64,..." URL: decoded (JPEG or PNG), converted to RGB
// and re-encoded as JPEG, as upstream does with PIL. Accepted cells: {"bytes": ..., "path": ...}
// (Parquet's raw bytes, or base64 / a data URL in JSON; `path` when bytes are null), a data URL,
// base64 text, or a file path (absolute, or relative to the data file's folder or one above it
// within the snapshot). An http(s) URL is sent as it is. Throws ConfigError "--public-dataset
// <dataset>: <where>: ..." for anything else or undecodable bytes.
std::string image_cell_url(const nlohmann::json& cell, const RowPlace& row, const std::string& dataset);

// A video cell: an http(s) or data URL passed through; {"bytes": ...} or a file path made into
// "data:video/<mp4|webm|...>;base64,..." (the container from the path's extension, else mp4).
std::string video_cell_url(const nlohmann::json& cell, const RowPlace& row, const std::string& dataset);

}  // namespace aiperf
