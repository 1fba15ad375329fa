// --public-dataset, --hf-subset, --dataset-filter (cli-and-load.md §3.3).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "parse_helpers.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using cli_test::flag_error;
using cli_test::parse_flags;

TEST(PublicDatasetFlags, NameSubsetAndInputConfig) {
  ProfileConfig c = parse_flags({"--public-dataset", "spec_al_gsm8k", "--hf-subset", "socratic"});
  EXPECT_EQ(c.public_dataset, "spec_al_gsm8k");
  EXPECT_EQ(c.hf_subset, "socratic");
  EXPECT_EQ(c.to_json()["input"]["public_dataset"], "spec_al_gsm8k");
  EXPECT_FALSE(parse_flags({"--public-dataset", "sharegpt"}).hf_subset);
  EXPECT_FALSE(parse_flags({}).public_dataset);
}

TEST(PublicDatasetFlags, Errors) {
  EXPECT_THAT(flag_error({"--public-dataset", "nope"}), HasSubstr("--public-dataset: invalid choice 'nope' (choose from sharegpt, aimo"));
  EXPECT_THAT(flag_error({"--public-dataset", "exgentic"}), HasSubstr("--public-dataset: 'exgentic' is not supported yet by aiperf-cpp"));
  test_support::TempTextFile f("{\"text\": \"hi\"}\n");
  EXPECT_EQ(flag_error({"--public-dataset", "sharegpt", "--input-file", f.path}),
            "--public-dataset cannot be combined with --input-file");
  EXPECT_EQ(flag_error({"--hf-subset", "main"}), "--hf-subset requires --public-dataset");
  EXPECT_EQ(flag_error({"--dataset-filter", "a=b"}), "--dataset-filter requires --public-dataset");
  EXPECT_THAT(flag_error({"--public-dataset", "sharegpt", "--hf-subset", "x"}), HasSubstr("--hf-subset: --public-dataset sharegpt is one JSON file"));
  EXPECT_EQ(flag_error({"--public-dataset", "aimo", "--dataset-filter", "novalue"}), "--dataset-filter 'novalue': expected KEY=VALUE");
  EXPECT_EQ(flag_error({"--public-dataset", "aimo", "--dataset-filter", "k=v"}), "--dataset-filter: --public-dataset aimo declares no filters");
  EXPECT_THAT(flag_error({"--public-dataset", "aimo", "--fixed-schedule"}), HasSubstr("--fixed-schedule requires --input-file"));
}

TEST(PublicDatasetFlags, WekaAndSpeedBenchNameFamilies) {
  ProfileConfig c = parse_flags({"--public-dataset", "weka_hf", "--hf-weka-dataset", "org/traces"});
  EXPECT_EQ(c.hf_weka_dataset, "org/traces");
  EXPECT_EQ(c.to_json()["input"]["hf_weka_dataset"], "org/traces");
  EXPECT_EQ(flag_error({"--public-dataset", "weka_hf"}),
            "--public-dataset weka_hf needs --hf-weka-dataset ORG/NAME (the HuggingFace dataset of traces)");
  EXPECT_EQ(flag_error({"--public-dataset", "aimo", "--hf-weka-dataset", "org/x"}),
            "--hf-weka-dataset applies only to --public-dataset weka_hf");
  EXPECT_EQ(flag_error({"--hf-weka-dataset", "org/x"}), "--hf-weka-dataset requires --public-dataset");
  EXPECT_EQ(parse_flags({"--public-dataset", "semianalysis_cc_traces_weka_062126"}).public_dataset,
            "semianalysis_cc_traces_weka_062126");
  EXPECT_EQ(parse_flags({"--public-dataset", "speed_bench_throughput_16k_mixed"}).public_dataset,
            "speed_bench_throughput_16k_mixed");
  EXPECT_THAT(flag_error({"--public-dataset", "speed_bench_nope"}), HasSubstr("invalid choice 'speed_bench_nope'"));
  EXPECT_EQ(flag_error({"--public-dataset", "spec_bench", "--hf-subset", "x"}),
            "--hf-subset: --public-dataset spec_bench (hemingkx/Spec-Bench) has no subsets");
  EXPECT_THAT(flag_error({"--public-dataset", "exgentic"}), HasSubstr("'exgentic' is not supported yet by aiperf-cpp"));
}

TEST(PublicDatasetFlags, HCuaPerfDeclaresItsFilters) {
  ProfileConfig c = parse_flags({"--public-dataset", "h_cua_perf", "--dataset-filter", "min_trace_length=3",
                           "--dataset-filter", "n_screenshots=2", "--num-dataset-entries", "5"});
  ASSERT_EQ(c.dataset_filters.size(), 2u);
  EXPECT_EQ(c.dataset_filters[0], std::make_pair(std::string("min_trace_length"), std::string("3")));
  EXPECT_EQ(c.dataset_filters[1], std::make_pair(std::string("n_screenshots"), std::string("2")));
  EXPECT_EQ(c.to_json()["input"]["dataset_filters"]["n_screenshots"], "2");
  EXPECT_TRUE(c.num_dataset_entries_given);
  EXPECT_EQ(flag_error({"--public-dataset", "h_cua_perf", "--dataset-filter", "harness=x"}),
            "--dataset-filter 'harness=x': --public-dataset h_cua_perf has no filter 'harness' (it declares "
            "n_screenshots,min_trace_length,max_trace_length,avg_trace_length)");
  EXPECT_EQ(flag_error({"--public-dataset", "h_cua_perf", "--hf-subset", "x"}),
            "--hf-subset: --public-dataset h_cua_perf (Hcompany/h_cua_perf) has no subsets");
  EXPECT_EQ(flag_error({"--public-dataset", "instruct_coder", "--dataset-filter", "min_trace_length=3"}),
            "--dataset-filter: --public-dataset instruct_coder declares no filters");
}

}  // namespace
}  // namespace aiperf
