#include "cli/input_file_peek.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <zlib.h>

#include "config/enum_names.h"
#include "config/user_json_nesting.h"

namespace aiperf {
namespace {

// Upstream's file-based dataset types (cli-and-load.md §3.3).
constexpr std::string_view kUpstreamTypes[] = {
    "single_turn", "multi_turn", "random_pool", "mooncake_trace", "bailian_trace", "baseten_trace",
    "burst_gpt_trace", "raw_payload", "inputs_json", "dag_jsonl", "sagemaker_data_capture", "weka_trace", "tracelab"};

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

std::string whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every document is checked for nesting before nlohmann sees it (common/json_nesting.h).
nlohmann::json parse_document(const std::string& path) {
  const std::string text = whole_file(path);
  require_json_nesting(text, "--input-file " + path, 1);
  return nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
}

// inputs.json is one (pretty-printed) document, not JSONL: read whole when its first line is
// not a JSON object by itself.
bool inputs_json_document(const std::string& path) {
  nlohmann::json doc = parse_document(path);
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

// A weka trace (workloads-and-endpoints.md §3.9) is one JSON object, often pretty-printed,
// with its request list and the block size its hash ids were cut with.
bool weka_trace_object(const nlohmann::json& doc) {
  return doc.is_object() && doc.contains("requests") && doc["requests"].is_array() && doc.contains("block_size");
}

bool weka_trace_document(const std::string& path) { return weka_trace_object(parse_document(path)); }

// The first .json file of a directory, in name order (weka_trace directories).
std::string first_json_file(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path().string());
  return files.empty() ? std::string() : *std::min_element(files.begin(), files.end());
}

// A TraceLab round (§3.10): token counts of one LLM call of a session, with its event times.
bool tracelab_row(const nlohmann::json& row) {
  return row.contains("session_id") && row.contains("round_index") && row.contains("input_tokens_total");
}

void peek_tracelab_row(const nlohmann::json& row, InputFilePeek& peek) {
  peek.inferred_type = CustomDatasetType::tracelab;
  auto events = row.find("timing_events");
  peek.first_row_has_timestamp = events != row.end() && events->is_array() && !events->empty();
}

// A gzip file can only be a (compressed) tracelab corpus.
InputFilePeek peek_gzip_file(const std::string& path) {
  InputFilePeek peek;
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f) throw ConfigError("--input-file " + path + ": cannot open file");
  std::string line;
  char buf[1 << 16];
  while (gzgets(f, buf, sizeof buf)) {
    line += buf;
    if (line.back() != '\n') continue;
    if (line.find_first_not_of(" \t\r\n") != std::string::npos) break;
    line.clear();
  }
  gzclose(f);
  require_json_nesting(line, "--input-file " + path);
  nlohmann::json row = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (row.is_object() && tracelab_row(row)) peek_tracelab_row(row, peek);
  return peek;
}

// §5.2: turns are message lists (multi_turn turns carry text/texts, never messages), or the
// row has a DAG-only key.
bool dag_jsonl_row(const nlohmann::json& row) {
  if (row.contains("pre_session_spawns") || row.contains("orchestrator")) return true;
  auto turns = row.find("turns");
  return turns != row.end() && turns->is_array() && !turns->empty() && (*turns)[0].is_object() &&
         (*turns)[0].contains("messages");
}

bool sagemaker_capture_row(const nlohmann::json& row) {
  auto capture = row.find("captureData");
  return capture != row.end() && capture->is_object() && capture->contains("endpointInput");
}

// A row's "type" field names its type exactly as the table spells it.
std::optional<CustomDatasetType> type_named(const std::string& key) {
  for (const EnumName<CustomDatasetType>& n : names_of(CustomDatasetType{}))
    if (key == n.name) return n.value;
  return std::nullopt;
}

std::string implemented_list() { return choices_of<CustomDatasetType>(); }

// A dataset is text: NUL or other control bytes (tab, CR, LF and FF aside) in its first block
// mean an image, an archive or a Parquet file under another name.
bool looks_binary(std::istream& in) {
  char block[4096];
  in.read(block, sizeof block);
  for (std::streamsize i = 0; i < in.gcount(); ++i) {
    const auto c = static_cast<unsigned char>(block[i]);
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') || c == 0x7f) return true;
  }
  return false;
}

std::string not_a_json_object(const std::string& path, size_t number, const std::string& line,
                              const nlohmann::json& row) {
  const std::string where = path + " line " + std::to_string(number);
  if (!row.is_discarded()) return where + " is a JSON " + row.type_name() + ", not an object";
  try {
    const nlohmann::json again = nlohmann::json::parse(line);  // throws with the reason this time
  } catch (const nlohmann::json::parse_error& e) {
    std::string reason = e.what();
    if (size_t at = reason.find("parse error"); at != std::string::npos) reason.erase(0, at);
    return where + " is not valid JSON: " + reason;
  }
  return where + " is not valid JSON";
}

// The type a first row's fields name (cli-and-load.md §3.3's inference order).
void peek_row(const nlohmann::json& row, InputFilePeek& peek) {
  auto ts = row.find("timestamp");
  peek.first_row_has_timestamp = ts != row.end() && !ts->is_null();
  if (weka_trace_object(row)) {
    peek.inferred_type = CustomDatasetType::weka_trace;
    peek.first_row_has_timestamp = false;
    return;
  }
  if (tracelab_row(row)) {
    peek_tracelab_row(row, peek);
    return;
  }
  if (sagemaker_capture_row(row)) {
    auto meta = row.find("eventMetadata");
    peek.first_row_has_timestamp = meta != row.end() && meta->is_object() && meta->contains("inferenceTime");
    peek.inferred_type = CustomDatasetType::sagemaker_data_capture;
    return;
  }
  // An explicit "type" naming a dataset type wins (bailian's own "type" is text/search/...).
  if (auto t = row.find("type"); t != row.end() && t->is_string() && type_named(t->get<std::string>()))
    peek.inferred_type = type_named(t->get<std::string>());
  else if (auto data = row.find("data"); data != row.end() && data->is_array() && !data->empty() &&
                                         (*data)[0].is_object() && (*data)[0].contains("payloads"))
    peek.inferred_type = CustomDatasetType::inputs_json;  // a compact inputs.json on one line
  else if (raw_payload_row(row))
    peek.inferred_type = CustomDatasetType::raw_payload;
  else if (dag_jsonl_row(row))
    peek.inferred_type = CustomDatasetType::dag_jsonl;
  else if (row.contains("turns"))
    peek.inferred_type = CustomDatasetType::multi_turn;
  else if (row.contains("chat_id"))
    peek.inferred_type = CustomDatasetType::bailian_trace;
  else if (row.contains("input_length") || row.contains("text_input") || row.contains("hash_ids"))
    peek.inferred_type = CustomDatasetType::mooncake_trace;
  else if (row.contains("text") || row.contains("texts"))
    peek.inferred_type = CustomDatasetType::single_turn;  // random_pool rows look the same: needs the flag
}

}  // namespace

