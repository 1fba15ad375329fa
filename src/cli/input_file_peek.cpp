#include "cli/input_file_peek.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace aiperf {
namespace {

// Upstream's file-based dataset types (cli-and-load.md §3.3).
constexpr std::string_view kUpstreamTypes[] = {
    "single_turn", "multi_turn", "random_pool", "mooncake_trace", "bailian_trace", "baseten_trace",
    "burst_gpt_trace", "raw_payload", "inputs_json", "dag_jsonl", "sagemaker_data_capture", "weka_trace"};

constexpr CustomDatasetType kImplementedTypes[] = {
    CustomDatasetType::single_turn,   CustomDatasetType::multi_turn,    CustomDatasetType::random_pool,
    CustomDatasetType::mooncake_trace, CustomDatasetType::bailian_trace, CustomDatasetType::burst_gpt_trace,
    CustomDatasetType::raw_payload,   CustomDatasetType::inputs_json,   CustomDatasetType::sagemaker_data_capture};

// BurstGPT CSV (workloads-and-endpoints.md §3.7) is found by its header, not by JSON fields.
bool burst_gpt_header(const std::string& line) {
  return line.find("Timestamp") != std::string::npos && line.find("Request tokens") != std::string::npos &&
         line.find("Response tokens") != std::string::npos;
}

// §3.12: a complete chat body; rows that also carry conversation_id or a list-valued data
// belong to other formats.
bool raw_payload_row(const nlohmann::json& row) {
  auto messages = row.find("messages");
  auto data = row.find("data");
  return messages != row.end() && messages->is_array() && !row.contains("conversation_id") &&
         !(data != row.end() && data->is_array());
}

// inputs.json is one (pretty-printed) document, not JSONL: read whole when its first line is
// not a JSON object by itself.
bool inputs_json_document(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  nlohmann::json doc = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!doc.is_object()) return false;
  auto data = doc.find("data");
  return data != doc.end() && data->is_array() && !data->empty() && (*data)[0].is_object() &&
         (*data)[0].contains("payloads");
}

// The first .jsonl file of a directory, in name order (raw_payload directories).
std::string first_jsonl_file(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".jsonl") files.push_back(e.path().string());
  return files.empty() ? std::string() : *std::min_element(files.begin(), files.end());
}

// SageMaker data capture (§3.8) nests its hourly files in yyyy/mm/dd/hh folders.
std::string first_jsonl_file_below(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file() && it->path().extension() == ".jsonl") files.push_back(it->path().string());
  return files.empty() ? std::string() : *std::min_element(files.begin(), files.end());
}

bool sagemaker_capture_row(const nlohmann::json& row) {
  auto capture = row.find("captureData");
  return capture != row.end() && capture->is_object() && capture->contains("endpointInput");
}

std::optional<CustomDatasetType> type_named(const std::string& key) {
  for (CustomDatasetType t : kImplementedTypes)
    if (key == custom_dataset_type_name(t)) return t;
  return std::nullopt;
}

std::string implemented_list() {
  std::string out;
  for (CustomDatasetType t : kImplementedTypes) out += std::string(out.empty() ? "" : ", ") + custom_dataset_type_name(t);
  return out;
}

}  // namespace

InputFilePeek peek_input_file(const std::string& path) {
  InputFilePeek peek;
  std::error_code ec;
  // A directory is a set of pools, or of raw_payload conversations (its first file tells).
  if (std::filesystem::is_directory(path, ec)) {
    peek.inferred_type = CustomDatasetType::random_pool;
    if (std::string first = first_jsonl_file(path); !first.empty()) {
      InputFilePeek file = peek_input_file(first);
      if (file.inferred_type == CustomDatasetType::raw_payload) peek.inferred_type = CustomDatasetType::raw_payload;
    }
    if (std::string first = first_jsonl_file_below(path); !first.empty()) {
      InputFilePeek file = peek_input_file(first);
      if (file.inferred_type == CustomDatasetType::sagemaker_data_capture) peek = file;
    }
    return peek;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("--input-file " + path + ": cannot open file");
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    nlohmann::json row = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!row.is_object()) {
      if (line.find_first_not_of(" \t\r") < line.size() && line[line.find_first_not_of(" \t\r")] == '{' &&
          inputs_json_document(path))
        peek.inferred_type = CustomDatasetType::inputs_json;
      if (burst_gpt_header(line)) {
        peek.inferred_type = CustomDatasetType::burst_gpt_trace;
        peek.first_row_has_timestamp = true;  // the Timestamp column is required on every row
      }
      return peek;
    }
    auto ts = row.find("timestamp");
    peek.first_row_has_timestamp = ts != row.end() && !ts->is_null();
    if (sagemaker_capture_row(row)) {
      auto meta = row.find("eventMetadata");
      peek.first_row_has_timestamp = meta != row.end() && meta->is_object() && meta->contains("inferenceTime");
      peek.inferred_type = CustomDatasetType::sagemaker_data_capture;
      return peek;
    }
    // An explicit "type" naming a dataset type wins (bailian's own "type" is text/search/...).
    if (auto t = row.find("type"); t != row.end() && t->is_string() && type_named(t->get<std::string>()))
      peek.inferred_type = type_named(t->get<std::string>());
    else if (auto data = row.find("data"); data != row.end() && data->is_array() && !data->empty() &&
                                           (*data)[0].is_object() && (*data)[0].contains("payloads"))
      peek.inferred_type = CustomDatasetType::inputs_json;  // a compact inputs.json on one line
    else if (raw_payload_row(row))
      peek.inferred_type = CustomDatasetType::raw_payload;
    else if (row.contains("turns"))
      peek.inferred_type = CustomDatasetType::multi_turn;
    else if (row.contains("chat_id"))
      peek.inferred_type = CustomDatasetType::bailian_trace;
    else if (row.contains("input_length") || row.contains("text_input") || row.contains("hash_ids"))
      peek.inferred_type = CustomDatasetType::mooncake_trace;
    else if (row.contains("text") || row.contains("texts"))
      peek.inferred_type = CustomDatasetType::single_turn;  // random_pool rows look the same: needs the flag
    return peek;
  }
  return peek;
}

CustomDatasetType parse_custom_dataset_type(const std::string& flag, const std::string& text) {
  std::string key(text);
  for (char& ch : key) ch = ch == '-' ? '_' : char(std::tolower(static_cast<unsigned char>(ch)));
  if (std::optional<CustomDatasetType> t = type_named(key)) return *t;
  if (std::find(std::begin(kUpstreamTypes), std::end(kUpstreamTypes), key) != std::end(kUpstreamTypes) ||
      key.rfind("speed_bench", 0) == 0)
    throw ConfigError(flag + " " + key + " is not supported yet by aiperf-cpp (supported: " + implemented_list() + ")");
  throw ConfigError(flag + ": invalid choice '" + text + "' (choose from " + implemented_list() + ")");
}

}  // namespace aiperf
