// --system-prompt(-file), --prompt-batch-size, --prompt-corpus, --dataset-sampling-strategy,
// --no-open-loop-replay and the --synthesis-* multipliers (workloads-and-endpoints.md §2.1, §2.8;
// cli-and-load.md §3.3, §3.9).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "parse_helpers.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using cli_test::flag_error;
using cli_test::parse_flags;
namespace fs = std::filesystem;

TEST(PromptOptions, SystemPromptTextAndFile) {
  EXPECT_EQ(parse_flags({"--system-prompt", "Be brief."}).system_prompt, "Be brief.");
  test_support::TempTextFile f("You are a careful assistant.\nAnswer in one line.");
  EXPECT_EQ(parse_flags({"--system-prompt-file", f.path}).system_prompt,
            "You are a careful assistant.\nAnswer in one line.");
  EXPECT_FALSE(parse_flags({}).system_prompt.has_value());
}

TEST(PromptOptions, SystemPromptRefusals) {
  EXPECT_THAT(flag_error({"--system-prompt", "x", "--system-prompt-file", "y"}), HasSubstr("mutually exclusive"));
  EXPECT_THAT(flag_error({"--system-prompt", "x", "--endpoint-type", "completions"}), HasSubstr("no system role"));
  EXPECT_THAT(flag_error({"--system-prompt", "x", "--endpoint-type", "embeddings"}), HasSubstr("no system role"));
  EXPECT_THAT(flag_error({"--system-prompt", "x", "--shared-system-prompt-length", "10"}),
              HasSubstr("cannot be combined with --shared-system-prompt-length"));
  EXPECT_THAT(flag_error({"--system-prompt", "x", "--prompt-prefix-pool-size", "2", "--prompt-prefix-length", "4"}),
              HasSubstr("cannot be combined with --prompt-prefix-pool-size"));
  EXPECT_THAT(flag_error({"--system-prompt-file", "/nonexistent/aiperf/system.txt"}), HasSubstr("cannot open"));
  test_support::TempTextFile empty("");
  EXPECT_THAT(flag_error({"--system-prompt-file", empty.path}), HasSubstr("empty"));
}

TEST(PromptOptions, SystemPromptFileThroughASymlinkIsRefused) {
  const fs::path dir = fs::temp_directory_path() / ("aiperf_sysprompt_" + std::to_string(::getpid()));
  fs::create_directories(dir / "real");
  std::ofstream(dir / "real" / "p.txt") << "hello";
  fs::create_directory_symlink(dir / "real", dir / "link");
  EXPECT_EQ(parse_flags({"--system-prompt-file", (dir / "real" / "p.txt").string()}).system_prompt, "hello");
  EXPECT_THAT(flag_error({"--system-prompt-file", (dir / "link" / "p.txt").string()}),
              HasSubstr("is a symbolic link"));
  fs::remove_all(dir);
}

TEST(PromptOptions, BatchSizeAliasesAndChecks) {
  EXPECT_EQ(parse_flags({}).prompt_batch_size, 1);
  EXPECT_EQ(parse_flags({"-b", "4", "--endpoint-type", "embeddings"}).prompt_batch_size, 4);
  EXPECT_EQ(parse_flags({"--batch-size-text", "3", "--endpoint-type", "completions"}).prompt_batch_size, 3);
  EXPECT_EQ(parse_flags({"--prompt-batch-size", "2"}).prompt_batch_size, 2);
  EXPECT_THAT(flag_error({"--batch-size", "2", "--endpoint-type", "nim_rankings"}), HasSubstr("--rankings-passages-mean"));
  EXPECT_THAT(flag_error({"-b", "0"}), HasSubstr("leaves no text"));
  EXPECT_THAT(flag_error({"-b", "-1"}), HasSubstr("-b"));
  EXPECT_THAT(flag_error({"-b", "2", "--conversation-turn-mean", "3"}), HasSubstr("multi-turn"));
}

TEST(PromptOptions, CorpusAndSamplingStrategy) {
  EXPECT_FALSE(parse_flags({}).prompt_corpus.has_value());
  EXPECT_EQ(parse_flags({"--prompt-corpus", "coding"}).prompt_corpus, PromptCorpus::coding);
  EXPECT_THAT(flag_error({"--prompt-corpus", "poetry"}), HasSubstr("--prompt-corpus"));
  EXPECT_EQ(parse_flags({"--dataset-sampling-strategy", "shuffle"}).sampling_strategy, SamplingStrategy::shuffle);
  EXPECT_EQ(parse_flags({"--dataset-sampling-strategy", "random"}).sampling_strategy, SamplingStrategy::random);
  EXPECT_THAT(flag_error({"--dataset-sampling-strategy", "roundrobin"}), HasSubstr("--dataset-sampling-strategy"));
}

