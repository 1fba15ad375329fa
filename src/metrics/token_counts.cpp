#include "metrics/token_counts.h"

#include <algorithm>
#include <string>

namespace aiperf {
namespace {

// The tokens of every response's `field` joined (BPE merges across chunk boundaries), counted
// where it lies when one response holds all of it: a huge reply is not copied to be counted.
size_t count_joined(const Tokenizer& tokenizer, const ParsedRecord& record, size_t total_bytes,
                    std::string ParsedResponse::*field) {
  for (const ParsedResponse& r : record.responses) {
    const std::string& part = r.*field;
    if (part.size() == total_bytes) return tokenizer.count(part);
    if (!part.empty()) break;
  }
  std::string joined;
  joined.reserve(total_bytes);
  for (const ParsedResponse& r : record.responses) joined += r.*field;
  return tokenizer.count(joined);
}

}  // namespace

TokenCounts count_output_tokens(const Tokenizer& tokenizer, const ParsedRecord& record) {
  size_t text_bytes = 0, reasoning_bytes = 0;
  bool any_text = false, any_reasoning = false;
  for (const ParsedResponse& r : record.responses) {
    text_bytes += r.text.size();
    reasoning_bytes += r.reasoning.size();
    any_text |= !r.text.empty();
    any_reasoning |= !r.reasoning.empty();
  }
  TokenCounts counts;
  if (any_text) counts.output = int64_t(count_joined(tokenizer, record, text_bytes, &ParsedResponse::text));
  if (any_reasoning)
    counts.reasoning = int64_t(count_joined(tokenizer, record, reasoning_bytes, &ParsedResponse::reasoning));
  return counts;
}

TokenCounts server_token_counts(const ParsedRecord& record) {
  TokenCounts counts;
  if (!record.usage) return counts;
  const TokenUsage& u = *record.usage;
  counts.input = u.prompt_tokens;
  counts.reasoning = u.reasoning_tokens;
  if (u.completion_tokens)
    counts.output = std::max<int64_t>(*u.completion_tokens - u.reasoning_tokens.value_or(0), 0);
  return counts;
}

}  // namespace aiperf
