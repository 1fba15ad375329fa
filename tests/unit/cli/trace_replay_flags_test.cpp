#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "cli/profile_cli.h"
#include "parse_helpers.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;

using TraceFile = test_support::TempTextFile;

const char* kTimedTrace = "{\"timestamp\": 100, \"input_length\": 10, \"output_length\": 2}\n";
const char* kUntimedTrace = "{\"input_length\": 10, \"output_length\": 2}\n";

using cli_test::flag_error;
using cli_test::parse_flags;

TEST(TraceReplayFlags, TimestampedMooncakeTracePromotesToFixedSchedule) {
  TraceFile f(kTimedTrace);
  ProfileConfig c = parse_flags({"--input-file", f.path, "--custom-dataset-type", "mooncake_trace"});
  EXPECT_TRUE(c.fixed_schedule);
  EXPECT_TRUE(c.fixed_schedule_auto_offset);  // Config-v2: zero = first timestamp
  EXPECT_FALSE(c.effective_request_count());  // the schedule's length decides
  EXPECT_FALSE(c.concurrency);
  auto input = c.to_json()["input"];
  EXPECT_EQ(input["custom_dataset_type"], "mooncake_trace");
  EXPECT_EQ(input["fixed_schedule"], true);
  EXPECT_FALSE(c.to_json()["loadgen"].contains("concurrency"));
}

TEST(TraceReplayFlags, TypeIsInferredAndNoFixedScheduleKeepsConcurrencyMode) {
  TraceFile f(kTimedTrace);
  ProfileConfig c = parse_flags({"--input-file", f.path, "--no-fixed-schedule"});
  EXPECT_EQ(c.custom_dataset_type, CustomDatasetType::mooncake_trace);
  EXPECT_FALSE(c.fixed_schedule);
  EXPECT_EQ(c.effective_request_count(), 10);
  TraceFile untimed(kUntimedTrace);
  EXPECT_FALSE(parse_flags({"--input-file", untimed.path}).fixed_schedule);
  TraceFile text("{\"text\": \"hi\", \"timestamp\": 5}\n");
  ProfileConfig st = parse_flags({"--input-file", text.path});
  EXPECT_EQ(st.custom_dataset_type, CustomDatasetType::single_turn);
  EXPECT_FALSE(st.fixed_schedule);  // only trace types auto-promote
  EXPECT_TRUE(parse_flags({"--input-file", text.path, "--fixed-schedule"}).fixed_schedule);
}

TEST(TraceReplayFlags, NewerFileTypesAreInferredAndTracesPromote) {
  TraceFile conversation("{\"turns\": [{\"text\": \"a\", \"timestamp\": 1}]}\n");
  ProfileConfig mt = parse_flags({"--input-file", conversation.path});
  EXPECT_EQ(mt.custom_dataset_type, CustomDatasetType::multi_turn);
  EXPECT_FALSE(mt.fixed_schedule);  // not a trace type
  TraceFile bailian("{\"chat_id\": 1, \"timestamp\": 1.5, \"input_length\": 4, \"type\": \"text\"}\n");
  ProfileConfig bl = parse_flags({"--input-file", bailian.path});
  EXPECT_EQ(bl.custom_dataset_type, CustomDatasetType::bailian_trace);
  EXPECT_TRUE(bl.fixed_schedule);
  TraceFile csv("Timestamp,Model,Request tokens,Response tokens\n0.5,x,3,4\n");
  ProfileConfig bg = parse_flags({"--input-file", csv.path});
  EXPECT_EQ(bg.custom_dataset_type, CustomDatasetType::burst_gpt_trace);
  EXPECT_TRUE(bg.fixed_schedule);
  EXPECT_EQ(bg.to_json()["input"]["custom_dataset_type"], "burst_gpt_trace");
  const std::string dir = std::filesystem::temp_directory_path().string();
  EXPECT_EQ(parse_flags({"--input-file", dir}).custom_dataset_type, CustomDatasetType::random_pool);
  TraceFile pool("{\"text\": \"q\"}\n");
  EXPECT_EQ(parse_flags({"--input-file", pool.path, "--custom-dataset-type", "random-pool"}).custom_dataset_type,
            CustomDatasetType::random_pool);
}

TEST(TraceReplayFlags, OffsetsAndAutoOffset) {
  TraceFile f(kTimedTrace);
  ProfileConfig c = parse_flags({"--input-file", f.path, "--fixed-schedule-start-offset", "50",
                           "--fixed-schedule-end-offset", "90"});
  EXPECT_EQ(c.fixed_schedule_start_offset, 50);
  EXPECT_EQ(c.fixed_schedule_end_offset, 90);
  EXPECT_FALSE(c.fixed_schedule_auto_offset);  // a start offset is schedule zero
  ProfileConfig e = parse_flags({"--input-file", f.path, "--fixed-schedule-end-offset", "90"});
  EXPECT_TRUE(e.fixed_schedule_auto_offset);
  EXPECT_TRUE(parse_flags({"--input-file", f.path, "--fixed-schedule-auto-offset"}).fixed_schedule_auto_offset);
}

