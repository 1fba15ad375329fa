#include "sweep/convergence.h"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "config/profile_config.h"

namespace aiperf {
namespace {

using Values = std::vector<std::optional<double>>;

ConvergenceSettings settings(ConvergenceMode mode, int min_runs = 3) {
  ConvergenceSettings s;
  s.metric = "time_to_first_token";
  s.mode = mode;
  s.min_runs = min_runs;
  return s;
}

TEST(ConvergenceNames, ParseAndSpell) {
  EXPECT_EQ(parse_convergence_mode("distribution"), ConvergenceMode::distribution);
  EXPECT_EQ(parse_convergence_stat("p95"), ConvergenceStat::p95);
  EXPECT_EQ(convergence_mode_name(ConvergenceMode::ci_width), "ci_width");
  EXPECT_EQ(convergence_stat_name(ConvergenceStat::max), "max");
  try {
    parse_convergence_mode("ci-width");
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "--convergence-mode: invalid choice 'ci-width' (choose from ci_width, cv, distribution)");
  }
  try {
    parse_convergence_stat("p75", "multi_run.convergence.stat");
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(),
                 "multi_run.convergence.stat: invalid choice 'p75' (choose from avg, p50, p90, p95, p99, min, max)");
  }
}

TEST(ConvergenceDefaults, ThresholdsAndMinRuns) {
  EXPECT_EQ(default_convergence_threshold(ConvergenceMode::ci_width), 0.10);
  EXPECT_EQ(default_convergence_threshold(ConvergenceMode::cv), 0.05);
  EXPECT_EQ(default_convergence_threshold(ConvergenceMode::distribution), 0.05);
  EXPECT_EQ(cli_convergence_min_runs(2), 2);
  EXPECT_EQ(cli_convergence_min_runs(10), 3);
  EXPECT_EQ(ConvergenceCheck(settings(ConvergenceMode::cv)).threshold(), 0.05);
  EXPECT_EQ(ConvergenceCheck(settings(ConvergenceMode::cv, 1)).min_runs(), 2);
}

// {100, 102, 98}: mean 100, std 2, se 2/sqrt(3) = 1.1547005, t(0.975, 2) = 4.302653:
// CI width 2 * 4.302653 * 1.1547005 / 100 = 0.0993655 < 0.10.
TEST(ConvergenceCiWidth, ConvergesJustInsideTheThreshold) {
  ConvergenceCheck check(settings(ConvergenceMode::ci_width));
  ConvergenceVerdict v = check.converged(Values{100, 102, 98});
  EXPECT_TRUE(v.converged);
  EXPECT_EQ(v.reason, "converged: time_to_first_token avg CI width 9.94% of mean < 10% after 3 trials");
}

// {100, 104, 96}: std 4, width 0.1987310.
TEST(ConvergenceCiWidth, WideIntervalDoesNotConverge) {
  ConvergenceCheck check(settings(ConvergenceMode::ci_width));
  ConvergenceVerdict v = check.converged(Values{100, 104, 96});
  EXPECT_FALSE(v.converged);
  EXPECT_EQ(v.reason, "not converged: time_to_first_token avg CI width 19.9% of mean >= 10% after 3 trials");
}

TEST(ConvergenceCiWidth, ConfidenceLevelChangesTheWidth) {
  // At 90 %, t(0.95, 2) = 2.919986: {100, 104, 96} gives 2 * 2.919986 * 2.3094011 / 100 = 0.1348687.
  ConvergenceSettings s = settings(ConvergenceMode::ci_width);
  s.confidence_level = 0.90;
  s.threshold = 0.135;
  EXPECT_TRUE(ConvergenceCheck(s).converged(Values{100, 104, 96}).converged);
  s.threshold = 0.1348;
  EXPECT_FALSE(ConvergenceCheck(s).converged(Values{100, 104, 96}).converged);
}

TEST(ConvergenceCv, ComparesStdOverMean) {
  ConvergenceCheck check(settings(ConvergenceMode::cv));
  ConvergenceVerdict v = check.converged(Values{100, 102, 98});  // cv 0.02
  EXPECT_TRUE(v.converged);
  EXPECT_EQ(v.reason, "converged: time_to_first_token avg cv 2% of mean < 5% after 3 trials");
  v = check.converged(Values{100, 110, 90});  // cv 0.1
  EXPECT_FALSE(v.converged);
  EXPECT_EQ(v.reason, "not converged: time_to_first_token avg cv 10% of mean >= 5% after 3 trials");
}

TEST(ConvergenceSpread, WaitsForMinRuns) {
  ConvergenceCheck check(settings(ConvergenceMode::cv));
  ConvergenceVerdict v = check.converged(Values{100, 100});
  EXPECT_FALSE(v.converged);
  EXPECT_EQ(v.reason, "not converged: 2 trials of at least 3");
  EXPECT_TRUE(ConvergenceCheck(settings(ConvergenceMode::cv, 2)).converged(Values{100, 100}).converged);
}

TEST(ConvergenceSpread, MinRunsBelowTwoStillNeedsTwoTrials) {
  ConvergenceVerdict v = ConvergenceCheck(settings(ConvergenceMode::cv, 1)).converged(Values{100});
  EXPECT_FALSE(v.converged);
  EXPECT_EQ(v.reason, "not converged: 1 trial of at least 2");
}

