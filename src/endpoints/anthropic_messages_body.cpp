#include "endpoints/anthropic_messages_body.h"

#include <stdexcept>
#include <string>

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

bool is_system(const ojson& m) { return m.is_object() && m.value("role", "") == "system"; }

// Several leading system messages (a shared prompt plus an authored one) become one string,
// or a list of text blocks when any of them already is a block list.
ojson system_field(const ojson& messages, size_t count) {
  if (count == 1 && messages[0].contains("content")) return messages[0]["content"];
  auto content_of = [&messages](size_t i) {
    auto it = messages[i].find("content");
    return it == messages[i].end() ? ojson() : *it;
  };
  bool any_blocks = false;
  for (size_t i = 0; i < count; ++i) any_blocks |= content_of(i).is_array();
  if (!any_blocks) {
    std::string joined;
    for (size_t i = 0; i < count; ++i) {
      const ojson content = content_of(i);
      if (!content.is_string()) continue;
      if (!joined.empty()) joined += "\n\n";
      joined += content.get<std::string>();
    }
    return joined;
  }
  ojson blocks = ojson::array();
  for (size_t i = 0; i < count; ++i) {
    const ojson content = content_of(i);
    if (content.is_string()) blocks.push_back({{"type", "text"}, {"text", content}});
    else if (content.is_array())
      for (const ojson& b : content) blocks.push_back(b);
  }
  return blocks;
}

// Chat image parts become Anthropic image blocks: a data URL as a base64 source with its media
// type, any other URL as a url source (workloads-and-endpoints.md §6.4). Anthropic takes no
// audio or video content: refused.
void convert_media_parts(ojson& message) {
  if (!message.is_object() || !message.contains("content") || !message["content"].is_array()) return;
  for (ojson& part : message["content"]) {
    if (!part.is_object()) continue;
    const std::string type = part.value("type", "");
    if (type == "input_audio" || type == "video_url")
      throw std::invalid_argument("Anthropic messages carry no " +
                                  std::string(type == "input_audio" ? "audio" : "video") + " content");
    if (type != "image_url") continue;
    const ojson& image = part["image_url"];
    const std::string url = image.is_object() ? image.value("url", "") : image.is_string() ? image.get<std::string>() : "";
    const size_t marker = url.find(";base64,");
    if (url.starts_with("data:") && marker != std::string::npos)
      part = ojson{{"type", "image"},
                   {"source", {{"type", "base64"}, {"media_type", url.substr(5, marker - 5)},
                               {"data", url.substr(marker + 8)}}}};
    else
      part = ojson{{"type", "image"}, {"source", {{"type", "url"}, {"url", url}}}};
  }
}

}  // namespace

ojson anthropic_body_from_chat(ojson chat) {
  ojson messages = std::move(chat["messages"]);
  size_t leading_system = 0;
  if (messages.is_array())
    while (leading_system < messages.size() && is_system(messages[leading_system])) ++leading_system;
  ojson system;
  if (leading_system > 0) {
    system = system_field(messages, leading_system);
    messages.erase(messages.begin(), messages.begin() + std::ptrdiff_t(leading_system));
  }
  ojson max_tokens = kAnthropicDefaultMaxTokens;
  for (const char* key : {"max_completion_tokens", "max_tokens"})
    if (chat.contains(key)) {
      max_tokens = std::move(chat[key]);
      break;
    }
  if (messages.is_array())
    for (ojson& m : messages) convert_media_parts(m);
  ojson body;
  body["messages"] = std::move(messages);
  body["model"] = std::move(chat["model"]);
  body["max_tokens"] = std::move(max_tokens);
  if (chat.value("stream", false)) body["stream"] = true;
  if (!system.is_null()) body["system"] = std::move(system);
  if (chat.contains("tools")) body["tools"] = std::move(chat["tools"]);
  return body;
}

}  // namespace aiperf
