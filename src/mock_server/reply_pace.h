#pragma once
// When each content chunk of one reply is due. Without the serving model: TokenSchedule's fixed
// grid. With it (serving_model.h): the reply's own token clock, its first token when prefill
// ends, then one token per decode step, each step D0 + K·b long with b the batch size read from
// the scheduler as the step starts. That read is why chunks are asked for in order (due(j) for
// j at least the last one asked); a chunk of k tokens is due with its last token.
#include <algorithm>
#include <cstdint>

#include "mock_server/batch_scheduler.h"
#include "mock_server/serving_model.h"
#include "mock_server/token_schedule.h"

namespace aiperf::mock {

class ReplyPace {
 public:
  using Clock = TokenSchedule::Clock;

  explicit ReplyPace(const TokenSchedule& fixed) : fixed_(fixed) {}
  ReplyPace(Clock::time_point first_token, const ServingModel& model, const BatchScheduler& batch, int64_t tokens,
            int64_t tokens_per_chunk)
      : model_(&model), batch_(&batch), tokens_(tokens), tokens_per_chunk_(tokens_per_chunk), due_(first_token) {}

  // Whether due() must be walked chunk by chunk (it reads the batch as each step starts).
  bool stepped() const { return model_ != nullptr; }

  Clock::time_point due(int64_t chunk) {
    if (!model_) return fixed_.due(chunk);
    while (chunk_ < chunk) advance();
    return due_;
  }

 private:
  void advance() {
    ++chunk_;
    // Chunk 0's first token comes from prefill; each further token is one decode step.
    const int64_t tokens = std::min(tokens_per_chunk_, tokens_ - chunk_ * tokens_per_chunk_);
    const int64_t steps = std::max<int64_t>(chunk_ == 0 ? tokens - 1 : tokens, 0);
    if (steps > 0) due_ += steps * TokenSchedule::from_ms(model_->step_ms(batch_->running()));
  }

  TokenSchedule fixed_{};
  const ServingModel* model_ = nullptr;
  const BatchScheduler* batch_ = nullptr;
  int64_t tokens_ = 0;
  int64_t tokens_per_chunk_ = 1;
  int64_t chunk_ = -1;        // the last chunk asked for
  Clock::time_point due_{};   // its due time (before chunk 0: the first token's)
};

}  // namespace aiperf::mock
