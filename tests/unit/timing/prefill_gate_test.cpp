#include "timing/prefill_gate.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(PrefillGate, NoLimitAlwaysHasASlot) {
  PrefillGate gate(0, 0, 0);
  EXPECT_FALSE(gate.enabled());
  for (int i = 0; i < 100; ++i) {
    EXPECT_TRUE(gate.has_slot());
    gate.acquire();
  }
  EXPECT_EQ(gate.next_step_ns(), 0);
}

TEST(PrefillGate, LimitHoldsUntilASlotIsReleased) {
  PrefillGate gate(2, 0, 0);
  EXPECT_TRUE(gate.enabled());
  gate.acquire();
  EXPECT_TRUE(gate.has_slot());
  gate.acquire();
  EXPECT_FALSE(gate.has_slot());
  gate.release();
  EXPECT_TRUE(gate.has_slot());
}

// §4.5: value v (2..P) applies at D·(v−1)/(P−1) after the phase start.
TEST(PrefillGate, RampStepsByOneOnTheSchedule) {
  const int64_t start = 5'000'000'000;
  PrefillGate gate(4, 3.0, start);
  EXPECT_EQ(gate.limit(), 1);
  EXPECT_EQ(gate.next_step_ns(), start + 1'000'000'000);
  EXPECT_FALSE(gate.advance(start + 999'999'999));
  EXPECT_TRUE(gate.advance(start + 1'000'000'000));
  EXPECT_EQ(gate.limit(), 2);
  EXPECT_EQ(gate.next_step_ns(), start + 2'000'000'000);
  EXPECT_TRUE(gate.advance(start + 10'000'000'000));  // late: every due step at once
  EXPECT_EQ(gate.limit(), 4);
  EXPECT_EQ(gate.next_step_ns(), 0);
  EXPECT_FALSE(gate.advance(start + 20'000'000'000));
}

TEST(PrefillGate, RampOfALimitOfOneIsNoRamp) {
  PrefillGate gate(1, 3.0, 0);
  EXPECT_EQ(gate.limit(), 1);
  EXPECT_EQ(gate.next_step_ns(), 0);
}

}  // namespace
}  // namespace aiperf
