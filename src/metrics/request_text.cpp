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

// A string, a list of strings, or (NIM rankings) objects with a `text` member.
void add_texts(element e, std::string& out, bool& any) {
  std::string_view s;
  if (!e.get_string().get(s)) {
    add_text(s, out, any);
    return;
  }
  if (!e["text"].get_string().get(s)) {
    add_text(s, out, any);
    return;
  }
  array list;
  if (e.get_array().get(list)) return;
  for (element item : list) add_texts(item, out, any);
}

// Responses API input: a string, or items whose content is a string or typed text parts.
void add_response_input(element input, std::string& out, bool& any) {
  std::string_view s;
  if (!input.get_string().get(s)) {
    add_text(s, out, any);
    return;
  }
  array items;
  if (input.get_array().get(items)) return;
  for (element item : items) {
    element content;
    if (item["content"].get(content)) continue;
    if (!content.get_string().get(s)) {
      add_text(s, out, any);
      continue;
    }
    array parts;
    if (content.get_array().get(parts)) continue;
    for (element part : parts) {
      std::string_view type, text;
      if (part["type"].get_string().get(type)) continue;
      if ((type == "input_text" || type == "output_text" || type == "text") && !part["text"].get_string().get(text))
        add_text(text, out, any);
    }
  }
}

}  // namespace

std::optional<std::string> request_input_text(EndpointType type, std::string_view body) {
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(body.data(), body.size()).get(doc)) return std::nullopt;

  std::string out;
  bool any = false;
  if (is_embeddings(type) && !sends_chat_messages(type)) {
    element input;
    if (!doc["input"].get(input)) add_texts(input, out, any);
  } else if (is_rankings(type)) {
    // Upstream counts the query then every passage (workloads-and-endpoints.md §7.6).
    element e;
    if (!doc["query"].get(e)) add_texts(e, out, any);
    for (const char* key : {"passages", "documents", "texts"})
      if (!doc[key].get(e)) add_texts(e, out, any);
  } else if (type == EndpointType::responses) {
    // Upstream counts `instructions` too (workloads-and-endpoints.md §7.6).
    element e;
    if (!doc["instructions"].get(e)) add_content(e, out, any);
    if (!doc["input"].get(e)) add_response_input(e, out, any);
  } else if (type == EndpointType::huggingface_generate || type == EndpointType::solido_rag) {
    element e;  // TGI `inputs` (a string); Solido `query` (a list of strings)
    if (!doc[type == EndpointType::solido_rag ? "query" : "inputs"].get(e)) add_texts(e, out, any);
  } else if (sends_chat_messages(type) || type == EndpointType::messages) {
    element system;  // Anthropic: a string or text blocks
    if (type == EndpointType::messages && !doc["system"].get(system)) add_content(system, out, any);
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
  for (const char* key : {"max_completion_tokens", "max_tokens", "max_output_tokens"}) {
    int64_t v = 0;
    if (!doc[key].get_int64().get(v) && v > 0) return v;
  }
  int64_t v = 0;  // TGI
  if (!doc["parameters"]["max_new_tokens"].get_int64().get(v) && v > 0) return v;
  return std::nullopt;
}

}  // namespace aiperf
