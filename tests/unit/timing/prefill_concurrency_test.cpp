// The credit issuer under --prefill-concurrency: workers report each request's first token
// on the return ring, and the issuer never has more than P requests awaiting one.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

#include "common/clock.h"
#include "config/profile_config.h"
#include "timing/credit_issuer.h"
#include "timing/phase.h"
#include "phase_specs.h"

namespace aiperf {
namespace {

using namespace std::chrono_literals;

// A stand-in streaming worker: each request reports its first token `ttft` after delivery
// and finishes `decode` later. Counts what a server would see.
class StreamingWorker : public CreditTarget {
 public:
  StreamingWorker(CreditReturns& returns, std::chrono::microseconds ttft, std::chrono::microseconds decode)
      : returns_(returns), ttft_ns_(ttft.count() * 1000), decode_ns_(decode.count() * 1000),
        thread_([this] { run(); }) {}
  ~StreamingWorker() override {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }

  void deliver(const Credit& credit) override {
    std::lock_guard lock(mu_);
    delivered.push_back(credit);
    events_.emplace(mono_ns() + ttft_ns_, Event{credit, true});
    ++awaiting_;
    ++in_flight_;
    max_awaiting = std::max(max_awaiting, awaiting_);
    max_in_flight = std::max(max_in_flight, in_flight_);
    cv_.notify_all();
  }
  void cancel_in_flight(BenchmarkPhase) override {}

  std::vector<Credit> delivered;
  int64_t max_awaiting = 0;
  int64_t max_in_flight = 0;

 private:
  struct Event {
    Credit credit;
    bool first_token;
  };

  void run() {
    std::unique_lock lock(mu_);
    for (;;) {
      if (stop_) return;
      if (events_.empty()) {
        cv_.wait(lock);
        continue;
      }
      auto it = events_.begin();
      if (mono_ns() < it->first) {
        cv_.wait_for(lock, std::chrono::nanoseconds(it->first - mono_ns()));
        continue;
      }
      Event e = it->second;
      events_.erase(it);
      if (e.first_token) {
        --awaiting_;
        e.credit.first_token_reported = true;
        returns_.push(0, e.credit, ReturnKind::first_token);
        events_.emplace(mono_ns() + decode_ns_, Event{e.credit, false});
      } else {
        --in_flight_;
        returns_.push(0, e.credit);
      }
      returns_.notify();
    }
  }

