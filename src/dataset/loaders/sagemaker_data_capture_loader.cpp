// --custom-dataset-type sagemaker_data_capture (workloads-and-endpoints.md §3.8): SageMaker
// endpoint data-capture JSONL, one file or a directory searched recursively (S3's hourly
// yyyy/mm/dd/hh/ layout). Each record is an independent single-turn chat request at its
// eventMetadata.inferenceTime, replayed with the captured messages (and tools).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <numeric>

#include "common/base64.h"
#include "common/uuid.h"
#include "config/user_json_nesting.h"
#include "dataset/conversation_id.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/iso8601_time.h"

namespace aiperf {
namespace {

using json = nlohmann::json;

// The text of captureData.<side>.data after its declared encoding.
std::optional<std::string> captured_text(const JsonlRow& row, const json& side, const std::string& name) {
  auto data = side.find("data");
  if (data == side.end() || data->is_null()) return std::nullopt;
  if (!data->is_string()) row.fail(name + ".data must be a string");
  std::string encoding = "JSON";
  if (auto e = side.find("encoding"); e != side.end() && !e->is_null()) {
    if (!e->is_string()) row.fail(name + ".encoding must be a string");
    encoding = e->get<std::string>();
  }
  if (encoding == "BASE64") {
    std::optional<std::string> decoded = base64_decode(data->get<std::string>());
    if (!decoded) row.fail(name + ".data is not valid base64");
    return decoded;
  }
  if (encoding == "JSON" || encoding == "CSV") return data->get<std::string>();
  row.fail(name + ".encoding '" + encoding + "' is not one of JSON, BASE64");
}

struct CaptureRecord {
  DatasetEntry entry;
  double timestamp_ms = 0;
  size_t line = 0;
};

CaptureRecord read_record(const JsonlRow& row) {
  auto capture = row.value.find("captureData");
  if (capture == row.value.end() || !capture->is_object()) row.fail("no 'captureData' object");
  auto input = capture->find("endpointInput");
  if (input == capture->end() || !input->is_object()) row.fail("no 'captureData.endpointInput' object");
  std::optional<std::string> input_text = captured_text(row, *input, "captureData.endpointInput");
  if (!input_text) row.fail("captureData.endpointInput has no 'data'");
  const std::string at = "--input-file " + row.path + ", line " + std::to_string(row.line) + ", captureData.";
  require_json_nesting(*input_text, at + "endpointInput.data");
  const json body = json::parse(*input_text, nullptr, /*allow_exceptions=*/false);
  auto messages = body.is_object() ? body.find("messages") : body.end();
  if (!body.is_object() || messages == body.end() || !messages->is_array() || messages->empty())
    row.fail("captureData.endpointInput.data is not an OpenAI chat body with a non-empty 'messages' list");

  CaptureRecord r;
  r.line = row.line;
  r.entry.recorded.edit().literal_messages = messages->dump();
  if (auto tools = body.find("tools"); tools != body.end() && !tools->is_null()) {
    if (!tools->is_array()) row.fail("captureData.endpointInput.data: 'tools' must be a list");
    r.entry.recorded.edit().literal_tools = tools->dump();
  }
  // Either spelling of the captured output cap; max_completion_tokens is the newer one.
  for (const char* key : {"max_tokens", "max_completion_tokens"})
    if (auto v = body.find(key); v != body.end() && !v->is_null()) {
      if (!v->is_number_integer() || v->get<int64_t>() < 1)
        row.fail(std::string("captureData.endpointInput.data: '") + key + "' must be an integer >= 1");
      r.entry.max_tokens = v->get<int64_t>();
    }
  r.entry.resend_history = false;

  // The recorded input length, when the (non-streaming) output was captured with usage.
  if (auto output = capture->find("endpointOutput"); output != capture->end() && output->is_object())
    if (std::optional<std::string> text = captured_text(row, *output, "captureData.endpointOutput")) {
      require_json_nesting(*text, at + "endpointOutput.data");
      const json reply = json::parse(*text, nullptr, /*allow_exceptions=*/false);
      if (reply.is_object())
        if (auto usage = reply.find("usage"); usage != reply.end() && usage->is_object())
          if (auto pt = usage->find("prompt_tokens"); pt != usage->end() && pt->is_number_integer())
            r.entry.intended_input_tokens = pt->get<int64_t>();
    }

  auto meta = row.value.find("eventMetadata");
  if (meta == row.value.end() || !meta->is_object()) row.fail("no 'eventMetadata' object");
  auto time = meta->find("inferenceTime");
  if (time == meta->end() || !time->is_string()) row.fail("eventMetadata.inferenceTime must be a string");
  std::optional<double> ms = iso8601_ms(time->get<std::string>());
  if (!ms)
    row.fail("eventMetadata.inferenceTime '" + time->get<std::string>() +
             "' is not an ISO-8601 time like 2026-03-02T10:15:04Z");
  r.timestamp_ms = *ms;
  return r;
}

// The capture files: the path itself, or every .jsonl below the directory in path order.
std::vector<std::string> capture_files(const std::string& input) {
  std::error_code ec;
  if (!std::filesystem::is_directory(input, ec)) return {input};
  std::vector<std::string> files;
  for (auto it = std::filesystem::recursive_directory_iterator(input, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file() && it->path().extension() == ".jsonl") files.push_back(it->path().string());
  if (ec) throw ConfigError("--input-file " + input + ": cannot list the directory: " + ec.message());
  if (files.empty()) throw ConfigError("--input-file " + input + ": the directory has no .jsonl files");
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

FileDataset load_sagemaker_data_capture(const DatasetBuildSettings& config, const Tokenizer&) {
  if (config.endpoint_type != EndpointType::chat)
    throw ConfigError("--custom-dataset-type sagemaker_data_capture replays chat messages: it needs --endpoint-type chat");
  std::vector<CaptureRecord> records;
  for (const std::string& file : capture_files(*config.input_file))
    for_each_jsonl_row(file, [&](const JsonlRow& row) { records.push_back(read_record(row)); });
  // Captures are hourly files with second-resolution times: order them by time, file order
  // breaking ties, so the replay order does not depend on how S3 named the files.
  std::stable_sort(records.begin(), records.end(),
                   [](const CaptureRecord& a, const CaptureRecord& b) { return a.timestamp_ms < b.timestamp_ms; });
  FileDataset out;
  for (CaptureRecord& r : records) {
    r.entry.model = config.model_names.front();
    r.entry.conversation_id = default_conversation_id(config, out.dataset.entries.size());
    out.dataset.entries.push_back(std::move(r.entry));
    out.timestamps_ms.push_back(r.timestamp_ms);
    out.lines.push_back(r.line);
  }
  return out;
}

}  // namespace aiperf
