#include "metrics/token_counts.h"

#include <algorithm>
#include <string>

namespace aiperf {

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
  std::string joined;
  if (any_text) {
    joined.reserve(text_bytes);
    for (const ParsedResponse& r : record.responses) joined += r.text;
    counts.output = int64_t(tokenizer.count(joined));
  }
  if (any_reasoning) {
    joined.clear();
    joined.reserve(reasoning_bytes);
    for (const ParsedResponse& r : record.responses) joined += r.reasoning;
    counts.reasoning = int64_t(tokenizer.count(joined));
  }
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
