// One `aiperf profile` command as its Study (cli/study.h): which variations, in which order,
// with which settings; and the errors that stop a bad study before anything is sent.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/study.h"

namespace aiperf {
namespace {

Study study_of(std::vector<std::string> args) {
  args.insert(args.begin(), {"-m", "test-model"});
  std::optional<Study> s = parse_profile_study(args);
  if (!s) throw std::runtime_error("help was printed");
  return *s;
}

std::string study_error(std::vector<std::string> args) {
  try {
    study_of(std::move(args));
  } catch (const ConfigError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ConfigError";
  return "";
}

std::vector<std::string> names(const Study& s) {
  std::vector<std::string> out;
  for (const StudyVariation& v : s.variations) out.push_back(v.name);
  return out;
}

TEST(StudyBuilder, OneBenchmarkIsNotAStudy) {
  const Study s = study_of({"--concurrency", "4"});
  EXPECT_FALSE(s.needs_study_runner());
  ASSERT_EQ(s.variations.size(), 1u);
  EXPECT_EQ(s.variations[0].config.concurrency, 4);
}

TEST(StudyBuilder, CommaListsAreAGridInCommandLineOrderLastFastest) {
  const Study s = study_of({"--isl", "8,16", "--concurrency", "1,2,4"});
  EXPECT_EQ(s.sweep_type, "grid");
  EXPECT_EQ(s.dimensions, (std::vector<std::string>{"isl", "concurrency"}));
  EXPECT_THAT(names(s), ::testing::ElementsAre("isl_8__concurrency_1", "isl_8__concurrency_2", "isl_8__concurrency_4",
                                               "isl_16__concurrency_1", "isl_16__concurrency_2",
                                               "isl_16__concurrency_4"));
  EXPECT_EQ(s.variations[4].config.concurrency, 2);
  EXPECT_EQ(s.variations[4].config.isl_mean, 16);
}

TEST(StudyBuilder, ZipPairsListsOneToOne) {
  const Study s = study_of({"--concurrency", "1,2", "--request-count", "10,20", "--sweep-type", "zip"});
  EXPECT_EQ(s.sweep_type, "zip");
  EXPECT_THAT(names(s), ::testing::ElementsAre("concurrency_1__requests_10", "concurrency_2__requests_20"));
  EXPECT_EQ(s.variations[1].config.request_count, 20);
  EXPECT_EQ(study_error({"--concurrency", "1,2", "--isl", "8,16,32", "--sweep-type", "zip"}),
            "--sweep-type zip: --isl has 3 values and --concurrency has 2 (zip pairs them one to one; they must be equal)");
}

TEST(StudyBuilder, VariantsAreNamedScenarios) {
  const Study s = study_of({"--variant", "small: concurrency=1, isl=8", "--variant", "concurrency=4"});
  EXPECT_EQ(s.sweep_type, "scenarios");
  EXPECT_THAT(names(s), ::testing::ElementsAre("small", "concurrency_4"));
  EXPECT_EQ(s.variations[0].config.isl_mean, 8);
  EXPECT_EQ(study_error({"--variant", "a: concurrency=1"}), "--variant defines a scenario sweep: give it at least twice");
  EXPECT_EQ(study_error({"--variant", "a: bogus=1", "--variant", "b: concurrency=2"}),
            "--variant 'a: bogus=1': 'bogus' is not an option that takes a value (keys are flag names without --, "
            "e.g. concurrency)");
}

TEST(StudyBuilder, ABadValueNamesItsVariation) {
  EXPECT_EQ(study_error({"--concurrency", "1,0"}), "sweep variation concurrency_0: --concurrency must be >= 1 (got 0)");
}

TEST(StudyBuilder, MultiRunSettings) {
  const Study s = study_of({"--num-profile-runs", "3", "--confidence-level", "0.9", "--profile-run-cooldown-seconds",
                            "0.5", "--no-profile-run-disable-warmup-after-first", "--vary-seed-per-trial"});
  EXPECT_TRUE(s.needs_study_runner());
  EXPECT_FALSE(s.is_sweep());
  EXPECT_EQ(s.settings.multi_run.num_runs, 3);
  EXPECT_DOUBLE_EQ(s.settings.multi_run.confidence_level, 0.9);
  EXPECT_DOUBLE_EQ(s.settings.multi_run.cooldown_seconds, 0.5);
  EXPECT_FALSE(s.settings.multi_run.disable_warmup_after_first);
  EXPECT_TRUE(s.settings.multi_run.vary_seed_per_trial);
  EXPECT_EQ(study_error({"--num-profile-runs", "0"}), "--num-profile-runs must be between 1 and 10, got 0");
  EXPECT_EQ(study_error({"--confidence-level", "1"}), "--confidence-level must be between 0 and 1 (exclusive), got 1");
}

TEST(StudyBuilder, Convergence) {
  const Study s = study_of({"--num-profile-runs", "5", "--convergence-metric", "time_to_first_token",
                            "--convergence-mode", "cv"});
  ASSERT_TRUE(s.settings.multi_run.convergence);
  EXPECT_EQ(s.settings.multi_run.convergence->mode, ConvergenceMode::cv);
  EXPECT_EQ(s.settings.multi_run.convergence->threshold, 0.05);
  EXPECT_EQ(s.settings.multi_run.convergence->min_runs, 3);
  EXPECT_EQ(s.settings.sweep.order, SweepOrder::independent);
  EXPECT_EQ(study_error({"--convergence-metric", "time_to_first_token"}),
            "--convergence-metric needs --num-profile-runs 2 or more (the most trials to run)");
  EXPECT_EQ(study_error({"--convergence-mode", "cv"}),
            "--convergence-stat, --convergence-mode and --convergence-threshold need --convergence-metric");
}

TEST(StudyBuilder, SlaSugar) {
  const Study s = study_of({"--concurrency", "1,2", "--ttft-sla-ms", "600", "--e2e-sla-ms", "900", "--error-rate-sla",
                            "0.01", "--search-sla", "inter_token_latency:avg:le:20"});
  ASSERT_EQ(s.settings.sla_filters.size(), 4u);
  EXPECT_EQ(s.settings.sla_filters[0].metric_tag, "inter_token_latency");
  EXPECT_EQ(s.settings.sla_filters[1].metric_tag, "time_to_first_token");
  EXPECT_EQ(s.settings.sla_filters[1].stat, "p95");
  EXPECT_EQ(s.settings.sla_filters[1].op, SlaOp::lt);
  EXPECT_EQ(s.settings.sla_filters[2].stat, "p99");
  EXPECT_DOUBLE_EQ(s.settings.sla_filters[3].threshold, 1.0);  // percent points
  EXPECT_EQ(study_error({"--itl-sla-ms", "5", "--tpot-sla-ms", "5"}),
            "--itl-sla-ms and --tpot-sla-ms set the same SLA (inter_token_latency p95); give one of them");
}

TEST(StudyBuilder, Search) {
  const Study s = study_of({"--search-space", "phases.profiling.concurrency:1,64:int", "--search-planner",
                            "monotonic_sla", "--search-sla", "time_to_first_token:p99:le:600"});
  ASSERT_TRUE(s.settings.search);
  EXPECT_EQ(s.settings.search->planner, "monotonic_sla");
  ASSERT_EQ(s.settings.search->space.size(), 1u);
  EXPECT_EQ(s.settings.search->space[0].kind, SearchKind::integer);
  EXPECT_EQ(s.config_at({17}).concurrency, 17);
  EXPECT_EQ(s.config_at({17.4}).concurrency, 17);
  EXPECT_EQ(study_error({"--search-space", "phases.profiling.concurrency:1,64:int", "--search-planner", "monotonic_sla"}),
            "the monotonic_sla planner needs at least one --search-sla (or an --*-sla-ms)");
  EXPECT_EQ(study_error({"--search-space", "phases.profiling.bogus:1,64", "--search-planner", "grid", "--search-sla",
                      "request_latency:p99:le:5"}),
            "--search-space phases.profiling.bogus: not a numeric option's path (e.g. phases.profiling.concurrency, "
            "concurrency, rate, dataset.prompts.isl.mean)");
  EXPECT_EQ(study_error({"--search-space", "concurrency:64,1:int", "--search-planner", "grid", "--search-sla",
                      "request_latency:p99:le:5"}),
            "--search-space 'concurrency:64,1:int': the lower bound must be below the upper bound");
}

TEST(StudyBuilder, Recipes) {
  const Study s = study_of({"--search-recipe", "max-concurrency-under-sla", "--ttft-sla-ms", "300", "--streaming"});
  ASSERT_TRUE(s.settings.search);
  EXPECT_EQ(s.settings.search->planner, "smooth_isotonic");
  EXPECT_EQ(s.settings.search->space[0].path, "phases.profiling.concurrency");
  const Study ramp = study_of({"--search-recipe", "concurrency-ramp", "--concurrency-max", "64", "--concurrency-steps",
                               "4"});
  EXPECT_FALSE(ramp.settings.search);
  EXPECT_EQ(ramp.recipe, "concurrency-ramp");
  EXPECT_THAT(names(ramp), ::testing::ElementsAre("concurrency_1", "concurrency_4", "concurrency_16", "concurrency_64"));
  const Study pareto = study_of({"--search-recipe", "pareto-sweep", "--isl-osl-pairs", "128/16,512/32"});
  EXPECT_EQ(pareto.variations.size(), 10u);
  EXPECT_EQ(pareto.variations[6].name, "isl_512__osl_32__concurrency_4");
  EXPECT_EQ(study_error({"--search-recipe", "max-throughput-ttft-sla"}),
            "--search-recipe max-throughput-ttft-sla needs --ttft-sla-ms");
  EXPECT_EQ(study_error({"--search-recipe", "max-concurrency-under-sla", "--search-space", "concurrency:1,5"}),
            "--search-recipe max-concurrency-under-sla chooses the search itself; it cannot be combined with "
            "--search-space, --search-planner, --search-metric or --search-direction");
}

TEST(StudyBuilder, SlaTiers) {
  const Study s = study_of({"--search-space", "concurrency:1,64:int", "--search-planner", "monotonic_sla",
                            "--search-sla-tier", "gold:time_to_first_token:p99:le:200,request_latency:avg:le:900",
                            "--search-sla-tier", "silver:time_to_first_token:p99:le:600"});
  ASSERT_EQ(s.settings.sla_tiers.size(), 2u);
  EXPECT_EQ(s.settings.sla_tiers[0].label, "gold");
  EXPECT_EQ(s.settings.sla_tiers[0].filters.size(), 2u);
  EXPECT_EQ(s.settings.sla_tiers[1].filters[0].threshold, 600);
  EXPECT_EQ(study_error({"--search-space", "concurrency:1,64:int", "--search-planner", "monotonic_sla", "--search-sla-tier",
                      "gold:time_to_first_token:p99:le:200"}),
            "--search-sla-tier: give 2 to 10 tiers (got 1)");
  EXPECT_EQ(study_error({"--search-sla-tier", "a:request_latency:avg:le:1", "--search-sla-tier", "b:request_latency:avg:le:2"}),
            "--search-sla-tier tiers a search: add --search-space and --search-planner (or a search recipe)");
  EXPECT_EQ(study_error({"--search-space", "concurrency:1,64:int", "--search-planner", "monotonic_sla", "--search-sla-tier",
                      "a:request_latency:avg:le:1", "--search-sla-tier", "a:request_latency:avg:le:2"}),
            "--search-sla-tier: the label 'a' is used twice");
}

TEST(StudyBuilder, OneWayAtATime) {
  EXPECT_THAT(study_error({"--concurrency", "1,2", "--search-space", "concurrency:1,5"}),
              ::testing::StartsWith("a study is defined one way at a time"));
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

// workloads-and-endpoints.md §5.4: --scenario locks one configuration; with --unsafe-override
// a sweep runs, marked submission_valid: false.
TEST(StudyBuilder, AScenarioCannotBeSwept) {
  const std::string trace = testing::TempDir() + "/scenario_trace.json";
  FILE* f = std::fopen(trace.c_str(), "w");
  std::fputs(R"({"id": "t", "models": ["m"], "block_size": 16, "hash_id_scope": "local", "requests": [{"t": 0, "type": "n", "model": "m", "in": 16, "out": 1, "hash_ids": [1]}]})", f);
  std::fclose(f);
  const std::vector<std::string> base = {"--input-file", trace, "--custom-dataset-type", "weka_trace", "--scenario",
                                         "inferencex-agentx-mvp", "--concurrency", "2,4"};
  EXPECT_THAT(study_error(base), ::testing::HasSubstr("locks one configuration: it cannot be swept or searched"));
  std::vector<std::string> overridden = base;
  overridden.push_back("--unsafe-override");
  testing::internal::CaptureStderr();
  const Study s = study_of(overridden);
  testing::internal::GetCapturedStderr();
  ASSERT_EQ(s.variations.size(), 2u);
  for (const StudyVariation& v : s.variations) EXPECT_FALSE(v.config.scenario.submission_valid());
}

}  // namespace
}  // namespace aiperf
