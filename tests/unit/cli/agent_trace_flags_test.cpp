// weka_trace / tracelab detection and their timing knobs (cli-and-load.md §3.3, §3.6, §3.9, §3.10).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>

#include "parse_helpers.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using cli_test::flag_error;
using cli_test::parse_flags;
using TraceFile = test_support::TempTextFile;

const char* kWekaPretty = "{\n  \"id\": \"t\",\n  \"block_size\": 64,\n  \"requests\": [\n"
                          "    {\"t\": 0, \"type\": \"n\", \"in\": 10, \"out\": 2}\n  ]\n}\n";
const char* kTracelabRow =
    "{\"session_id\": \"claude:1\", \"round_index\": 0, \"input_tokens_total\": 10, \"output_tokens\": 2, "
    "\"timing_events\": [{\"type\": \"user_message\", \"ts\": \"2026-01-05T09:00:00Z\"}]}\n";

TEST(AgentTraceFlags, WekaTraceIsInferredFromItsDocumentAndNotAutoScheduled) {
  TraceFile f(kWekaPretty);
  ProfileConfig c = parse_flags({"--input-file", f.path});
  EXPECT_EQ(c.custom_dataset_type, CustomDatasetType::weka_trace);
  EXPECT_FALSE(c.fixed_schedule);  // its times are relative to each trace's start
  const auto dir = std::filesystem::temp_directory_path() / ("aiperf_weka_cli_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a.json") << kWekaPretty;
  EXPECT_EQ(parse_flags({"--input-file", dir.string()}).custom_dataset_type, CustomDatasetType::weka_trace);
  std::filesystem::remove_all(dir);
}

TEST(AgentTraceFlags, TracelabIsInferredAndPromotedToFixedSchedule) {
  TraceFile f(kTracelabRow);
  ProfileConfig c = parse_flags({"--input-file", f.path});
  EXPECT_EQ(c.custom_dataset_type, CustomDatasetType::tracelab);
  EXPECT_TRUE(c.fixed_schedule);
  const std::string gz = f.path + ".jsonl.gz";
  gzFile out = gzopen(gz.c_str(), "wb");
  gzputs(out, kTracelabRow);
  gzclose(out);
  ProfileConfig z = parse_flags({"--input-file", gz});
  std::remove(gz.c_str());
  EXPECT_EQ(z.custom_dataset_type, CustomDatasetType::tracelab);
  EXPECT_TRUE(z.fixed_schedule);
}

TEST(AgentTraceFlags, KnobsAreParsedAndChecked) {
  TraceFile f(kWekaPretty);
  ProfileConfig c = parse_flags({"--input-file", f.path, "--use-think-time-only", "--trace-idle-gap-cap-seconds", "10",
                           "--inter-turn-delay-cap-seconds", "2.5", "--max-context-length", "100000",
                           "--synthesis-max-osl", "512"});
  EXPECT_TRUE(c.use_think_time_only);
  EXPECT_EQ(c.trace_idle_gap_cap_s, 10.0);
  EXPECT_EQ(c.inter_turn_delay_cap_s, 2.5);
  EXPECT_EQ(c.max_context_length, 100000);
  EXPECT_EQ(c.synthesis_max_osl, 512);
  EXPECT_THAT(flag_error({"--input-file", f.path, "--use-think-time-only", "--ignore-trace-delays"}),
              HasSubstr("mutually exclusive"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--max-context-length", "0"}), HasSubstr("--max-context-length"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--trace-idle-gap-cap-seconds", "-1"}),
              HasSubstr("--trace-idle-gap-cap-seconds"));
  EXPECT_THAT(flag_error({"--synthesis-max-osl", "5"}), HasSubstr("--synthesis-max-osl applies to --custom-dataset-type "
                                                                "weka_trace and tracelab only"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--custom-dataset-type", "weka-trace", "--ignore-trace-delays",
                        "--use-think-time-only"}),
              HasSubstr("mutually exclusive"));
}

}  // namespace
}  // namespace aiperf