InputFilePeek peek_input_file(const std::string& path) {
  InputFilePeek peek;
  std::error_code ec;
  // A directory is a set of pools, or of raw_payload conversations (its first file tells).
  if (std::filesystem::is_directory(path, ec)) {
    peek.inferred_type = CustomDatasetType::random_pool;
    if (std::string first = first_json_file(path); !first.empty() && first_jsonl_file(path).empty() &&
                                                   weka_trace_document(first)) {
      peek.inferred_type = CustomDatasetType::weka_trace;
      return peek;
    }
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
  if (path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0) return peek_gzip_file(path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("--input-file " + path + ": cannot open file");
  // Columnar files are baseten traces (§3.6), whose timestamp column is required; the loader
  // refuses Arrow IPC with its own message.
  char magic[6] = {};
  in.read(magic, sizeof magic);
  if (std::string_view(magic, 4) == "PAR1" || std::string_view(magic, 6) == "ARROW1") {
    peek.inferred_type = CustomDatasetType::baseten_trace;
    peek.first_row_has_timestamp = true;
    return peek;
  }
  in.clear();
  in.seekg(0);
  if (looks_binary(in)) {
    peek.why_unknown = path + " looks binary (control bytes in its first block), not JSON Lines or CSV";
    return peek;
  }
  in.clear();
  in.seekg(0);
  std::string line;
  for (size_t number = 1; std::getline(in, line); ++number) {
    const size_t first = line.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) continue;
    require_json_nesting(line, "--input-file " + path, number);
    nlohmann::json row = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!row.is_object()) {
      if (line[first] == '{' && inputs_json_document(path))
        peek.inferred_type = CustomDatasetType::inputs_json;
      else if (line[first] == '{' && weka_trace_document(path))
        peek.inferred_type = CustomDatasetType::weka_trace;  // relative times: no auto fixed schedule
      if (burst_gpt_header(line)) {
        peek.inferred_type = CustomDatasetType::burst_gpt_trace;
        peek.first_row_has_timestamp = true;  // the Timestamp column is required on every row
      }
      if (!peek.inferred_type) peek.why_unknown = not_a_json_object(path, number, line, row);
      return peek;
    }
    peek_row(row, peek);
    if (!peek.inferred_type)
      peek.why_unknown = path + " line " + std::to_string(number) +
                         " is a JSON object without a field that names its type (e.g. text, turns, input_length)";
    return peek;
  }
  peek.why_unknown = path + " is empty";
  return peek;
}

CustomDatasetType parse_custom_dataset_type(const std::string& flag, const std::string& text) {
  const std::string key = enum_key(text);
  if (std::optional<CustomDatasetType> t = type_named(key)) return *t;
  if (std::find(std::begin(kUpstreamTypes), std::end(kUpstreamTypes), key) != std::end(kUpstreamTypes) ||
      key.rfind("speed_bench", 0) == 0)
    throw ConfigError(flag + " " + key + " is not supported yet by aiperf-cpp (supported: " + implemented_list() + ")");
  throw ConfigError(flag + ": invalid choice '" + text + "' (choose from " + implemented_list() + ")");
}

}  // namespace aiperf
