#include "timing/renewal_budget.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>
#include <vector>

#include "common/clock.h"

namespace aiperf {
namespace {

TEST(RenewalBudget, NeverGrantsMoreThanTheRequestCountAcrossThreads) {
  std::atomic<uint64_t> ids{100};
  RenewalBudget budget(BenchmarkPhase::profiling, 10'000, 0, 7, ids);
  std::vector<std::vector<Credit>> got(4);
  std::vector<std::thread> threads;
  for (auto& mine : got)
    threads.emplace_back([&] {
      Credit c;
      while (budget.take(c, true)) mine.push_back(c);
    });
  for (auto& t : threads) t.join();
  std::set<uint64_t> sessions, credit_ids;
  for (const auto& mine : got)
    for (const Credit& c : mine) {
      sessions.insert(c.session_num);
      credit_ids.insert(c.id);
      EXPECT_EQ(c.dataset_index, c.id % 7);
      EXPECT_EQ(c.renewal, &budget);
    }
  EXPECT_EQ(budget.taken(), 10'000u);
  EXPECT_EQ(sessions.size(), 10'000u);  // each request index exactly once
  EXPECT_EQ(*sessions.rbegin(), 9'999u);
  EXPECT_EQ(credit_ids.size(), 10'000u);
  EXPECT_EQ(*credit_ids.begin(), 100u);
}

TEST(RenewalBudget, CloseAndDeadlineStopGranting) {
  std::atomic<uint64_t> ids{0};
  RenewalBudget open_ended(BenchmarkPhase::warmup, UINT64_MAX, 0, 1, ids);
  Credit c;
  EXPECT_TRUE(open_ended.take(c, false));
  EXPECT_EQ(c.phase, BenchmarkPhase::warmup);
  EXPECT_EQ(c.renewal, nullptr);
  open_ended.close();
  EXPECT_FALSE(open_ended.take(c, true));

  RenewalBudget expired(BenchmarkPhase::profiling, UINT64_MAX, mono_ns() - 1, 1, ids);
  EXPECT_FALSE(expired.take(c, true));
  EXPECT_EQ(expired.taken(), 0u);
}

}  // namespace
}  // namespace aiperf
