#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "common/clock.h"
#include "timing/fixed_schedule.h"
#include "timing/fixed_schedule_strategy.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;

// Rows named by their timestamps, in file order.
FileDataset rows(std::vector<std::optional<double>> ts) {
  FileDataset f;
  for (size_t i = 0; i < ts.size(); ++i) {
    DatasetEntry e;
    e.prompt = "row" + std::to_string(i);
    f.dataset.entries.push_back(e);
    f.timestamps_ms.push_back(ts[i]);
    f.lines.push_back(i + 1);
  }
  return f;
}

ProfileConfig replay(std::optional<int64_t> start = {}, std::optional<int64_t> end = {}) {
  ProfileConfig c;
  c.input_file = "t.jsonl";
  c.fixed_schedule = true;
  c.fixed_schedule_start_offset = start;
  c.fixed_schedule_end_offset = end;
  c.fixed_schedule_auto_offset = !start;  // as the CLI resolves it
  return c;
}

std::vector<std::string> prompts(const FixedSchedule& s) {
  std::vector<std::string> out;
  for (const auto& e : s.dataset.entries) out.push_back(e.prompt.str());
  return out;
}

TEST(FixedSchedule, SortedByTimestampAndNormalisedToTheFirst) {
  FixedSchedule s = build_fixed_schedule(rows({300, 100, 200.5, 100}), replay(), replay());
  EXPECT_EQ(prompts(s), (std::vector<std::string>{"row1", "row3", "row2", "row0"}));  // stable among equals
  EXPECT_EQ(s.offsets_ns, (std::vector<int64_t>{0, 0, 100'500'000, 200'000'000}));
}

TEST(FixedSchedule, AbsoluteTimestampsWithoutAutoOffset) {
  ProfileConfig c = replay();
  c.fixed_schedule_auto_offset = false;
  FixedSchedule s = build_fixed_schedule(rows({300, 100}), c, c);
  EXPECT_EQ(s.offsets_ns, (std::vector<int64_t>{100'000'000, 300'000'000}));
}

TEST(FixedSchedule, OffsetsFilterInclusivelyAndStartIsZero) {
  FixedSchedule s = build_fixed_schedule(rows({0, 100, 150, 200, 201, 250}), replay(100, 200), replay(100, 200));
  EXPECT_EQ(prompts(s), (std::vector<std::string>{"row1", "row2", "row3"}));
  EXPECT_EQ(s.offsets_ns, (std::vector<int64_t>{0, 50'000'000, 100'000'000}));
  // Start 120 is schedule zero even though the first kept row is at 150.
  FixedSchedule late = build_fixed_schedule(rows({0, 150, 250}), replay(120), replay(120));
  EXPECT_EQ(late.offsets_ns, (std::vector<int64_t>{30'000'000, 130'000'000}));
  // End offset alone keeps auto-offset: zero is the first row.
  FixedSchedule head = build_fixed_schedule(rows({40, 50, 60}), replay(std::nullopt, 50), replay(std::nullopt, 50));
  EXPECT_EQ(head.offsets_ns, (std::vector<int64_t>{0, 10'000'000}));
}

TEST(FixedSchedule, Errors) {
  try {
    build_fixed_schedule(rows({0, 10}), replay(20, 30), replay(20, 30));
    ADD_FAILURE() << "empty window accepted";
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr("the window [20 ms, 30 ms] selects none of the 2 rows of t.jsonl"));
  }
  try {
    build_fixed_schedule(rows({0, std::nullopt}), replay(), replay());
    ADD_FAILURE() << "row without timestamp accepted";
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr("t.jsonl, line 2: no 'timestamp'"));
  }
}

struct ReplaySend {
  int64_t scheduled_ns;
  uint32_t entry;
};

struct ReplayControl : PhaseControl {
  bool can_send() const override { return sent.size() < limit; }
  void issue(int64_t) override { ADD_FAILURE() << "replay must name its entry"; }
  void issue_entry(int64_t scheduled_ns, uint32_t entry) override {
    sent.push_back({scheduled_ns, entry});
    ++out;
  }
  void finish_sending() override { finished = true; }
  int64_t in_flight() const override { return out; }
  std::vector<ReplaySend> sent;
  size_t limit = SIZE_MAX;
  int64_t out = 0;
  bool finished = false;
};

PhaseSpec spec_with(std::vector<int64_t> offsets, int64_t ceiling = 0) {
  PhaseSpec spec;
  spec.fixed_schedule_ns = std::move(offsets);
  spec.concurrency = ceiling;
  return spec;
}

