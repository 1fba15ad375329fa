#include "dataset/system_prompt.h"

#include <nlohmann/json.hpp>

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

std::string joined_system_text(const std::string& text, const std::string& existing) {
  return text + std::string(kSystemPromptJoin) + existing;
}

// A message list (a JSON array) with `text` put into, or in front of, its leading system message.
void prepend_to_messages(ojson& messages, const std::string& text) {
  if (!messages.empty() && messages[0].is_object() && messages[0].value("role", "") == "system") {
    ojson& content = messages[0]["content"];
    if (content.is_string()) {
      content = joined_system_text(text, content.get<std::string>());
      return;
    }
    if (content.is_array()) {  // content parts: the text goes first, as its own part
      content.insert(content.begin(), ojson{{"type", "text"}, {"text", text + std::string(kSystemPromptJoin)}});
      return;
    }
  }
  messages.insert(messages.begin(), ojson{{"role", "system"}, {"content", text}});
}

// MessageTurn::messages holds compact JSON objects joined by commas, without brackets.
std::string with_system_text(const std::string& turn_messages, const std::string& text) {
  ojson messages = ojson::parse("[" + turn_messages + "]");
  prepend_to_messages(messages, text);
  const std::string dumped = messages.dump();
  return dumped.substr(1, dumped.size() - 2);
}

}  // namespace

void apply_system_prompt(Dataset& dataset, const std::string& text) {
  std::vector<bool> forked(dataset.entries.size(), false);
  for (const DatasetEntry& e : dataset.entries)
    for (const MessageTurn& t : e.agentic->turns)
      for (const ChildLaunch& l : t.launches)
        if (l.fork && l.child < forked.size()) forked[l.child] = true;
  for (size_t i = 0; i < dataset.entries.size(); ++i) {
    DatasetEntry& e = dataset.entries[i];
    if (!e.recorded->raw_bodies.empty() || forked[i]) continue;
    if (!e.agentic->turns.empty()) {
      e.agentic.edit().turns[0].messages = with_system_text(e.agentic->turns[0].messages, text);
    } else if (!e.recorded->literal_messages.empty()) {
      ojson messages = ojson::parse(e.recorded->literal_messages);
      prepend_to_messages(messages, text);
      e.recorded.edit().literal_messages = messages.dump();
    } else {
      e.parts.edit().system_message = e.parts->system_message ? joined_system_text(text, *e.parts->system_message) : text;
    }
  }
}

}  // namespace aiperf
