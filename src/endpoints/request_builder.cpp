#include "endpoints/request_builder.h"
#include "endpoints/template_body.h"

#include <algorithm>
#include <optional>
#include <span>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "endpoints/anthropic_messages_body.h"
#include "endpoints/form_body.h"
#include "endpoints/image_bodies.h"
#include "endpoints/generate_api_bodies.h"
#include "endpoints/responses_api_body.h"
#include "endpoints/video_generation_body.h"

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

std::string turn_prompt(const DatasetEntry& entry, uint32_t turn) {
  return (turn == 0 ? entry.prompt : entry.later_turns.at(turn - 1).prompt).str();
}

const std::vector<std::string>& turn_more_texts(const DatasetEntry& entry, uint32_t turn) {
  return turn == 0 ? entry.parts->more_texts : entry.later_turns.at(turn - 1).more_texts;
}

// Chat content parts for a turn's media (workloads-and-endpoints.md §6.4): images as
// image_url parts (with their vLLM cache `uuid`, and `"image_url": null` for a uuid-only
// slot), audio "<format>,<b64>" split into input_audio {data, format}.
void add_media_parts(ojson& parts, const TurnMedia& media) {
  for (size_t i = 0; i < media.images.size(); ++i) {
    const std::string& url = media.images[i];
    ojson part = {{"type", "image_url"}, {"image_url", url.empty() ? ojson(nullptr) : ojson{{"url", url}}}};
    if (i < media.image_uuids.size() && !media.image_uuids[i].empty()) part["uuid"] = media.image_uuids[i];
    parts.push_back(std::move(part));
  }
  for (const std::string& audio : media.audios) {
    const size_t comma = audio.find(',');
    parts.push_back({{"type", "input_audio"},
                     {"input_audio", {{"data", audio.substr(comma + 1)}, {"format", audio.substr(0, comma)}}}});
  }
  for (const std::string& url : media.videos) parts.push_back({{"type", "video_url"}, {"video_url", {{"url", url}}}});
}

// One text: a plain string, as upstream sends it; several, or any media: content parts
// (chat) or a prompt list (completions; the CLI keeps media to chat).
ojson turn_content(const DatasetEntry& entry, uint32_t turn, bool chat) {
  const TurnMedia* media = turn < entry.parts->turn_media.size() ? &entry.parts->turn_media[turn] : nullptr;
  if (chat && media && (!media->images.empty() || !media->audios.empty() || !media->videos.empty())) {
    ojson parts = ojson::array();
    if (!turn_prompt(entry, turn).empty()) parts.push_back({{"type", "text"}, {"text", turn_prompt(entry, turn)}});
    for (const std::string& text : turn_more_texts(entry, turn)) parts.push_back({{"type", "text"}, {"text", text}});
    add_media_parts(parts, *media);
    return parts;
  }
  if (turn_more_texts(entry, turn).empty()) return turn_prompt(entry, turn);
  ojson parts = ojson::array();
  auto add = [&](const std::string& text) {
    if (chat)
      parts.push_back({{"type", "text"}, {"text", text}});
    else
      parts.push_back(text);
  };
  add(turn_prompt(entry, turn));
  for (const std::string& text : turn_more_texts(entry, turn)) add(text);
  return parts;
}

const std::string& turn_role(const DatasetEntry& entry, uint32_t turn) {
  return turn == 0 ? entry.parts->role : entry.later_turns.at(turn - 1).role;
}

const std::optional<int64_t>& turn_max_tokens(const DatasetEntry& entry, uint32_t turn) {
  return turn == 0 ? entry.max_tokens : entry.later_turns.at(turn - 1).max_tokens;
}

ojson chat_fields(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn,
                  std::span<const std::string> replies, const std::string& model) {
  // Session-level prompts lead, as upstream orders them (workloads-and-endpoints.md §2.8);
  // then every earlier turn with the reply it really got (§5.1; an empty or failed reply
  // contributes nothing), then this turn's new user text.
  ojson messages = ojson::array();
  if (entry.parts->system_message)
    messages.push_back({{"role", "system"}, {"content", *entry.parts->system_message}});
  if (entry.parts->user_context_message)
    messages.push_back({{"role", "user"}, {"content", *entry.parts->user_context_message}});
  for (uint32_t t = entry.resend_history ? 0 : turn; t <= turn; ++t) {
    messages.push_back({{"role", turn_role(entry, t)}, {"content", turn_content(entry, t, true)}});
    if (t < turn && t < replies.size() && !replies[t].empty())
      messages.push_back({{"role", "assistant"}, {"content", replies[t]}});
  }
  ojson body;
  body["messages"] = entry.recorded->literal_messages.empty() ? std::move(messages) : ojson::parse(entry.recorded->literal_messages);
  if (!entry.recorded->literal_tools.empty()) body["tools"] = ojson::parse(entry.recorded->literal_tools);
  body["model"] = model;
  body["stream"] = config.streaming;
  if (const auto& max_tokens = turn_max_tokens(entry, turn))
    body[config.use_legacy_max_tokens ? "max_tokens" : "max_completion_tokens"] = *max_tokens;
  return body;
}

