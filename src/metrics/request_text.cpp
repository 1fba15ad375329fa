#include "metrics/request_text.h"

#include <simdjson.h>

namespace aiperf {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

void add_text(std::string_view t, std::string& out, bool& any) {
  if (t.empty()) return;
  if (any) out.push_back(' ');
  out.append(t);
  any = true;
}

void add_content(element content, std::string& out, bool& any) {
  std::string_view s;
  if (!content.get_string().get(s)) {
    add_text(s, out, any);
    return;
  }
  array parts;
  if (content.get_array().get(parts)) return;
  for (element part : parts) {
    std::string_view type, text;
    if (part["type"].get_string().get(type) || type != "text") continue;
    if (!part["text"].get_string().get(text)) add_text(text, out, any);
  }
}

}  // namespace

std::optional<std::string> request_input_text(EndpointType type, std::string_view body) {
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(body.data(), body.size()).get(doc)) return std::nullopt;

  std::string out;
  bool any = false;
  if (type == EndpointType::chat) {
    array messages;
    if (doc["messages"].get_array().get(messages)) return std::nullopt;
    for (element m : messages) {
      element content;
      if (!m["content"].get(content)) add_content(content, out, any);
    }
  } else {
    element prompt;
    if (doc["prompt"].get(prompt)) return std::nullopt;
    std::string_view s;
    array list;
    if (!prompt.get_string().get(s)) {
      add_text(s, out, any);
    } else if (!prompt.get_array().get(list)) {
      for (element p : list)
        if (!p.get_string().get(s)) add_text(s, out, any);
    }
  }
  if (!any) return std::nullopt;
  return out;
}

std::optional<int64_t> request_max_tokens(std::string_view body) {
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(body.data(), body.size()).get(doc)) return std::nullopt;
  for (const char* key : {"max_completion_tokens", "max_tokens"}) {
    int64_t v = 0;
    if (!doc[key].get_int64().get(v) && v > 0) return v;
  }
  return std::nullopt;
}

}  // namespace aiperf
