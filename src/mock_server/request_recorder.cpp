#include "mock_server/request_recorder.h"

#include <nlohmann/json.hpp>

namespace aiperf::mock {

std::string RequestRecorder::open(const std::string& path) {
  file_ = std::fopen(path.c_str(), "w");
  return file_ ? std::string() : "--record-requests: cannot write '" + path + "'";
}

void RequestRecorder::record(std::string_view method, std::string_view target,
                             const std::vector<std::pair<std::string, std::string>>& headers,
                             std::string_view body) {
  if (!file_) return;
  nlohmann::ordered_json line;
  line["method"] = method;
  line["target"] = target;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& [name, value] : headers) list.push_back({name, value});
  line["headers"] = std::move(list);
  nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (!body.empty() && !parsed.is_discarded()) {
    line["body"] = std::move(parsed);
  } else {
    line["body_text"] = body;
  }
  // Invalid UTF-8 in a client's body is written as U+FFFD rather than failing the dump.
  const std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  std::lock_guard lock(mutex_);
  std::fwrite(text.data(), 1, text.size(), file_);
  std::fflush(file_);
}

RequestRecorder::~RequestRecorder() {
  if (file_) std::fclose(file_);
}

}  // namespace aiperf::mock