ojson completions_fields(const EndpointSettings& config, const DatasetEntry& entry,
                         uint32_t turn, const std::string& model) {
  // No roles to carry them; the CLI refuses these for completions, so reaching here
  // means a caller bypassed it, and dropping the text would misstate the ISL.
  if (entry.parts->system_message || entry.parts->user_context_message)
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

// embeddings / nim_embeddings (§7.3): every text of the turn, always as a list. Without images
// the NIM body is the OpenAI one; input_type and truncate come from --extra-inputs. A turn's
// max_tokens means nothing to an embedding model and is not sent (upstream logs and ignores it).
ojson embeddings_fields(const DatasetEntry& entry, const std::string& model) {
  ojson input = ojson::array();
  if (!entry.prompt.empty()) input.push_back(entry.prompt.str());
  for (const std::string& text : entry.parts->more_texts)
    if (!text.empty()) input.push_back(text);
  return ojson{{"model", model}, {"input", std::move(input)}};
}

// Rankings (§7.3): `prompt` is the query, `passages` the texts ranked against it.
ojson rankings_fields(EndpointType type, const DatasetEntry& entry, const std::string& model) {
  ojson passages = ojson::array();
  switch (type) {
    case EndpointType::nim_rankings:
      for (const std::string& p : entry.parts->passages) passages.push_back({{"text", p}});
      return ojson{{"model", model}, {"query", {{"text", entry.prompt.str()}}}, {"passages", std::move(passages)}};
    case EndpointType::cohere_rankings:
      return ojson{{"model", model}, {"query", entry.prompt.str()}, {"documents", entry.parts->passages}};
    default:  // hf_tei_rankings: TEI serves one model, so the body names none
      return ojson{{"query", entry.prompt.str()}, {"texts", entry.parts->passages}};
  }
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

std::string build_message_turn_body(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn,
                                    std::string_view history, int64_t max_tokens_cap) {
  const MessageTurn& t = entry.agentic->turns.at(turn);
  ojson fields = ojson::object();
  if (!t.tools.empty()) fields["tools"] = ojson::parse(t.tools);
  fields["model"] = !t.model.empty() ? t.model : entry.model.empty() ? config.model_names.front() : entry.model;
  fields["stream"] = config.streaming;
  std::optional<int64_t> max_tokens = t.max_tokens;
  if (max_tokens_cap > 0) max_tokens = std::min(max_tokens.value_or(max_tokens_cap), max_tokens_cap);
  if (max_tokens) fields[config.use_legacy_max_tokens ? "max_tokens" : "max_completion_tokens"] = *max_tokens;
  for (const auto& [key, value] : config.extra_inputs.items()) fields[key] = ojson(value);
  if (!t.extra.empty()) {
    const ojson extra = ojson::parse(t.extra);
    for (const auto& [key, value] : extra.items()) fields[key] = value;  // §5.2: merged last
  }
  request_stream_usage(fields, config.per_chunk_usage);
  if (fields.contains("messages")) return fields.dump();  // an --extra-inputs messages wins, as for other bodies
  // The history can be long (agentic contexts): spliced as text, never re-parsed.
  std::string body = "{\"messages\":[";
  if (entry.resend_history && !history.empty()) {
    body.append(history);
    body.push_back(',');
  }
  body += t.messages;
  body.push_back(']');
  const std::string rest = fields.dump();
  if (rest.size() > 2) {
    body.push_back(',');
    body.append(rest, 1, std::string::npos);
  } else {
    body.push_back('}');
  }
  return body;
}

void append_message_turn_history(std::string& history, const DatasetEntry& entry, uint32_t turn,
                                 std::string_view reply) {
  if (!entry.resend_history) history.clear();  // every turn is the whole list: it replaces the history
  if (!history.empty()) history.push_back(',');
  history += entry.agentic->turns.at(turn).messages;
  if (!entry.agentic->capture_replies || reply.empty()) return;
  history.push_back(',');
  history += ojson{{"role", "assistant"}, {"content", reply}}.dump();
}

std::string build_request_body(const EndpointSettings& config, const DatasetEntry& entry) {
  return build_turn_body(config, entry, 0, {});
}

std::string build_turn_body(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn,
                            std::span<const std::string> replies) {
  if (!entry.recorded->raw_bodies.empty()) return entry.recorded->raw_bodies.at(turn);  // verbatim replay
  if (config.multipart) return build_form_body(config, entry, turn);
  if (config.endpoint_type == EndpointType::template_) return build_template_body(config, entry, turn);
  if (config.endpoint_type == EndpointType::huggingface_generate) return build_tgi_generate_body(config, entry, turn);
  if (!entry.agentic->turns.empty()) {
    // Before the run no reply exists: the history is the earlier turns' messages alone.
    std::string history;
    for (uint32_t t = 0; t < turn; ++t) append_message_turn_history(history, entry, t, {});
    return build_message_turn_body(config, entry, turn, history);
  }
  const std::string& model = turn < entry.parts->turn_models.size() && !entry.parts->turn_models[turn].empty()
                                 ? entry.parts->turn_models[turn]
                                 : entry.model.empty() ? config.model_names.front() : entry.model;
  const EndpointType type = config.endpoint_type;
  // responses / messages: the chat body (history included), rewritten into the vendor's shape.
  const bool hoist_system = entry.recorded->literal_messages.empty();
  ojson body = sends_chat_messages(type) ? chat_fields(config, entry, turn, replies, model)
               : type == EndpointType::responses
                   ? responses_body_from_chat(chat_fields(config, entry, turn, replies, model), hoist_system)
               : type == EndpointType::messages ? anthropic_body_from_chat(chat_fields(config, entry, turn, replies, model))
               : is_embeddings(type)     ? embeddings_fields(entry, model)
               : is_rankings(type)       ? rankings_fields(type, entry, model)
               : type == EndpointType::image_generation ? image_generation_fields(config, entry, turn, model)
               : type == EndpointType::image_retrieval  ? image_retrieval_fields(entry, turn)
               : type == EndpointType::solido_rag ? solido_rag_fields(entry, turn, model)
               : type == EndpointType::video_generation ? video_generation_fields(entry, turn, model)
                                         : completions_fields(config, entry, turn, model);
  // --extra-inputs win over built fields (model and stream included), keeping their slot.
  for (const auto& [key, value] : config.extra_inputs.items()) body[key] = ojson(value);
  // A trace row's own fields win over --extra-inputs (workloads-and-endpoints.md §3.6).
  if (turn < entry.parts->turn_extra_bodies.size() && !entry.parts->turn_extra_bodies[turn].empty()) {
    ojson extra = ojson::parse(entry.parts->turn_extra_bodies[turn]);
    for (auto& [key, value] : extra.items()) body[key] = std::move(value);
  }
  // Anthropic has no stream_options; the Responses API only gets it with server token counts.
  // The Images API has none either: its usage always comes with the final image.
  if (type != EndpointType::messages && type != EndpointType::image_generation &&
      (type != EndpointType::responses || config.use_server_token_count))
    request_stream_usage(body, config.per_chunk_usage);
  return body.dump();
}

std::vector<PreparedRequest> prepare_requests(const EndpointSettings& config, const Dataset& dataset) {
  std::vector<PreparedRequest> requests;
  requests.reserve(dataset.entries.size());
  for (const DatasetEntry& entry : dataset.entries) {
    std::vector<std::optional<double>> audio_seconds;
    for (const TurnMedia& media : entry.parts->turn_media) audio_seconds.push_back(media.audio_duration_seconds);
    // A trace's hash-block prompts stay recipes until sent: building every body here would
    // hold the whole trace's text (gigabytes for a million rows).
    if (entry.prompt.deferred()) {
      requests.push_back({entry.conversation_id, {}, {}, std::move(audio_seconds), true});
      continue;
    }
    requests.push_back({entry.conversation_id, build_request_body(config, entry),
                        preview_later_turn_bodies(config, entry), std::move(audio_seconds)});
  }
  return requests;
}

std::vector<std::string> send_time_bodies(const EndpointSettings& config, const DatasetEntry& entry) {
  std::vector<std::string> bodies = preview_later_turn_bodies(config, entry);
  bodies.insert(bodies.begin(), build_request_body(config, entry));
  return bodies;
}

std::vector<std::string> preview_later_turn_bodies(const EndpointSettings& config, const DatasetEntry& entry) {
  std::vector<std::string> bodies;
  for (uint32_t t = 1; t < entry.turn_count(); ++t) bodies.push_back(build_turn_body(config, entry, t, {}));
  return bodies;
}

}  // namespace aiperf