  CreditReturns& returns_;
  int64_t ttft_ns_, decode_ns_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::multimap<int64_t, Event> events_;
  int64_t awaiting_ = 0, in_flight_ = 0;
  bool stop_ = false;
  std::thread thread_;
};

TEST(PrefillConcurrency, ClosedLoopNeverExceedsThePrefillCap) {
  CreditReturns returns(1, 256);
  StreamingWorker w(returns, 2ms, 6ms);
  CreditIssuer issuer({&w}, returns, 10);
  PhaseSpec spec;
  spec.concurrency = 8;
  spec.prefill_concurrency = 2;
  spec.request_count = 60;
  auto outcomes = issuer.run({spec});
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_EQ(outcomes[0].credits_issued, 60u);
  EXPECT_EQ(outcomes[0].credits_returned, 60u);
  EXPECT_LE(w.max_awaiting, 2);
  EXPECT_GT(w.max_in_flight, 2);  // decoding requests keep their session slot, not a prefill slot
  EXPECT_LE(w.max_in_flight, 8);
  for (const Credit& c : w.delivered) {
    EXPECT_TRUE(c.prefill_gated);
    EXPECT_EQ(c.renewal, nullptr);  // the issuer must see every send
  }
}

// A credit that returns without a first-token report (an error) frees its slot on return.
TEST(PrefillConcurrency, ReturnWithoutFirstTokenFreesTheSlot) {
  CreditReturns returns(1, 64);
  std::mutex mu;
  std::vector<Credit> got;
  struct FailingWorker : CreditTarget {
    CreditReturns& returns;
    std::vector<Credit>& got;
    std::mutex& mu;
    FailingWorker(CreditReturns& r, std::vector<Credit>& g, std::mutex& m) : returns(r), got(g), mu(m) {}
    void deliver(const Credit& c) override {
      std::lock_guard lock(mu);
      got.push_back(c);
      returns.push(0, c);  // issuer thread: fine for a test, the ring is SPSC per worker
      returns.notify();
    }
    void cancel_in_flight(BenchmarkPhase) override {}
  } worker(returns, got, mu);
  CreditIssuer issuer({&worker}, returns, 10);
  PhaseSpec spec;
  spec.concurrency = 4;
  spec.prefill_concurrency = 1;
  spec.request_count = 20;
  auto outcomes = issuer.run({spec});
  EXPECT_EQ(outcomes[0].credits_returned, 20u);
  EXPECT_EQ(got.size(), 20u);
}

TEST(PrefillConcurrency, RampRaisesThePrefillLimitToItsTarget) {
  CreditReturns returns(1, 256);
  StreamingWorker w(returns, 20ms, 1ms);
  CreditIssuer issuer({&w}, returns, 10);
  PhaseSpec spec;
  spec.concurrency = 8;
  spec.prefill_concurrency = 4;
  spec.prefill_ramp_s = 0.15;  // limit 2 at 50 ms, 3 at 100 ms, 4 at 150 ms
  spec.duration_s = 0.5;
  spec.grace_s = 5;
  auto outcomes = issuer.run({spec});
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_EQ(w.max_awaiting, 4);  // reached, never passed
  // The first 50 ms allow one request awaiting its first token: with a 20 ms TTFT at most 3
  // start there (generous for a loaded machine: at least 1, at most 4).
  const int64_t t0 = outcomes[0].start_ns;
  int64_t early = 0;
  for (size_t i = 0; i < w.delivered.size(); ++i)
    if (w.delivered[i].issued_ns < t0 + 45'000'000) ++early;
  EXPECT_GE(early, 1);
  EXPECT_LE(early, 4);
}

using testing::constant_rate;

// §4.6 [unsure], our choice: a rate tick finding no prefill slot is skipped and counted.
TEST(PrefillConcurrency, RateModeSkipsArrivalsWithoutAPrefillSlot) {
  CreditReturns returns(1, 256);
  StreamingWorker w(returns, 20ms, 1ms);
  CreditIssuer issuer({&w}, returns, 10);
  PhaseSpec spec = constant_rate(1000);
  spec.prefill_concurrency = 1;
  spec.request_count = 30;
  spec.duration_s = 0.3;
  spec.grace_s = 5;
  auto outcomes = issuer.run({spec});
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_LE(w.max_awaiting, 1);
  EXPECT_GT(outcomes[0].arrivals_skipped_at_prefill_cap, 0u);
  EXPECT_EQ(outcomes[0].arrivals_skipped_at_cap, 0u);
}

TEST(PrefillConcurrency, PlanInheritsPrefillIntoWarmupButNeverCancellation) {
  ProfileConfig config;
  config.model_names = {"m"};
  config.streaming = true;
  config.concurrency = 8;
  config.prefill_concurrency = 3;
  config.prefill_concurrency_ramp_duration = 2.0;
  config.warmup_request_count = 5;
  config.request_cancellation_rate = 25;
  config.request_cancellation_delay = 0.5;
  config.random_seed = 11;
  auto phases = plan_phases(config, config.random_seed);
  ASSERT_EQ(phases.size(), 2u);
  EXPECT_EQ(phases[0].prefill_concurrency, 3);
  EXPECT_EQ(phases[0].prefill_ramp_s, 2.0);
  EXPECT_EQ(phases[0].cancellation_rate, 0);  // warm-up requests are never cancelled (§4.10)
  EXPECT_EQ(phases[1].prefill_concurrency, 3);
  EXPECT_EQ(phases[1].cancellation_rate, 25);
  EXPECT_EQ(phases[1].cancellation_delay_s, 0.5);
  EXPECT_EQ(phases[1].random_seed, std::optional<uint64_t>(11));

  config.warmup_prefill_concurrency = 1;
  config.warmup_prefill_concurrency_ramp_duration = 0.5;
  phases = plan_phases(config, config.random_seed);
  EXPECT_EQ(phases[0].prefill_concurrency, 1);
  EXPECT_EQ(phases[0].prefill_ramp_s, 0.5);
  EXPECT_EQ(phases[1].prefill_concurrency, 3);
}

}  // namespace
}  // namespace aiperf
