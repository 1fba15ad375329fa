#include "timing/credit_returns.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>

namespace aiperf {
namespace {

// An open loop without a ceiling can hold more credits than any ring was sized for; the
// surplus must come back through the overflow list, none lost.
TEST(CreditReturns, FullRingSpillsAndNothingIsLost) {
  CreditReturns returns(2, 4);
  std::thread producer([&] {
    for (uint64_t i = 0; i < 5000; ++i) {
      Credit c;
      c.id = i;
      returns.push(i % 2, c);
      if (i % 64 == 0) returns.notify();
    }
    returns.notify();
  });
  std::set<uint64_t> seen;
  auto take = [&] {
    returns.clear_wake();
    returns.drain(
        [&](size_t worker, const Credit& c) {
          EXPECT_EQ(worker, c.id % 2);
          EXPECT_TRUE(seen.insert(c.id).second) << "credit " << c.id << " twice";
        },
        [](size_t, const Credit& c) { ADD_FAILURE() << "first-token message for " << c.id; });
  };
  // Drain while the producer runs (the rings fill and spill), then once more after it ends.
  for (int i = 0; i < 1000 && seen.size() < 5000; ++i) {
    take();
    std::this_thread::yield();
  }
  producer.join();
  take();
  EXPECT_EQ(seen.size(), 5000u);
}

}  // namespace
}  // namespace aiperf