TEST(TraceReplayFlags, ValidationErrors) {
  TraceFile f(kTimedTrace);
  TraceFile untimed(kUntimedTrace);
  EXPECT_THAT(flag_error({"--input-file", f.path, "--request-rate", "5"}),
              HasSubstr("--request-rate cannot be combined with --input-file"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--request-rate", "5"}), HasSubstr("--no-fixed-schedule"));
  EXPECT_THAT(flag_error({"--input-file", untimed.path, "--fixed-schedule", "--arrival-smoothness", "2"}),
              HasSubstr("--arrival-smoothness cannot be combined with --fixed-schedule"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--request-rate-ramp-duration", "2"}),
              HasSubstr("--request-rate-ramp-duration cannot be combined"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--arrival-pattern", "constant"}),
              HasSubstr("--arrival-pattern cannot be combined"));
  EXPECT_THAT(flag_error({"--input-file", untimed.path, "--fixed-schedule-start-offset", "5"}),
              HasSubstr("--fixed-schedule-start-offset requires --fixed-schedule"));
  EXPECT_THAT(flag_error({"--fixed-schedule-end-offset", "5"}),
              HasSubstr("--fixed-schedule-end-offset requires --fixed-schedule"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--fixed-schedule-start-offset", "9",
                        "--fixed-schedule-end-offset", "5"}),
              HasSubstr("--fixed-schedule-start-offset 9 is after --fixed-schedule-end-offset 5"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--fixed-schedule-auto-offset",
                        "--fixed-schedule-start-offset", "5"}),
              HasSubstr("--fixed-schedule-auto-offset cannot be combined with --fixed-schedule-start-offset"));
  EXPECT_THAT(flag_error({"--fixed-schedule"}), HasSubstr("--fixed-schedule requires --input-file"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--fixed-schedule", "--no-fixed-schedule"}),
              HasSubstr("mutually exclusive"));
  EXPECT_THAT(flag_error({"--input-file", "/nonexistent/trace.jsonl"}),
              HasSubstr("--input-file /nonexistent/trace.jsonl: cannot open file"));
  EXPECT_THAT(flag_error({"--custom-dataset-type", "single_turn"}), HasSubstr("requires --input-file"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--custom-dataset-type", "speed_bench_qa"}),
              HasSubstr("--custom-dataset-type speed_bench_qa is not supported yet"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--custom-dataset-type", "nope"}), HasSubstr("invalid choice"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--fixed-schedule-start-offset", "-1"}),
              HasSubstr("--fixed-schedule-start-offset must be >= 0"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--isl-block-size", "0"}),
              HasSubstr("--isl-block-size must be >= 1"));
}

TEST(VerbatimReplayFlags, RawPayloadAndInputsJsonAreDetectedAndRefuseBodyOptions) {
  TraceFile raw("{\"model\": \"m\", \"messages\": [{\"role\": \"user\", \"content\": \"x\"}]}\n");
  EXPECT_EQ(parse_flags({"--input-file", raw.path}).custom_dataset_type, CustomDatasetType::raw_payload);
  TraceFile inputs("{\n  \"data\": [\n    {\"session_id\": \"s\", \"payloads\": [{}]}\n  ]\n}\n");
  EXPECT_EQ(parse_flags({"--input-file", inputs.path}).custom_dataset_type, CustomDatasetType::inputs_json);
  EXPECT_THAT(flag_error({"--input-file", raw.path, "--extra-inputs", "a:1"}),
              HasSubstr("--extra-inputs cannot be combined with --custom-dataset-type raw_payload"));
  EXPECT_THAT(flag_error({"--input-file", inputs.path, "--shared-system-prompt-length", "5"}),
              HasSubstr("--shared-system-prompt-length cannot be combined with --custom-dataset-type inputs_json"));
  EXPECT_THAT(flag_error({"--input-file", raw.path, "--system-prompt", "x"}),
              HasSubstr("--system-prompt cannot be combined with --custom-dataset-type raw_payload"));
}

TEST(SessionFlags, ConnectionReuseStrategyAndSessionHeader) {
  EXPECT_EQ(parse_flags({}).connection_reuse, ConnectionReuse::pooled);
  EXPECT_EQ(parse_flags({}).session_header, "X-Correlation-ID");
  EXPECT_EQ(parse_flags({"--connection-reuse-strategy", "never"}).connection_reuse, ConnectionReuse::never);
  EXPECT_EQ(parse_flags({"--connection-reuse-strategy", "sticky_user_sessions"}).connection_reuse,
            ConnectionReuse::sticky_user_sessions);
  EXPECT_EQ(parse_flags({"--session-header", "X-Conv"}).session_header, "X-Conv");
  EXPECT_THAT(flag_error({"--connection-reuse-strategy", "often"}),
              HasSubstr("--connection-reuse-strategy: invalid choice 'often'"));
  EXPECT_THAT(flag_error({"--session-header", "Bad Name"}), HasSubstr("--session-header: 'Bad Name' is not a valid header name"));
}

// --uuid-and-strip: single_turn files (sessions of self-contained rows) on a chat endpoint.
TEST(TraceReplayFlags, UuidAndStripNeedsSingleTurnRowsOnChat) {
  TraceFile f("{\"session_id\": \"s\", \"text\": \"a\"}\n");
  EXPECT_FALSE(parse_flags({"--input-file", f.path}).uuid_and_strip);
  EXPECT_TRUE(parse_flags({"--input-file", f.path, "--custom-dataset-type", "single_turn", "--uuid-and-strip"}).uuid_and_strip);
  EXPECT_THAT(flag_error({"--uuid-and-strip"}), HasSubstr("--uuid-and-strip applies to --input-file with --custom-dataset-type single_turn"));
  TraceFile m("{\"turns\": [{\"text\": \"a\"}]}\n");
  EXPECT_THAT(flag_error({"--input-file", m.path, "--custom-dataset-type", "multi_turn", "--uuid-and-strip"}),
              HasSubstr("single_turn only"));
  EXPECT_THAT(flag_error({"--input-file", f.path, "--endpoint-type", "responses", "--uuid-and-strip"}),
              HasSubstr("--uuid-and-strip needs a chat endpoint"));
}

}  // namespace
}  // namespace aiperf