TEST(PromptOptions, RandomCorpusStyleAndRangeRatio) {
  const ProfileConfig c = parse_flags({"--prompt-corpus", "random", "--random-corpus-style", "sglang",
                                       "--random-range-ratio", "0.25"});
  EXPECT_EQ(c.prompt_corpus, PromptCorpus::random);
  EXPECT_EQ(c.random_corpus_style, RandomCorpusStyle::sglang);
  EXPECT_DOUBLE_EQ(c.random_range_ratio, 0.25);
  EXPECT_EQ(parse_flags({"--prompt-corpus", "random"}).random_corpus_style, RandomCorpusStyle::vllm);
  EXPECT_DOUBLE_EQ(parse_flags({}).random_range_ratio, 0);
  EXPECT_THAT(flag_error({"--random-corpus-style", "vllm"}), HasSubstr("only applies to --prompt-corpus random"));
  EXPECT_THAT(flag_error({"--prompt-corpus", "random", "--random-corpus-style", "tgi"}),
              HasSubstr("--random-corpus-style"));
  EXPECT_THAT(flag_error({"--random-range-ratio", "1"}), HasSubstr("must be >= 0 and < 1"));
  EXPECT_THAT(flag_error({"--random-range-ratio", "-0.1"}), HasSubstr("must be >= 0 and < 1"));
  EXPECT_THAT(flag_error({"--random-range-ratio", "0.2", "--isl-stddev", "10"}), HasSubstr("--isl-stddev"));
  test_support::TempTextFile f("{\"timestamp\": 0, \"input_length\": 10, \"output_length\": 2}\n");
  EXPECT_THAT(flag_error({"--random-range-ratio", "0.2", "--input-file", f.path, "--custom-dataset-type",
                          "mooncake_trace"}),
              HasSubstr("only applies to synthetic prompts"));
}

TEST(PromptOptions, SamplingIsRefusedWithAFixedSchedule) {
  test_support::TempTextFile f("{\"timestamp\": 0, \"input_length\": 10, \"output_length\": 2}\n");
  EXPECT_THAT(flag_error({"--input-file", f.path, "--custom-dataset-type", "mooncake_trace", "--fixed-schedule",
                          "--dataset-sampling-strategy", "random"}),
              HasSubstr("fixed schedule"));
}

TEST(PromptOptions, TraceSynthesisMultipliers) {
  test_support::TempTextFile f("{\"input_length\": 10, \"output_length\": 2, \"hash_ids\": [1]}\n");
  ProfileConfig c = parse_flags({"--input-file", f.path, "--custom-dataset-type", "mooncake_trace",
                                 "--synthesis-speedup-ratio", "2", "--synthesis-prefix-len-multiplier", "1.5",
                                 "--synthesis-prefix-root-multiplier", "3", "--synthesis-prompt-len-multiplier", "0.5",
                                 "--synthesis-output-len-multiplier", "2", "--synthesis-max-isl", "4096"});
  EXPECT_EQ(c.synthesis_speedup_ratio, 2.0);
  EXPECT_EQ(c.synthesis_prefix_len_multiplier, 1.5);
  EXPECT_EQ(c.synthesis_prefix_root_multiplier, 3);
  EXPECT_EQ(c.synthesis_prompt_len_multiplier, 0.5);
  EXPECT_EQ(c.synthesis_output_len_multiplier, 2.0);
  EXPECT_EQ(c.synthesis_max_isl, 4096);
  EXPECT_TRUE(c.trace_synthesis());
  EXPECT_FALSE(parse_flags({}).trace_synthesis());
  EXPECT_THAT(flag_error({"--synthesis-speedup-ratio", "2"}), HasSubstr("mooncake_trace and bailian_trace only"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--custom-dataset-type", "mooncake_trace",
                          "--synthesis-speedup-ratio", "0"}),
              HasSubstr("--synthesis-speedup-ratio"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--custom-dataset-type", "mooncake_trace",
                          "--synthesis-prefix-root-multiplier", "0"}),
              HasSubstr("--synthesis-prefix-root-multiplier"));
}

TEST(PromptOptions, NoOpenLoopReplayIsBasetenOnly) {
  EXPECT_TRUE(parse_flags({}).open_loop_replay);
  EXPECT_THAT(flag_error({"--no-open-loop-replay"}), HasSubstr("baseten_trace only"));
}

}  // namespace
}  // namespace aiperf
