#include "cli/input_file_peek.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <string_view>

#include <nlohmann/json.hpp>

namespace aiperf {
namespace {

// Upstream's file-based dataset types (cli-and-load.md §3.3).
constexpr std::string_view kUpstreamTypes[] = {
    "single_turn", "multi_turn", "random_pool", "mooncake_trace", "bailian_trace", "baseten_trace",
    "burst_gpt_trace", "raw_payload", "inputs_json", "dag_jsonl", "sagemaker_data_capture", "weka_trace"};

}  // namespace

InputFilePeek peek_input_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("--input-file " + path + ": cannot open file");
  InputFilePeek peek;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    nlohmann::json row = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!row.is_object()) return peek;
    auto ts = row.find("timestamp");
    peek.first_row_has_timestamp = ts != row.end() && !ts->is_null();
    if (row.contains("input_length") || row.contains("text_input") || row.contains("hash_ids"))
      peek.inferred_type = CustomDatasetType::mooncake_trace;
    else if (row.contains("text") || row.contains("texts"))
      peek.inferred_type = CustomDatasetType::single_turn;
    return peek;
  }
  return peek;
}

CustomDatasetType parse_custom_dataset_type(const std::string& flag, const std::string& text) {
  std::string key(text);
  for (char& ch : key) ch = ch == '-' ? '_' : char(std::tolower(static_cast<unsigned char>(ch)));
  if (key == "single_turn") return CustomDatasetType::single_turn;
  if (key == "mooncake_trace") return CustomDatasetType::mooncake_trace;
  if (std::find(std::begin(kUpstreamTypes), std::end(kUpstreamTypes), key) != std::end(kUpstreamTypes) ||
      key.rfind("speed_bench", 0) == 0)
    throw ConfigError(flag + " " + key + " is not supported yet by aiperf-cpp (supported: single_turn, mooncake_trace)");
  throw ConfigError(flag + ": invalid choice '" + text + "' (choose from single_turn, mooncake_trace)");
}

}  // namespace aiperf
