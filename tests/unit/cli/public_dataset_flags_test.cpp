// --public-dataset, --hf-subset, --dataset-filter (cli-and-load.md §3.3).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "parse_helpers.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using cli_test::error_of;
using cli_test::parse;

TEST(PublicDatasetFlags, NameSubsetAndInputConfig) {
  ProfileConfig c = parse({"--public-dataset", "spec_al_gsm8k", "--hf-subset", "socratic"});
  EXPECT_EQ(c.public_dataset, "spec_al_gsm8k");
  EXPECT_EQ(c.hf_subset, "socratic");
  EXPECT_EQ(c.to_json()["input"]["public_dataset"], "spec_al_gsm8k");
  EXPECT_FALSE(parse({"--public-dataset", "sharegpt"}).hf_subset);
  EXPECT_FALSE(parse({}).public_dataset);
}

TEST(PublicDatasetFlags, Errors) {
  EXPECT_THAT(error_of({"--public-dataset", "nope"}), HasSubstr("--public-dataset: invalid choice 'nope' (choose from sharegpt, aimo"));
  EXPECT_THAT(error_of({"--public-dataset", "mmstar"}), HasSubstr("--public-dataset: 'mmstar' is not supported yet by aiperf-cpp"));
  test_support::TempTextFile f("{\"text\": \"hi\"}\n");
  EXPECT_EQ(error_of({"--public-dataset", "sharegpt", "--input-file", f.path}),
            "--public-dataset cannot be combined with --input-file");
  EXPECT_EQ(error_of({"--hf-subset", "main"}), "--hf-subset requires --public-dataset");
  EXPECT_EQ(error_of({"--dataset-filter", "a=b"}), "--dataset-filter requires --public-dataset");
  EXPECT_THAT(error_of({"--public-dataset", "sharegpt", "--hf-subset", "x"}), HasSubstr("--hf-subset: --public-dataset sharegpt is one JSON file"));
  EXPECT_EQ(error_of({"--public-dataset", "aimo", "--dataset-filter", "novalue"}), "--dataset-filter 'novalue': expected KEY=VALUE");
  EXPECT_EQ(error_of({"--public-dataset", "aimo", "--dataset-filter", "k=v"}), "--dataset-filter: --public-dataset aimo declares no filters");
  EXPECT_THAT(error_of({"--public-dataset", "aimo", "--fixed-schedule"}), HasSubstr("--fixed-schedule requires --input-file"));
}

}  // namespace
}  // namespace aiperf
