// Hugging Face TGI and Solido RAG response payloads (workloads-and-endpoints.md §7.4): whole
// bodies and streamed events alike; docs/datasets.md has the shapes.
#include <string>
#include <string_view>

#include "endpoints/payload_fields.h"
#include "endpoints/vendor_payloads.h"

namespace aiperf {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

std::optional<int64_t> count(object o, const char* key) {
  int64_t v = 0;
  if (o[key].get_int64().get(v) || v < 0) return std::nullopt;
  return v;
}

// TGI reports lengths in `details` (generated_tokens; input_length in newer versions); a
// root `usage` (OpenAI-style gateways in front of TGI) wins.
std::optional<TokenUsage> tgi_usage(object root) {
  element usage;
  if (!root["usage"].get(usage))
    if (auto u = read_token_usage(usage)) return u;
  object details;
  if (root["details"].get_object().get(details)) return std::nullopt;
  TokenUsage u;
  u.completion_tokens = count(details, "generated_tokens");
  u.prompt_tokens = count(details, "input_length");
  if (!u.completion_tokens && !u.prompt_tokens) return std::nullopt;
  return u;
}

// TGI's errors: {"error": "...", "error_type": "generation" | "validation" | ...}.
ErrorDetails tgi_error(object root, element error) {
  ErrorDetails e = read_payload_error(error);
  std::string_view type;
  if (!root["error_type"].get_string().get(type) && !type.empty()) e.message += " (error_type: " + std::string(type) + ")";
  return e;
}

}  // namespace

void read_tgi_payload(element doc, ParsedResponse& out, OpenAiMessage& result) {
  // The Inference API wraps the whole body in a one-element list.
  element root_el = doc;
  array list;
  if (!doc.get_array().get(list)) {
    if (list.size() == 0) return;
    root_el = list.at(0).value_unsafe();
  }
  object root;
  if (root_el.get_object().get(root)) return;
  result.parsed = true;
  element err;
  if (!root["error"].get(err) && payload_truthy(err)) {
    result.error = tgi_error(root, err);
    return;
  }
  result.usage = tgi_usage(root);
  // A streamed event (it has `token`) counts only its token: the final event's generated_text
  // repeats the whole reply. Special tokens (EOS and the like) are not text the model wrote:
  // TGI leaves them out of generated_text, so counting them would make streamed OSL differ.
  element token;
  if (!root["token"].get(token)) {
    object t;
    bool special = false;
    std::string_view text;
    if (token.get_object().get(t)) return;
    if (!t["special"].get_bool().get(special) && special) return;
    if (!t["text"].get_string().get(text)) out.text.append(text);
    return;
  }
  std::string_view text;
  if (!root["generated_text"].get_string().get(text)) out.text.append(text);
}

void read_solido_rag_payload(element root, ParsedResponse& out) {
  // `sources` (the retrieved documents) is metadata, not generated text: read past.
  std::string_view text;
  if (!root["content"].get_string().get(text)) out.text.append(text);
}

}  // namespace aiperf
