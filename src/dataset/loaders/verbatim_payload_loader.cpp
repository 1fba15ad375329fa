// --custom-dataset-type raw_payload and inputs_json (workloads-and-endpoints.md §3.12): every
// turn is a complete request body, sent byte for byte. Nothing is rendered, so no history is
// accumulated (the bodies already hold it) and no prompt options apply.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/uuid.h"
#include "config/user_json_nesting.h"
#include "dataset/conversation_id.h"
#include "dataset/loaders/input_file_dataset.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

std::string trimmed_line(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

[[noreturn]] void fail(const std::string& path, size_t line, const std::string& message) {
  throw ConfigError("--input-file " + path + (line ? ", line " + std::to_string(line) : "") + ": " + message);
}

// One raw_payload line: must be a JSON object with a `messages` list; its exact text is the body.
std::string raw_payload_body(const std::string& path, size_t line, const std::string& text) {
  require_json_nesting(text, "--input-file " + path, line);
  ojson body = ojson::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!body.is_object()) fail(path, line, "not a JSON object");
  auto messages = body.find("messages");
  if (messages == body.end() || !messages->is_array())
    fail(path, line, "a raw_payload row needs a 'messages' list");
  return text;
}

struct Body {
  std::string text;
  size_t line = 0;
};

std::vector<Body> raw_payload_lines(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("--input-file " + path + ": cannot open file");
  std::vector<Body> bodies;
  std::string line;
  for (size_t n = 1; std::getline(in, line); ++n) {
    std::string text = trimmed_line(line);
    if (!text.empty()) bodies.push_back({raw_payload_body(path, n, text), n});
  }
  if (bodies.empty()) fail(path, 0, "no rows");
  return bodies;
}

// One conversation: turn t sends bodies[t], each turn right after the previous reply.
void add_conversation(FileDataset& out, const DatasetBuildSettings& config, std::string id, std::vector<std::string> bodies,
                      size_t line) {
  DatasetEntry entry;
  entry.conversation_id = std::move(id);
  entry.model = config.model_names.front();
  entry.resend_history = false;
  entry.later_turns.resize(bodies.size() - 1);
  entry.recorded.edit().raw_bodies = std::move(bodies);
  out.dataset.entries.push_back(std::move(entry));
  out.timestamps_ms.push_back(std::nullopt);
  out.lines.push_back(line);
}

}  // namespace

FileDataset load_raw_payload_file(const DatasetBuildSettings& config, const Tokenizer&) {
  const std::string& input = *config.input_file;
  FileDataset out;
  std::error_code ec;
  if (!std::filesystem::is_directory(input, ec)) {
    for (Body& b : raw_payload_lines(input))
      add_conversation(out, config, default_conversation_id(config, out.dataset.entries.size()), {std::move(b.text)}, b.line);
    return out;
  }
  // A directory: each .jsonl file, in name order, is one conversation; its lines are the turns.
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(input, ec))
    if (e.is_regular_file() && e.path().extension() == ".jsonl") files.push_back(e.path().string());
  if (ec) throw ConfigError("--input-file " + input + ": cannot list the directory: " + ec.message());
  if (files.empty()) throw ConfigError("--input-file " + input + ": the directory has no .jsonl files");
  std::sort(files.begin(), files.end());
  for (const std::string& file : files) {
    std::vector<std::string> bodies;
    for (Body& b : raw_payload_lines(file)) bodies.push_back(std::move(b.text));
    add_conversation(out, config, default_conversation_id(config, out.dataset.entries.size()), std::move(bodies), 0);
  }
  return out;
}

// Our own inputs.json (and upstream's): {"data": [{"session_id", "payloads": [body, ...]}]}.
// A payload is re-serialised compactly in its own key order: the bytes a run sent and then
// wrote pretty-printed into inputs.json come back identical.
FileDataset load_inputs_json_file(const DatasetBuildSettings& config, const Tokenizer&) {
  const std::string& path = *config.input_file;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("--input-file " + path + ": cannot open file");
  std::stringstream text;
  text << in.rdbuf();
  require_json_nesting(text.view(), "--input-file " + path, 1);
  ojson doc;
  try {
    doc = ojson::parse(text.str());
  } catch (const ojson::parse_error& e) {
    fail(path, 0, std::string("invalid JSON: ") + e.what());
  }
  auto data = doc.is_object() ? doc.find("data") : doc.end();
  if (!doc.is_object() || data == doc.end() || !data->is_array())
    fail(path, 0, "an inputs_json file is an object with a 'data' list");
  if (data->empty()) fail(path, 0, "'data' is empty");
  FileDataset out;
  for (size_t i = 0; i < data->size(); ++i) {
    const ojson& session = (*data)[i];
    const std::string where = "data[" + std::to_string(i) + "]";
    if (!session.is_object()) fail(path, 0, where + " is not an object");
    auto id = session.find("session_id");
    auto payloads = session.find("payloads");
    if (id == session.end() || !id->is_string()) fail(path, 0, where + ": 'session_id' must be a string");
    if (payloads == session.end() || !payloads->is_array() || payloads->empty())
      fail(path, 0, where + ": 'payloads' must be a non-empty list");
    std::vector<std::string> bodies;
    for (size_t t = 0; t < payloads->size(); ++t) {
      if (!(*payloads)[t].is_object())
        fail(path, 0, where + ".payloads[" + std::to_string(t) + "] is not a JSON object");
      bodies.push_back((*payloads)[t].dump());
    }
    add_conversation(out, config, id->get<std::string>(), std::move(bodies), 0);
  }
  return out;
}

}  // namespace aiperf
