#include "endpoints/openai_message.h"

#include <vector>

#include <simdjson.h>

#include "endpoints/parser_release.h"
#include "endpoints/payload_fields.h"
#include "endpoints/vendor_payloads.h"

namespace aiperf {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

// A huge reply's content (or completion text) is not copied out of the DOM: the DOM's own
// unescaped copy and then ours would put three copies of a 50 MB body in memory at once.
// The reader notes where the string goes in `out.text` instead; once the DOM's buffers are
// given back, the string is unescaped straight from the body into place (take_deferred).
inline constexpr size_t kDeferTextAbove = kKeepParserCapacity;

// choices[0].<key>, or choices[0].<container>.<key>; `at` is its place in out.text.
struct DeferredText {
  size_t at = 0;
  const char* container = nullptr;
  const char* key = nullptr;
};
using DeferredTexts = std::vector<DeferredText>;

std::optional<int64_t> as_int(element e) {
  switch (e.type()) {
    case element_type::INT64: return e.get_int64().value_unsafe();
    case element_type::UINT64: return int64_t(e.get_uint64().value_unsafe());
    case element_type::DOUBLE: {
      // Some servers emit counts as 12.0; a fractional count is not a count.
      double d = e.get_double().value_unsafe();
      if (d == double(int64_t(d))) return int64_t(d);
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

std::optional<int64_t> int_member(object o, const char* key) {
  element e;
  if (o[key].get(e)) return std::nullopt;
  return as_int(e);
}

std::optional<std::string_view> string_member(object o, const char* key) {
  std::string_view s;
  if (o[key].get_string().get(s)) return std::nullopt;
  return s;
}

// SSE error payloads (upstream SSEResponseError): code from error.code when it is an
// integer HTTP error status, else 502.
ErrorDetails payload_error(element err) {
  int code = 502;
  std::string message;
  object eo;
  std::string_view s;
  if (!err.get_object().get(eo)) {
    element c;
    if (!eo["code"].get(c) && (c.type() == element_type::INT64 || c.type() == element_type::UINT64)) {
      int64_t v = *as_int(c);
      if (v >= 400 && v <= 599) code = int(v);
    }
    if (auto m = string_member(eo, "message")) message = *m;
    else message = simdjson::to_string(err);
  } else if (!err.get_string().get(s)) {
    message = s;
  } else {
    message = simdjson::to_string(err);
  }
  return ErrorDetails{code, "SSEResponseError", "Error occurred in SSE response: " + message};
}

std::optional<TokenUsage> read_usage(element u) {
  object uo;
  if (u.get_object().get(uo) || uo.size() == 0) return std::nullopt;
  TokenUsage t;
  t.prompt_tokens = int_member(uo, "prompt_tokens");
  if (!t.prompt_tokens) t.prompt_tokens = int_member(uo, "input_tokens");
  t.completion_tokens = int_member(uo, "completion_tokens");
  if (!t.completion_tokens) t.completion_tokens = int_member(uo, "output_tokens");
  t.total_tokens = int_member(uo, "total_tokens");
  for (const char* details : {"completion_tokens_details", "output_tokens_details"}) {
    object d;
    if (!uo[details].get_object().get(d)) {
      t.reasoning_tokens = int_member(d, "reasoning_tokens");
      if (t.reasoning_tokens) break;
    }
  }
  for (const char* details : {"prompt_tokens_details", "input_tokens_details"}) {  // chat | Responses API
    object d;
    if (!uo[details].get_object().get(d)) {
      t.prompt_cache_read_tokens = int_member(d, "cached_tokens");
      if (t.prompt_cache_read_tokens) break;
    }
  }
  if (!t.prompt_cache_read_tokens) t.prompt_cache_read_tokens = int_member(uo, "cache_read_input_tokens");
  return t;
}

std::optional<int64_t> count_member(object o, const char* key) {
  std::optional<int64_t> v = int_member(o, key);
  if (v && *v < 0) return std::nullopt;  // a negative count is not a count
  return v;
}

// vLLM sends it once per request: in the body, or in the final usage-only chunk of a stream.
// An object without any of the three counts the metrics use is treated as not sent.
std::optional<SpecDecodeStats> read_spec_decode(object root) {
  object spec;
  if (root["metrics"]["speculative_decoding"].get_object().get(spec)) return std::nullopt;
  SpecDecodeStats s;
  s.num_spec_steps = count_member(spec, "num_spec_steps");
  s.num_accepted_draft_tokens = count_member(spec, "num_accepted_draft_tokens");
  s.num_draft_tokens = count_member(spec, "num_draft_tokens");
  if (!s.num_spec_steps && !s.num_accepted_draft_tokens && !s.num_draft_tokens) return std::nullopt;
  return s;
}

// `content` is usually a string; a few servers send OpenAI content-part arrays.
void append_content(element content, std::string& text, DeferredText where, DeferredTexts* defer) {
  std::string_view s;
  if (!content.get_string().get(s)) {
    if (defer) {
      where.at = text.size();
      defer->push_back(where);
    } else {
      text.append(s);
    }
    return;
  }
  array parts;
  if (content.get_array().get(parts)) return;
  for (element part : parts) {
    object po;
    if (part.get_object().get(po)) continue;
    if (auto t = string_member(po, "text")) text.append(*t);
  }
}

void read_chat_message(object msg, const char* container, ParsedResponse& out, DeferredTexts* defer) {
  element content;
  if (!msg["content"].get(content)) append_content(content, out.text, {0, container, "content"}, defer);

  // Upstream's truthiness "or": an empty reasoning_content falls through to `reasoning`.
  auto reasoning = string_member(msg, "reasoning_content");
  if (!reasoning || reasoning->empty()) reasoning = string_member(msg, "reasoning");
  if (reasoning) out.reasoning.append(*reasoning);

  array calls;
  if (msg["tool_calls"].get_array().get(calls)) return;
  for (element call : calls) {
    object fn;
    if (call["function"].get_object().get(fn)) continue;
    if (auto name = string_member(fn, "name")) out.text.append(*name);
    if (auto args = string_member(fn, "arguments")) out.text.append(*args);
  }
}

void read_choice(EndpointType type, object choice, ParsedResponse& out, DeferredTexts* defer) {
  // raw and template auto-detect the shape (§7.4): choices[0].text as well as message/delta.
  const bool any_shape = type == EndpointType::raw || type == EndpointType::template_;
  if (type == EndpointType::completions || any_shape) {
    if (auto t = string_member(choice, "text")) {
      if (defer) defer->push_back({out.text.size(), nullptr, "text"});
      else out.text.append(*t);
    }
    if (!any_shape) return;
  }
  object msg;
  if (!choice["delta"].get_object().get(msg)) read_chat_message(msg, "delta", out, defer);
  else if (!choice["message"].get_object().get(msg)) read_chat_message(msg, "message", out, defer);
}

// The DOM's reading of the string a DeferredText names: a second copy while it lives, kept
// only as the way out should the On-Demand route below ever disagree with the DOM.
std::string dom_string(PaddedJson json, const DeferredText& d) {
  simdjson::dom::parser dom;
  element choice, field;
  std::string_view s;
  if (dom.parse(json.data(), json.size(), false).get(field) || field["choices"].at(0).get(choice)) return {};
  if (d.container ? choice[d.container][d.key].get(field) : choice[d.key].get(field)) return {};
  if (field.get_string().get(s)) return {};
  return std::string(s);
}

// The string a DeferredText names, unescaped from `json` (which the DOM has read, so it is
// valid JSON and the string is there) into `text` at its place.
void take_deferred(simdjson::ondemand::parser& parser, PaddedJson json, const DeferredText& d, std::string& text) {
  simdjson::ondemand::document doc;
  simdjson::ondemand::value choice, field;
  std::string_view token;
  simdjson::ondemand::raw_json_string raw;
  bool found = !parser.iterate(json.data(), json.size(), json.size() + kParsePadding).get(doc) &&
               !doc["choices"].at(0).get(choice);
  if (found && d.container) found = !choice[d.container][d.key].get(field);
  else if (found) found = !choice[d.key].get(field);
  if (found) token = field.raw_json_token();  // peeks: the value is still there to read
  found = found && !field.get_raw_json_string().get(raw);
  std::string value;
  std::string_view unescaped;
  if (found) {
    // The unescaped string is never longer than its JSON token; unescape writes padding past it.
    value.assign(token.size() + simdjson::SIMDJSON_PADDING, '\0');
    uint8_t* dst = reinterpret_cast<uint8_t*>(value.data());
    found = !parser.unescape(raw, dst).get(unescaped);
  }
  if (found) value.resize(unescaped.size());
  else value = dom_string(json, d);  // not expected: the DOM read this document; never drop the text
  if (d.at == text.size()) {
    if (text.empty()) text = std::move(value);  // the whole text: no second copy
    else text.append(value);
  } else {
    text.insert(d.at, value);
  }
}

}  // namespace

std::optional<TokenUsage> read_token_usage(element usage) { return read_usage(usage); }

ErrorDetails read_payload_error(element error) { return payload_error(error); }

// Python truthiness, which upstream applies to `error` members.
bool payload_truthy(element e) {
  switch (e.type()) {
    case element_type::NULL_VALUE: return false;
    case element_type::BOOL: return e.get_bool().value_unsafe();
    case element_type::INT64: return e.get_int64().value_unsafe() != 0;
    case element_type::UINT64: return e.get_uint64().value_unsafe() != 0;
    case element_type::DOUBLE: return e.get_double().value_unsafe() != 0.0;
    case element_type::STRING: return !e.get_string().value_unsafe().empty();
    case element_type::ARRAY: return e.get_array().value_unsafe().size() != 0;
    case element_type::OBJECT: return e.get_object().value_unsafe().size() != 0;
  }
  return false;
}

std::string_view payload_string(element e, const char* key) {
  std::string_view s;
  if (e[key].get_string().get(s)) return {};
  return s;
}

namespace {

OpenAiMessage read_with_dom(EndpointType type, PaddedJson json, ParsedResponse& out, DeferredTexts* defer) {
  static_assert(kParsePadding >= simdjson::SIMDJSON_PADDING);
  // One parser per thread: its buffers are reused for every message of every record.
  thread_local simdjson::dom::parser parser;
  const ParserRelease release(parser);  // after the document is read
  OpenAiMessage result;
  element doc;
  if (parser.parse(json.data(), json.size(), false).get(doc)) {
    result.not_json = true;
    return result;
  }
  if (type == EndpointType::huggingface_generate) {  // its whole body may be a list
    read_tgi_payload(doc, out, result);
    return result;
  }
  object root;
  if (doc.get_object().get(root)) return result;
  result.parsed = true;

  element err;
  if (!root["error"].get(err) && payload_truthy(err)) {
    result.error = payload_error(err);
    return result;
  }
  element usage;
  if (!root["usage"].get(usage)) result.usage = read_usage(usage);
  result.spec_decode = read_spec_decode(root);
  if (type == EndpointType::responses) {
    read_responses_api_payload(doc, out, result);
    return result;
  }
  if (type == EndpointType::messages) {
    read_anthropic_payload(doc, out, result);
    return result;
  }
  if (type == EndpointType::solido_rag) {
    read_solido_rag_payload(doc, out);
    return result;
  }

  array choices;
  if (root["choices"].get_array().get(choices)) return result;
  for (element c : choices) {
    object choice;
    if (!c.get_object().get(choice)) read_choice(type, choice, out, defer);
    break;  // choices[0] only: one request asks for one completion
  }
  return result;
}

}  // namespace

OpenAiMessage read_openai_message(EndpointType type, PaddedJson json, ParsedResponse& out) {
  if (json.size() <= kDeferTextAbove) return read_with_dom(type, json, out, nullptr);
  DeferredTexts deferred;
  OpenAiMessage result = read_with_dom(type, json, out, &deferred);  // its buffers given back
  // Last place first, so the earlier places stay where they were noted; one parser for all.
  simdjson::ondemand::parser parser;
  for (auto d = deferred.rbegin(); d != deferred.rend(); ++d) take_deferred(parser, json, *d, out.text);
  return result;
}

}  // namespace aiperf
