#include "mock_server/audio_capture.h"

#include <atomic>
#include <cctype>
#include <fstream>

#include <nlohmann/json.hpp>

#include "common/base64.h"

namespace aiperf::mock {

std::string save_input_audio(const std::string& dir, std::string_view body) {
  static std::atomic<uint64_t> requests{0};
  const nlohmann::json doc = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (!doc.is_object() || !doc.contains("messages") || !doc["messages"].is_array()) return "";
  const uint64_t request = ++requests;
  int part = 0;
  for (const nlohmann::json& m : doc["messages"]) {
    if (!m.is_object() || !m.contains("content") || !m["content"].is_array()) continue;
    for (const nlohmann::json& p : m["content"]) {
      if (!p.is_object() || !p.contains("type") || p["type"] != "input_audio") continue;
      const nlohmann::json& audio = p.contains("input_audio") ? p["input_audio"] : nlohmann::json::object();
      if (!audio.is_object() || !audio.contains("data") || !audio["data"].is_string())
        return "input_audio part without a 'data' string";
      const std::optional<std::string> bytes = base64_decode(audio["data"].get_ref<const std::string&>());
      if (!bytes) return "input_audio 'data' is not base64";
      std::string format = audio.contains("format") && audio["format"].is_string() ? audio["format"].get<std::string>() : "bin";
      for (char& c : format)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      const std::string path = dir + "/" + std::to_string(request) + "-" + std::to_string(++part) + "." + format;
      std::ofstream out(path, std::ios::binary);
      if (!(out << *bytes)) return "--save-audio: cannot write " + path;
    }
  }
  return "";
}

}  // namespace aiperf::mock
