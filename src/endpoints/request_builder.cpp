#include "endpoints/request_builder.h"

#include <span>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// Python truthiness of the merged "stream" value, which decides stream_options upstream.
bool truthy(const ojson& v) {
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number()) return v != 0;
  if (v.is_string() || v.is_array() || v.is_object()) return !v.empty();
  return false;
}

const std::string& turn_prompt(const DatasetEntry& entry, uint32_t turn) {
  return turn == 0 ? entry.prompt : entry.later_turns.at(turn - 1).prompt;
}

// One text: a plain string, as upstream sends it; several: content parts (chat) or a prompt
// list (completions).
ojson turn_content(const DatasetEntry& entry, uint32_t turn, bool chat) {
  if (turn > 0 || entry.more_texts.empty()) return turn_prompt(entry, turn);
  ojson parts = ojson::array();
  auto add = [&](const std::string& text) {
    if (chat)
      parts.push_back({{"type", "text"}, {"text", text}});
    else
      parts.push_back(text);
  };
  add(entry.prompt);
  for (const std::string& text : entry.more_texts) add(text);
  return parts;
}

const std::string& turn_role(const DatasetEntry& entry, uint32_t turn) {
  return turn == 0 ? entry.role : entry.later_turns.at(turn - 1).role;
}

const std::optional<int64_t>& turn_max_tokens(const DatasetEntry& entry, uint32_t turn) {
  return turn == 0 ? entry.max_tokens : entry.later_turns.at(turn - 1).max_tokens;
}

ojson chat_fields(const ProfileConfig& config, const DatasetEntry& entry, uint32_t turn,
                  std::span<const std::string> replies, const std::string& model) {
  // Session-level prompts lead, as upstream orders them (workloads-and-endpoints.md §2.8);
  // then every earlier turn with the reply it really got (§5.1; an empty or failed reply
  // contributes nothing), then this turn's new user text.
  ojson messages = ojson::array();
  if (entry.system_message)
    messages.push_back({{"role", "system"}, {"content", *entry.system_message}});
  if (entry.user_context_message)
    messages.push_back({{"role", "user"}, {"content", *entry.user_context_message}});
  for (uint32_t t = entry.resend_history ? 0 : turn; t <= turn; ++t) {
    messages.push_back({{"role", turn_role(entry, t)}, {"content", turn_content(entry, t, true)}});
    if (t < turn && t < replies.size() && !replies[t].empty())
      messages.push_back({{"role", "assistant"}, {"content", replies[t]}});
  }
  ojson body;
  body["messages"] = entry.literal_messages.empty() ? std::move(messages) : ojson::parse(entry.literal_messages);
  if (!entry.literal_tools.empty()) body["tools"] = ojson::parse(entry.literal_tools);
  body["model"] = model;
  body["stream"] = config.streaming;
  if (const auto& max_tokens = turn_max_tokens(entry, turn))
    body[config.use_legacy_max_tokens ? "max_tokens" : "max_completion_tokens"] = *max_tokens;
  return body;
}

ojson completions_fields(const ProfileConfig& config, const DatasetEntry& entry,
                         uint32_t turn, const std::string& model) {
  // No roles to carry them; the CLI refuses these for completions, so reaching here
  // means a caller bypassed it, and dropping the text would misstate the ISL.
  if (entry.system_message || entry.user_context_message)
    throw std::invalid_argument(
        "completions requests cannot carry a system or user-context prompt (chat only)");
  if (turn > 0 && entry.resend_history)
    throw std::invalid_argument("completions requests cannot carry conversation history (chat only)");
  ojson body;
  body["prompt"] = turn_content(entry, turn, false);  // a bare string: several gateways reject a one-element list
  body["model"] = model;
  body["stream"] = config.streaming;
  const std::optional<int64_t>& max_tokens = turn_max_tokens(entry, turn);
  if (max_tokens && *max_tokens != 0) body["max_tokens"] = *max_tokens;
  return body;
}

// OpenAI servers only report usage on a stream when asked; metrics need it. Author-supplied
// stream_options keys stay; null counts as absent; a non-object value is left alone.
// --per-chunk-usage also asks for usage on every chunk (vLLM's continuous_usage_stats).
void request_stream_usage(ojson& body, bool per_chunk_usage) {
  auto it = body.find("stream");
  if (it == body.end() || !truthy(*it)) return;
  ojson& options = body["stream_options"];
  if (options.is_null()) options = ojson::object();
  if (!options.is_object()) return;
  options["include_usage"] = true;
  if (per_chunk_usage) options["continuous_usage_stats"] = true;
}

}  // namespace

std::string build_request_body(const ProfileConfig& config, const DatasetEntry& entry) {
  return build_turn_body(config, entry, 0, {});
}

std::string build_turn_body(const ProfileConfig& config, const DatasetEntry& entry, uint32_t turn,
                            std::span<const std::string> replies) {
  if (!entry.raw_bodies.empty()) return entry.raw_bodies.at(turn);  // verbatim replay
  const std::string& model = entry.model.empty() ? config.model_names.front() : entry.model;
  ojson body = config.endpoint_type == EndpointType::chat
                   ? chat_fields(config, entry, turn, replies, model)
                   : completions_fields(config, entry, turn, model);
  // --extra-inputs win over built fields (model and stream included), keeping their slot.
  for (const auto& [key, value] : config.extra_inputs.items()) body[key] = ojson(value);
  request_stream_usage(body, config.per_chunk_usage);
  return body.dump();
}

std::vector<PreparedRequest> prepare_requests(const ProfileConfig& config, const Dataset& dataset) {
  std::vector<PreparedRequest> requests;
  requests.reserve(dataset.entries.size());
  for (const DatasetEntry& entry : dataset.entries)
    requests.push_back({entry.conversation_id, build_request_body(config, entry),
                        preview_later_turn_bodies(config, entry)});
  return requests;
}

std::vector<std::string> preview_later_turn_bodies(const ProfileConfig& config, const DatasetEntry& entry) {
  std::vector<std::string> bodies;
  for (uint32_t t = 1; t < entry.turn_count(); ++t) bodies.push_back(build_turn_body(config, entry, t, {}));
  return bodies;
}

}  // namespace aiperf
