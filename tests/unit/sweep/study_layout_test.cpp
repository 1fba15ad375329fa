// The §5.3 table, row by row.
#include "sweep/study_layout.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(StudyLayout, EveryRowOfTheTable) {
  const std::filesystem::path b = "/a";
  StudyShape single;
  EXPECT_EQ(trial_dir(b, single, "", 1), "/a");
  StudyShape multi{.num_runs = 3};
  EXPECT_EQ(trial_dir(b, multi, "", 2), "/a/profile_runs/run_0002");
  EXPECT_EQ(trial_label(multi, 2), "run_0002");
  StudyShape sweep{.sweep = true};
  EXPECT_EQ(trial_dir(b, sweep, "concurrency_8", 1), "/a/concurrency_8");
  StudyShape repeated{.sweep = true, .num_runs = 3, .order = SweepOrder::repeated};
  EXPECT_EQ(trial_dir(b, repeated, "concurrency_8", 3), "/a/profile_runs/trial_0003/concurrency_8");
  EXPECT_EQ(trial_label(repeated, 3), "trial_0003");
  StudyShape independent{.sweep = true, .num_runs = 3, .order = SweepOrder::independent};
  EXPECT_EQ(trial_dir(b, independent, "concurrency_8", 3), "/a/concurrency_8/profile_runs/trial_0003");
  StudyShape search{.search = true, .num_runs = 2};
  EXPECT_EQ(trial_dir(b, search, "", 2, 12), "/a/search_iter_0012/profile_runs/run_0002");
  EXPECT_EQ(trial_label(search, 1), "run_0001");
}

TEST(StudyLayout, Aggregates) {
  const std::filesystem::path b = "/a";
  EXPECT_EQ(multi_run_aggregate_dir(b), "/a/aggregate");
  StudyShape repeated{.sweep = true, .num_runs = 3, .order = SweepOrder::repeated};
  EXPECT_EQ(variation_aggregate_dir(b, repeated, "concurrency_8"), "/a/aggregate/concurrency_8");
  EXPECT_EQ(sweep_aggregate_dir(b, repeated), "/a/aggregate/sweep_aggregate");
  StudyShape independent{.sweep = true, .num_runs = 3, .order = SweepOrder::independent};
  EXPECT_EQ(variation_aggregate_dir(b, independent, "concurrency_8"), "/a/concurrency_8/aggregate");
  EXPECT_EQ(sweep_aggregate_dir(b, independent), "/a/sweep_aggregate");
  StudyShape one_trial{.sweep = true};
  EXPECT_EQ(sweep_aggregate_dir(b, one_trial), "/a/sweep_aggregate");
}

}  // namespace
}  // namespace aiperf
