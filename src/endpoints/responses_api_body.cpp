#include "endpoints/responses_api_body.h"

#include <optional>
#include <stdexcept>
#include <string>

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// Chat text parts are `{"type":"text"}`; the Responses API names them by direction. Images are
// `input_image` parts whose `image_url` is the URL string itself; `input_audio` parts are the
// chat ones (workloads-and-endpoints.md §6.4). Video has no Responses part: refused.
ojson input_content(ojson content, bool from_assistant) {
  if (!content.is_array()) return content;
  for (ojson& part : content) {
    if (!part.is_object()) continue;
    const std::string type = part.value("type", "");
    if (type == "text") {
      part["type"] = from_assistant ? "output_text" : "input_text";
    } else if (type == "image_url") {
      const ojson& image = part["image_url"];
      ojson url = image.is_object() && image.contains("url") ? image["url"] : image;
      part = ojson{{"type", "input_image"}, {"image_url", std::move(url)}};
    } else if (type == "video_url") {
      throw std::invalid_argument("the Responses API has no video content part (video goes to chat bodies)");
    }
  }
  return content;
}

ojson input_item(ojson message) {
  if (!message.is_object() || message.contains("type")) return message;  // already an item
  const bool assistant = message.value("role", "") == "assistant";
  ojson item = {{"type", "message"}};
  for (auto& [key, value] : message.items())
    item[key] = key == "content" ? input_content(std::move(value), assistant) : std::move(value);
  return item;
}

}  // namespace

ojson responses_body_from_chat(ojson chat, bool hoist_system) {
  ojson messages = std::move(chat["messages"]);
  std::optional<ojson> instructions;
  ojson input = ojson::array();
  if (messages.is_array()) {
    for (size_t i = 0; i < messages.size(); ++i) {
      ojson& m = messages[i];
      if (i == 0 && hoist_system && m.is_object() && m.value("role", "") == "system" && m.contains("content"))
        instructions = std::move(m["content"]);
      else
        input.push_back(input_item(std::move(m)));
    }
  }
  ojson body;
  body["input"] = std::move(input);
  for (auto& [key, value] : chat.items()) {
    if (key == "messages" || key == "tools" || key == "max_completion_tokens" || key == "max_tokens") continue;
    body[key] = std::move(value);
  }
  if (instructions) body["instructions"] = std::move(*instructions);
  for (const char* key : {"max_completion_tokens", "max_tokens"})
    if (chat.contains(key)) {
      body["max_output_tokens"] = std::move(chat[key]);
      break;
    }
  if (chat.contains("tools")) body["tools"] = std::move(chat["tools"]);
  return body;
}

}  // namespace aiperf
