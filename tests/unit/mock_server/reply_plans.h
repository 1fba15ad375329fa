#pragma once
// The reply plan the formatter tests start from (mock_responses_test.cpp, vendor_replies_test.cpp):
// id 0xab, created 1700000000, model "m", 4 prompt tokens, `tokens` completion tokens sent
// `per_chunk` at a time.
#include <cstdint>

#include "mock_server/mock_responses.h"

namespace aiperf::mock {

inline ReplyPlan test_plan(ApiKind kind, int64_t tokens, int64_t per_chunk = 1) {
  ReplyPlan p;
  p.kind = kind;
  p.id = 0xab;
  p.created = 1700000000;
  p.model_json = "m";
  p.prompt_tokens = 4;
  p.completion_tokens = tokens;
  p.tokens_per_chunk = per_chunk;
  return p;
}

}  // namespace aiperf::mock
