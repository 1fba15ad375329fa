#pragma once
// The 19 endpoint types of upstream's catalogue (workloads-and-endpoints.md §7.2) with the
// capabilities that decide paths, streaming and which metrics exist (metrics-and-outputs.md
// §0.1, §1.7). In config/ because the options name a type: every plane above reads it.
#include <array>
#include <optional>
#include <string_view>

namespace aiperf {

enum class EndpointType {
  chat, completions, responses, messages, embeddings, nim_embeddings, chat_embeddings,
  nim_rankings, cohere_rankings, hf_tei_rankings, huggingface_generate, image_generation,
  image_edit, video_generation, image_retrieval, audio_transcription, solido_rag, raw, template_
};

// What a response body carries, which picks its parser and the console's metrics title.
enum class EndpointFamily { llm, embeddings, rankings, other };

struct EndpointInfo {
  EndpointType type;
  const char* name;            // the --endpoint-type spelling
  const char* path;            // default URL path; "" = none appended
  const char* streaming_path;  // used instead when streaming; nullptr = same as `path`
  bool supports_streaming;     // false: --streaming is silently turned off (§7.1)
  bool produces_tokens;        // false: no TTFT/ITL/OSL family (PRODUCES_TOKENS_ONLY)
  bool tokenizes_input;        // false: no ISL family (TOKENIZES_INPUT_ONLY)
  EndpointFamily family;
};

inline constexpr std::array<EndpointInfo, 19> kEndpointCatalog = {{
    // type, name, path, streaming path, streaming, tokens out, tokens in, family
    {EndpointType::chat, "chat", "/v1/chat/completions", nullptr, true, true, true, EndpointFamily::llm},
    {EndpointType::completions, "completions", "/v1/completions", nullptr, true, true, true, EndpointFamily::llm},
    {EndpointType::responses, "responses", "/v1/responses", nullptr, true, true, true, EndpointFamily::llm},
    {EndpointType::messages, "messages", "/v1/messages", nullptr, true, true, true, EndpointFamily::llm},
    {EndpointType::embeddings, "embeddings", "/v1/embeddings", nullptr, false, false, true,
     EndpointFamily::embeddings},
    {EndpointType::nim_embeddings, "nim_embeddings", "/v1/embeddings", nullptr, false, false, true,
     EndpointFamily::embeddings},
    {EndpointType::chat_embeddings, "chat_embeddings", "/v1/embeddings", nullptr, false, false, true,
     EndpointFamily::embeddings},
    {EndpointType::nim_rankings, "nim_rankings", "/v1/ranking", nullptr, false, false, true,
     EndpointFamily::rankings},
    {EndpointType::cohere_rankings, "cohere_rankings", "/v2/rerank", nullptr, false, false, true,
     EndpointFamily::rankings},
    {EndpointType::hf_tei_rankings, "hf_tei_rankings", "/rerank", nullptr, false, false, true,
     EndpointFamily::rankings},
    {EndpointType::huggingface_generate, "huggingface_generate", "/generate", "/generate_stream", true, true, true,
     EndpointFamily::llm},
    {EndpointType::image_generation, "image_generation", "/v1/images/generations", nullptr, true, false, true,
     EndpointFamily::other},
    {EndpointType::image_edit, "image_edit", "/v1/images/edits", nullptr, false, false, true,
     EndpointFamily::other},
    {EndpointType::video_generation, "video_generation", "/v1/videos", nullptr, false, false, true,
     EndpointFamily::other},
    {EndpointType::image_retrieval, "image_retrieval", "/v1/infer", nullptr, false, false, false,
     EndpointFamily::other},
    {EndpointType::audio_transcription, "audio_transcription", "/v1/audio/transcriptions", nullptr, false, false,
     false, EndpointFamily::other},
    {EndpointType::solido_rag, "solido_rag", "/rag/api/prompt", nullptr, true, true, true, EndpointFamily::llm},
    {EndpointType::raw, "raw", "", nullptr, true, true, true, EndpointFamily::llm},
    {EndpointType::template_, "template", "", nullptr, true, true, true, EndpointFamily::llm},
}};

constexpr const EndpointInfo& endpoint_info(EndpointType t) {
  for (const EndpointInfo& e : kEndpointCatalog)
    if (e.type == t) return e;
  return kEndpointCatalog[0];
}

// `name` as spelled in the catalogue (callers normalise case and '-' first).
constexpr std::optional<EndpointType> endpoint_type_by_name(std::string_view name) {
  for (const EndpointInfo& e : kEndpointCatalog)
    if (name == e.name) return e.type;
  return std::nullopt;
}

constexpr bool is_rankings(EndpointType t) { return endpoint_info(t).family == EndpointFamily::rankings; }
constexpr bool is_embeddings(EndpointType t) { return endpoint_info(t).family == EndpointFamily::embeddings; }

// Chat-shaped request bodies (a `messages` list), whatever the response is.
constexpr bool sends_chat_messages(EndpointType t) {
  return t == EndpointType::chat || t == EndpointType::chat_embeddings;
}

// Endpoints whose requests carry files: multipart/form-data unless --request-content-type
// says otherwise (workloads-and-endpoints.md §6.5).
constexpr bool sends_form_by_default(EndpointType t) {
  return t == EndpointType::image_edit || t == EndpointType::audio_transcription ||
         t == EndpointType::video_generation;
}

// Bodies built around the turn's images, not chat content parts (§6.5).
constexpr bool takes_turn_images(EndpointType t) {
  return t == EndpointType::image_retrieval || t == EndpointType::image_edit;
}

// Media a body renders as content parts (workloads-and-endpoints.md §6.4): chat-shaped bodies
// all three kinds; the Responses API images and audio; Anthropic messages images only.
constexpr bool body_carries_images(EndpointType t) {
  return sends_chat_messages(t) || t == EndpointType::responses || t == EndpointType::messages;
}
constexpr bool body_carries_audio(EndpointType t) { return sends_chat_messages(t) || t == EndpointType::responses; }
constexpr bool body_carries_video(EndpointType t) { return sends_chat_messages(t); }

// Request bodies with roles: they can carry system prompts and a conversation's history
// (chat messages, Responses API input items, Anthropic messages).
constexpr bool carries_roles(EndpointType t) {
  return t == EndpointType::chat || t == EndpointType::responses || t == EndpointType::messages;
}

}  // namespace aiperf
