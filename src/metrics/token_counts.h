#pragma once
// Token counts of one record (metrics-and-outputs.md §1.9). Absent = could not be counted,
// which makes the metrics built on it absent too (never 0 by default).
#include <cstdint>
#include <optional>

#include "endpoints/response_parser.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

struct TokenCounts {
  std::optional<int64_t> input;      // ISL
  std::optional<int64_t> output;     // non-reasoning output tokens
  std::optional<int64_t> reasoning;  // reasoning tokens
  std::optional<int64_t> requested_output;  // max_tokens the request asked for (requested_osl)
  std::optional<int64_t> request_images;    // image parts of the request body (num_images), read with the ISL
};

// Client side: all output text concatenated and encoded once (so merges across chunk
// boundaries count as the server would count them); reasoning text likewise, separately.
// A kind of text that never appeared stays absent. Does not set `input`.
TokenCounts count_output_tokens(const Tokenizer& tokenizer, const ParsedRecord& record);

// --use-server-token-count: the last usage object; output excludes reasoning.
TokenCounts server_token_counts(const ParsedRecord& record);

}  // namespace aiperf
