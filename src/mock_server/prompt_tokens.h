#pragma once
// Prompt token counts that agree with aiperf's own, so its "Token Count Discrepancy" check stays
// quiet against the mock: the request's input texts, gathered as aiperf gathers them
// (src/metrics/request_text.cpp) and joined by one space, encoded with tiktoken o200k_base, the
// tokenizer aiperf uses for a placeholder model name such as `mock-model` (`--tokenizer builtin`).
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace aiperf::mock {

// Appends one input text to `joined` as aiperf joins them: a space between, empty texts skipped.
void append_prompt_text(std::string& joined, std::string_view text);

// Chat and Anthropic content: a string, or a list of parts whose `text` counts when `type` is
// "text" (Responses API parts: also "input_text" and "output_text").
enum class PartTypes { chat, responses };
void append_content_text(std::string& joined, const nlohmann::json& content, PartTypes types = PartTypes::chat);

// o200k_base tokens of `text`. Thread-safe.
int64_t count_prompt_tokens(std::string_view text);

// Builds the encoding's tables (tens of ms, once per process) now rather than on the first request.
void load_prompt_tokenizer();

}  // namespace aiperf::mock
