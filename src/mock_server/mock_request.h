#pragma once
// What the mock needs from an OpenAI-style completion request body.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace aiperf::mock {

// responses: OpenAI Responses API; messages: Anthropic Messages API; generate: Hugging Face
// TGI /generate[_stream]; rag: Solido's /rag/api/prompt.
enum class ApiKind { chat, completions, responses, messages, generate, rag };

struct CompletionRequest {
  ApiKind kind = ApiKind::chat;
  std::string model;                  // as sent; empty when absent
  bool stream = false;
  bool include_usage = false;         // stream_options.include_usage
  bool continuous_usage = false;      // stream_options.continuous_usage_stats (vLLM extension)
  std::optional<int64_t> max_tokens;  // max_completion_tokens, else max_tokens (max_output_tokens: responses;
                                      // parameters.max_new_tokens: generate)
  std::string prompt_text;            // every input text, joined as aiperf joins them (prompt_tokens.h)
  int64_t prompt_tokens = 0;          // o200k_base tokens of prompt_text (+ one per id of a token-id prompt)
  int64_t messages = 0;               // chat, messages: entries of `messages`; responses: `input` items
  int64_t assistant_messages = 0;     // of those, role "assistant"
  int64_t image_parts = 0;            // chat: "image_url" content parts (accepted, not looked at)
  int64_t audio_parts = 0;            // chat: "input_audio" content parts
};

// Fills `out` from a JSON body. Returns "" on success, else a one-line message for a 400 reply.
std::string parse_completion_request(ApiKind kind, std::string_view body, CompletionRequest& out);

}  // namespace aiperf::mock