TEST(FixedScheduleStrategy, SendsEachEntryAtItsDeadlineInOrder) {
  PhaseSpec spec = spec_with({0, 5'000'000, 5'000'000, 20'000'000});
  FixedScheduleStrategy s(spec);
  ReplayControl c;
  const int64_t before = mono_ns();
  s.start(c);
  ASSERT_EQ(c.sent.size(), 1u);  // offset 0 is due at once
  const int64_t start = c.sent[0].scheduled_ns;
  EXPECT_GE(start, before);
  EXPECT_EQ(s.next_deadline_ns(), start + 5'000'000);
  s.deadline_reached(c, start + 6'000'000);
  ASSERT_EQ(c.sent.size(), 3u);
  EXPECT_EQ(c.sent[1].scheduled_ns, start + 5'000'000);
  EXPECT_EQ(c.sent[2].entry, 2u);
  EXPECT_FALSE(c.finished);
  s.deadline_reached(c, start + 20'000'000);
  ASSERT_EQ(c.sent.size(), 4u);
  EXPECT_EQ(c.sent[3].entry, 3u);
  EXPECT_TRUE(c.finished);
  EXPECT_EQ(s.next_deadline_ns(), 0);
}

TEST(FixedScheduleStrategy, ADueEntryWaitsForASlotAndKeepsItsTraceTime) {
  PhaseSpec spec = spec_with({0, 1'000'000, 2'000'000}, /*ceiling=*/1);
  FixedScheduleStrategy s(spec);
  ReplayControl c;
  s.start(c);
  const int64_t start = c.sent[0].scheduled_ns;
  s.deadline_reached(c, start + 3'000'000);  // both later entries due, the one slot taken
  EXPECT_EQ(c.sent.size(), 1u);
  EXPECT_EQ(s.next_deadline_ns(), 0);  // nothing to wake for until a credit returns
  --c.out;
  s.credit_returned(c);
  ASSERT_EQ(c.sent.size(), 2u);  // sent late, never skipped
  EXPECT_EQ(c.sent[1].scheduled_ns, start + 1'000'000);
  EXPECT_EQ(c.sent[1].entry, 1u);
  // The fake clock is ahead of the real one: entry 2 is due again once the issuer looks.
  EXPECT_EQ(s.next_deadline_ns(), start + 2'000'000);
  --c.out;
  s.deadline_reached(c, start + 3'000'000);
  ASSERT_EQ(c.sent.size(), 3u);
  EXPECT_TRUE(c.finished);
}

TEST(FixedScheduleStrategy, StopConditionsStillApply) {
  PhaseSpec spec = spec_with({0, 0, 0, 0});
  FixedScheduleStrategy s(spec);
  ReplayControl c;
  c.limit = 2;  // e.g. --request-count 2
  s.start(c);
  EXPECT_EQ(c.sent.size(), 2u);
  EXPECT_FALSE(c.finished);  // the issuer ends the phase on its own stop condition
}

// Agentic traces (weka_trace, tracelab): children carry no timestamp, are started by their
// parents, and follow the scheduled roots with every launch renumbered.
TEST(FixedSchedule, ChildConversationsFollowTheRootsAndLaunchesAreRenumbered) {
  FileDataset f = rows({500.0, std::nullopt, 100.0});
  f.dataset.entries[1].is_child = true;
  for (size_t i : {0u, 2u}) {
    f.dataset.entries[i].agentic.edit().turns.resize(1);
    f.dataset.entries[i].agentic.edit().turns[0].timestamp_ms = *f.timestamps_ms[i];
  }
  ChildLaunch launch;
  launch.child = 1;
  launch.join_at = 1;
  f.dataset.entries[0].agentic.edit().turns[0].launches.push_back(launch);
  FixedSchedule s = build_fixed_schedule(std::move(f), replay(), replay());
  EXPECT_EQ(prompts(s), (std::vector<std::string>{"row2", "row0", "row1"}));
  EXPECT_EQ(s.offsets_ns, (std::vector<int64_t>{0, 400'000'000}));
  EXPECT_EQ(s.dataset.entries[1].agentic->turns[0].launches[0].child, 2u);
  EXPECT_EQ(s.dataset.entries[1].agentic->turns[0].timestamp_ms, 400.0);
}

}  // namespace
}  // namespace aiperf
