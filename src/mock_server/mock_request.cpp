#include "mock_server/mock_request.h"

#include <nlohmann/json.hpp>

#include "mock_server/generate_api_request.h"
#include "mock_server/prompt_tokens.h"

namespace aiperf::mock {
namespace {

using nlohmann::json;

void count_media_parts(const json& parts, CompletionRequest& out) {
  for (const json& part : parts) {
    if (!part.is_object()) continue;
    auto type = part.find("type");
    if (type == part.end()) continue;
    if (*type == "image_url") ++out.image_parts;
    if (*type == "input_audio") ++out.audio_parts;
  }
}

std::string read_chat_prompt(const json& body, CompletionRequest& out) {
  auto messages = body.find("messages");
  if (messages == body.end() || !messages->is_array()) return "'messages' must be a list";
  for (const json& m : *messages) {
    if (!m.is_object()) return "each entry of 'messages' must be an object";
    ++out.messages;
    if (auto role = m.find("role"); role != m.end() && *role == "assistant") ++out.assistant_messages;
    if (auto c = m.find("content"); c != m.end()) append_content_text(out.prompt_text, *c);
    if (auto c = m.find("content"); c != m.end() && c->is_array()) count_media_parts(*c, out);
  }
  return {};
}

// Responses API: `instructions` plus `input`, a string or a list of items.
std::string read_responses_prompt(const json& body, CompletionRequest& out) {
  if (auto i = body.find("instructions"); i != body.end()) append_content_text(out.prompt_text, *i);
  auto input = body.find("input");
  if (input == body.end()) return "'input' is required";
  if (input->is_string()) {
    append_prompt_text(out.prompt_text, input->get_ref<const std::string&>());
    return {};
  }
  if (!input->is_array()) return "'input' must be a string or a list";
  for (const json& item : *input) {
    if (!item.is_object()) return "each entry of 'input' must be an object";
    ++out.messages;
    if (auto role = item.find("role"); role != item.end() && *role == "assistant") ++out.assistant_messages;
    if (auto c = item.find("content"); c != item.end()) append_content_text(out.prompt_text, *c, PartTypes::responses);
  }
  return {};
}

// Anthropic: `system` (string or text blocks) plus chat-like `messages`; max_tokens is required.
std::string read_anthropic_prompt(const json& body, CompletionRequest& out) {
  if (auto s = body.find("system"); s != body.end()) append_content_text(out.prompt_text, *s);
  if (!body.contains("max_tokens")) return "'max_tokens' is required";
  for (const json& m : body.value("messages", json::array()))
    if (m.is_object() && m.value("role", "") == "system") return "'messages' cannot hold role 'system' (use 'system')";
  return read_chat_prompt(body, out);
}

// A prompt is a string, a list of strings, or (token-id prompts) a list of integers.
std::string read_completions_prompt(const json& body, CompletionRequest& out) {
  auto prompt = body.find("prompt");
  if (prompt == body.end()) return "'prompt' is required";
  if (prompt->is_string()) {
    append_prompt_text(out.prompt_text, prompt->get_ref<const std::string&>());
    return {};
  }
  if (!prompt->is_array()) return "'prompt' must be a string or a list";
  for (const json& p : *prompt) {
    if (p.is_string()) {
      append_prompt_text(out.prompt_text, p.get_ref<const std::string&>());
    } else if (p.is_number_integer()) {
      ++out.prompt_tokens;  // a token-id prompt: one token per id
    } else {
      return "'prompt' list entries must be strings or token ids";
    }
  }
  return {};
}

// Absent and null both mean "not set", as in OpenAI's API.
std::string read_bool(const json& obj, const char* key, bool& out) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return {};
  if (!it->is_boolean()) return std::string("'") + key + "' must be a boolean";
  out = it->get<bool>();
  return {};
}

std::string read_max_tokens(const json& body, CompletionRequest& out) {
  for (const char* key : {"max_completion_tokens", "max_tokens", "max_output_tokens"}) {
    auto it = body.find(key);
    if (it == body.end() || it->is_null()) continue;
    if (!it->is_number_integer() || it->get<int64_t>() < 0) {
      return std::string("'") + key + "' must be a non-negative integer";
    }
    out.max_tokens = it->get<int64_t>();
    return {};
  }
  return {};
}

std::string read_stream_options(const json& body, CompletionRequest& out) {
  auto opts = body.find("stream_options");
  if (opts == body.end() || opts->is_null()) return {};
  if (!opts->is_object()) return "'stream_options' must be an object";
  std::string err = read_bool(*opts, "include_usage", out.include_usage);
  if (err.empty()) err = read_bool(*opts, "continuous_usage_stats", out.continuous_usage);
  return err;
}

}  // namespace

std::string parse_completion_request(ApiKind kind, std::string_view body, CompletionRequest& out) {
  out = CompletionRequest{};
  out.kind = kind;
  json j;
  try {
    j = json::parse(body);
  } catch (const json::parse_error& e) {
    return std::string("invalid JSON body: ") + e.what();
  }
  if (!j.is_object()) return "request body must be a JSON object";
  if (auto m = j.find("model"); m != j.end() && !m->is_null()) {
    if (!m->is_string()) return "'model' must be a string";
    out.model = m->get<std::string>();
  }
  std::string err = kind == ApiKind::chat        ? read_chat_prompt(j, out)
                    : kind == ApiKind::responses ? read_responses_prompt(j, out)
                    : kind == ApiKind::messages  ? read_anthropic_prompt(j, out)
                    : kind == ApiKind::generate  ? read_tgi_generate_request(j, out)
                    : kind == ApiKind::rag       ? read_solido_rag_request(j, out)
                                                 : read_completions_prompt(j, out);
  if (err.empty()) err = read_bool(j, "stream", out.stream);
  if (err.empty()) err = read_max_tokens(j, out);
  if (err.empty()) err = read_stream_options(j, out);
  if (err.empty()) out.prompt_tokens += count_prompt_tokens(out.prompt_text);
  return err;
}

}  // namespace aiperf::mock
