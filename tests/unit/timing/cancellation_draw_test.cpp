#include "timing/cancellation_draw.h"

#include <gtest/gtest.h>

#include <atomic>

#include "timing/renewal_budget.h"

namespace aiperf {
namespace {

TEST(CancellationDraw, DisabledCancelsNothing) {
  CancellationDraw none;
  EXPECT_FALSE(none.enabled());
  for (uint64_t n = 0; n < 1000; ++n) EXPECT_EQ(none.cancel_after_ns(n), -1);
}

TEST(CancellationDraw, SameSeedSameRequestsDifferentSeedOthers) {
  CancellationDraw a(30, 0.25, 42), b(30, 0.25, 42), c(30, 0.25, 43);
  int same = 0, differ = 0;
  for (uint64_t n = 0; n < 10'000; ++n) {
    ASSERT_EQ(a.cancel_after_ns(n), b.cancel_after_ns(n)) << n;
    (a.cancel_after_ns(n) == c.cancel_after_ns(n) ? same : differ)++;
  }
  EXPECT_GT(differ, 1000);
}

TEST(CancellationDraw, RateIsTheFractionCancelledAndDelayIsCarried) {
  CancellationDraw draw(10, 0.05, 7);
  int cancelled = 0;
  const int n = 200'000;
  for (uint64_t i = 0; i < uint64_t(n); ++i) {
    int64_t after = draw.cancel_after_ns(i);
    if (after < 0) continue;
    EXPECT_EQ(after, 50'000'000);
    ++cancelled;
  }
  // Binomial(200000, 0.1): sd ~134, so ±1000 is > 7 sd.
  EXPECT_NEAR(cancelled, n / 10, 1000);
}

TEST(CancellationDraw, HundredPercentCancelsEveryRequest) {
  CancellationDraw all(100, 0, std::nullopt);
  for (uint64_t n = 0; n < 1000; ++n) EXPECT_EQ(all.cancel_after_ns(n), 0);
}

// The budget numbers every credit, issued or renewed, and draws by that number.
TEST(CancellationDraw, BudgetCarriesTheDrawOfEachRequestNumber) {
  std::atomic<uint64_t> ids{0};
  CancellationDraw draw(50, 1.5, 9);
  RenewalBudget budget(BenchmarkPhase::profiling, 100, 0, 10, ids, draw);
  Credit c;
  int cancelled = 0;
  while (budget.take(c, true)) {
    EXPECT_EQ(c.cancel_after_ns, draw.cancel_after_ns(c.session_num));
    cancelled += c.cancel_after_ns >= 0;
  }
  EXPECT_GT(cancelled, 0);
  EXPECT_LT(cancelled, 100);
}

}  // namespace
}  // namespace aiperf
