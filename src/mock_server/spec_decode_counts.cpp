#include "mock_server/spec_decode_counts.h"

#include <algorithm>
#include <cmath>

namespace aiperf::mock {

int64_t SpecDecodeCounts::histogram(int64_t j) const {
  if (steps == 0) return 0;
  return (j == accepted_per_full_step ? steps - 1 : 0) + (j == accepted_last_step ? 1 : 0);
}

SpecDecodeCounts spec_decode_counts(int64_t completion_tokens, int64_t k, double acceptance) {
  SpecDecodeCounts c;
  c.draft_tokens_per_step = k;
  c.accepted_per_full_step = std::clamp<int64_t>(std::llround(acceptance * double(k)), 0, k);
  const int64_t decoded = std::max<int64_t>(completion_tokens - 1, 0);
  const int64_t per_step = c.accepted_per_full_step + 1;
  c.steps = (decoded + per_step - 1) / per_step;
  c.accepted = decoded - c.steps;  // every step emitted one token of its own
  c.drafts = c.steps * k;
  if (c.steps > 0) c.accepted_last_step = c.accepted - (c.steps - 1) * c.accepted_per_full_step;
  return c;
}

}  // namespace aiperf::mock