TEST(ConvergenceSpread, UnknownMetricNeverConverges) {
  ConvergenceSettings s = settings(ConvergenceMode::ci_width);
  s.metric = "no_such_metric";
  s.stat = ConvergenceStat::p99;
  ConvergenceVerdict v = ConvergenceCheck(s).converged(Values{std::nullopt, std::nullopt, std::nullopt, std::nullopt});
  EXPECT_FALSE(v.converged);
  EXPECT_EQ(v.reason, "never converges: no_such_metric p99 is in no trial's summary (unknown metric or statistic?)");
}

TEST(ConvergenceSpread, UsesOnlyTrialsThatHaveTheValue) {
  ConvergenceCheck check(settings(ConvergenceMode::cv));
  ConvergenceVerdict v = check.converged(Values{100, std::nullopt, 101});
  EXPECT_FALSE(v.converged);
  EXPECT_EQ(v.reason, "not converged: time_to_first_token avg found in only 2 of 3 trials, needs 3");
  EXPECT_TRUE(check.converged(Values{100, std::nullopt, 101, 100.5}).converged);
  // A non-finite value counts as missing.
  EXPECT_FALSE(check.converged(Values{100, std::numeric_limits<double>::infinity(), 101}).converged);
}

TEST(ConvergenceSpread, ZeroMeanNeverConverges) {
  for (ConvergenceMode mode : {ConvergenceMode::ci_width, ConvergenceMode::cv}) {
    ConvergenceVerdict v = ConvergenceCheck(settings(mode)).converged(Values{0, 0, 0});
    EXPECT_FALSE(v.converged);
    EXPECT_NE(v.reason.find("mean is 0 after 3 trials"), std::string::npos) << v.reason;
  }
}

std::vector<double> range(double from, int count) {
  std::vector<double> v;
  for (int i = 0; i < count; ++i) v.push_back(from + i);
  return v;
}

TEST(ConvergenceDistribution, SameDistributionConverges) {
  ConvergenceCheck check(settings(ConvergenceMode::distribution));
  const std::vector<std::vector<double>> samples{range(1, 50), range(1, 50), range(1, 50)};
  ConvergenceVerdict v = check.converged({}, &samples);
  EXPECT_TRUE(v.converged);
  EXPECT_EQ(v.reason, "converged: time_to_first_token KS p-value 1 > 0.05 (D 0, latest trial vs 2 trials pooled)");
}

TEST(ConvergenceDistribution, ShiftedLatestTrialDoesNotConverge) {
  ConvergenceCheck check(settings(ConvergenceMode::distribution));
  const std::vector<std::vector<double>> samples{range(1, 50), range(1, 50), range(101, 50)};
  ConvergenceVerdict v = check.converged({}, &samples);
  EXPECT_FALSE(v.converged);
  EXPECT_NE(v.reason.find("not converged: time_to_first_token KS p-value "), std::string::npos) << v.reason;
  EXPECT_NE(v.reason.find(" <= 0.05 (D 1, latest trial vs 2 trials pooled)"), std::string::npos) << v.reason;
}

TEST(ConvergenceDistribution, ThresholdIsAPValueFloor) {
  // Identical trials: D 0, p 1, so any threshold below 1 converges and 1 itself does not
  // (p must exceed the threshold).
  ConvergenceSettings s = settings(ConvergenceMode::distribution);
  const std::vector<std::vector<double>> samples{range(1, 20), range(1, 20), range(1, 20)};
  s.threshold = 0.99;
  EXPECT_TRUE(ConvergenceCheck(s).converged({}, &samples).converged);
  s.threshold = 1.0;
  EXPECT_FALSE(ConvergenceCheck(s).converged({}, &samples).converged);
}

TEST(ConvergenceDistribution, NeedsPerRequestValues) {
  ConvergenceCheck check(settings(ConvergenceMode::distribution));
  ConvergenceVerdict v = check.converged(Values{1, 1, 1}, nullptr);
  EXPECT_FALSE(v.converged);
  EXPECT_EQ(v.reason, "not converged: distribution mode needs per-request values (export level records or raw)");
  const std::vector<std::vector<double>> two{range(1, 50), range(1, 50)};
  EXPECT_EQ(check.converged({}, &two).reason, "not converged: 2 trials of at least 3");
  const std::vector<std::vector<double>> thin{range(1, 50), {}, {7}};
  v = check.converged({}, &thin);
  EXPECT_FALSE(v.converged);
  EXPECT_EQ(v.reason,
            "not converged: time_to_first_token has 1 per-request values in the latest trial and 50 in the earlier "
            "ones (needs 2 each)");
}

TEST(ConvergenceCheck, RefusesBadSettings) {
  ConvergenceSettings s = settings(ConvergenceMode::cv);
  s.metric = "";
  EXPECT_THROW(ConvergenceCheck{s}, std::invalid_argument);
  s = settings(ConvergenceMode::cv);
  s.threshold = 0;
  EXPECT_THROW(ConvergenceCheck{s}, std::invalid_argument);
  s.threshold = std::nan("");
  EXPECT_THROW(ConvergenceCheck{s}, std::invalid_argument);
  s = settings(ConvergenceMode::cv);
  s.confidence_level = 1;
  EXPECT_THROW(ConvergenceCheck{s}, std::invalid_argument);
}

}  // namespace
}  // namespace aiperf
