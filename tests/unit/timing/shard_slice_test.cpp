// Sharded runs: the shards together make the single process's run (docs/cluster.md).
#include "timing/shard_slice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "phase_specs.h"
#include "timing/renewal_budget.h"
#include "timing/request_rate_strategy.h"
#include "timing/fixed_schedule_strategy.h"

namespace aiperf {
namespace {

TEST(ShardSlice, SharesAddUpToTheWhole) {
  for (uint64_t count : {1, 2, 3, 7}) {
    for (uint64_t total : {0, 1, 5, 6, 100, 101}) {
      uint64_t sum = 0;
      for (uint64_t i = 0; i < count; ++i) {
        ShardSlice s{i, count};
        uint64_t owned = 0;
        for (uint64_t k = 0; k < total; ++k) owned += s.owns(k);
        EXPECT_EQ(s.share(total), owned) << i << "/" << count << " of " << total;
        sum += s.share(total);
      }
      EXPECT_EQ(sum, total);
    }
  }
}

TEST(ShardSlice, PhasesSplitConcurrencyAndCounts) {
  std::vector<PhaseSpec> phases(2);
  phases[0].phase = BenchmarkPhase::warmup;
  phases[0].concurrency = 5;
  phases[0].request_count = 10;
  phases[1].concurrency = 8;
  phases[1].request_count = 203;
  phases[1].session_count = 9;
  slice_phases(phases, ShardSlice{1, 3});
  EXPECT_EQ(phases[0].concurrency, 2);
  EXPECT_EQ(phases[0].request_count, 3);  // 1, 4, 7
  EXPECT_EQ(phases[1].concurrency, 3);    // 1, 4, 7 of 0..7
  EXPECT_EQ(phases[1].request_count, 68);
  EXPECT_EQ(phases[1].global_request_count, 203);
  EXPECT_EQ(phases[1].session_count, 3);

  std::vector<PhaseSpec> small(1);
  small[0].concurrency = 2;
  EXPECT_THROW(slice_phases(small, ShardSlice{0, 4}), ConfigError);
  std::vector<PhaseSpec> adaptive(1);
  adaptive[0].adaptive = AdaptiveVariable::concurrency;
  EXPECT_THROW(slice_phases(adaptive, ShardSlice{0, 2}), ConfigError);
}

// Every shard's budget numbers its credits as the single process would: together they take
// the same credit ids, request numbers and dataset entries, each once.
TEST(ShardSlice, BudgetsNumberCreditsAsOneProcess) {
  constexpr uint64_t kRequests = 97, kDataset = 13, kBase = 40;
  std::atomic<uint64_t> ids{kBase};
  RenewalBudget single(BenchmarkPhase::profiling, kRequests, 0, kDataset, ids);
  std::multimap<uint64_t, uint32_t> expected, got;
  Credit c;
  while (single.take(c, false)) expected.emplace(c.id, c.dataset_index);
  for (uint64_t i = 0; i < 4; ++i) {
    const ShardSlice slice{i, 4};
    std::atomic<uint64_t> unused{0};
    RenewalBudget shard(BenchmarkPhase::profiling, slice.share(kRequests), 0, kDataset, unused, {}, slice, kBase);
    while (shard.take(c, false)) {
      EXPECT_TRUE(slice.owns(c.session_num));
      got.emplace(c.id, c.dataset_index);
    }
  }
  EXPECT_EQ(got, expected);
}

struct Sent : PhaseControl {
  bool can_send() const override { return true; }
  void issue(int64_t scheduled_ns) override { times.push_back(scheduled_ns); }
  void issue_entry(int64_t scheduled_ns, uint32_t entry) override {
    times.push_back(scheduled_ns);
    entries.push_back(entry);
  }
  void finish_sending() override {}
  int64_t in_flight() const override { return 0; }
  std::vector<int64_t> times;
  std::vector<uint32_t> entries;
};

// Open loop: every shard draws the one seeded timeline and sends every N-th arrival of it.
TEST(ShardSlice, RateShardsSendTheSingleTimelineBetweenThem) {
  PhaseSpec spec = testing::constant_rate(2000);
  spec.arrival_pattern = ArrivalPattern::poisson;
  spec.random_seed = 42;
  spec.max_catchup_s = 1e6;  // nothing dropped: every arrival of the window is sent
  auto offsets = [](PhaseSpec s) {
    RequestRateStrategy strategy(s);
    Sent c;
    strategy.start(c);
    const int64_t first = strategy.next_deadline_ns();  // arrival 0, whoever owns it
    strategy.deadline_reached(c, first + 250'000'000);
    std::vector<int64_t> out;
    for (int64_t t : c.times) out.push_back(t - first);
    return out;
  };
  const std::vector<int64_t> single = offsets(spec);
  ASSERT_GT(single.size(), 300u);
  std::vector<int64_t> merged;
  for (uint64_t i = 0; i < 3; ++i) {
    PhaseSpec s = spec;
    s.shard = ShardSlice{i, 3};
    std::vector<int64_t> mine = offsets(s);
    EXPECT_NEAR(double(mine.size()), double(single.size()) / 3, 2.0);
    merged.insert(merged.end(), mine.begin(), mine.end());
  }
  std::sort(merged.begin(), merged.end());
  EXPECT_EQ(merged, single);
}

// Trace replay: whole entries (sessions) go to one shard each, at their trace times.
TEST(ShardSlice, FixedScheduleEntriesAreSplitWhole) {
  PhaseSpec spec;
  spec.concurrency = 0;
  for (int k = 0; k < 50; ++k) spec.fixed_schedule_ns.push_back(int64_t(k) * 1000);
  std::vector<uint32_t> all;
  for (uint64_t i = 0; i < 4; ++i) {
    PhaseSpec s = spec;
    s.shard = ShardSlice{i, 4};
    FixedScheduleStrategy strategy(s);
    Sent c;
    strategy.start(c);
    strategy.deadline_reached(c, strategy.next_deadline_ns() + 1'000'000'000);
    for (uint32_t e : c.entries) EXPECT_EQ(e % 4, i);
    all.insert(all.end(), c.entries.begin(), c.entries.end());
  }
  std::sort(all.begin(), all.end());
  ASSERT_EQ(all.size(), 50u);
  for (uint32_t k = 0; k < 50; ++k) EXPECT_EQ(all[k], k);
}

}  // namespace
}  // namespace aiperf
