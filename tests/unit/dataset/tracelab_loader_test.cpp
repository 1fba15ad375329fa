// --custom-dataset-type tracelab (workloads-and-endpoints.md §3.10): rounds grouped into
// sessions, send times from timing_events, subagents by time containment, gzip input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdlib>

#include "dataset/loaders/input_file_dataset.h"
#include "dataset/iso8601_time.h"
#include "tokenizer/word_tokenizer.h"
#include "../support/file_dataset_config.h"
#include "../support/temp_text_file.h"
#include "config/env_settings.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using json = nlohmann::json;
using TextFile = test_support::TempTextFile;

// One round: sent at `submit` (HH:MM:SS on 2026-01-05, after a user message or tool result),
// its output done at `done`.
std::string round(const std::string& session, int index, int in, int prefix, int out, const std::string& submit,
                  const std::string& done, const std::string& project = "p3", int reasoning = 0) {
  json row = {{"session_id", session},
              {"round_index", index},
              {"input_tokens_total", in},
              {"prefix_tokens", prefix},
              {"newly_append_tokens", in - prefix},
              {"output_tokens", out},
              {"reasoning_output_tokens", reasoning},
              {"model", session.rfind("codex", 0) == 0 ? "gpt" : "claude-big"},
              {"provider", "claude"},
              {"user", "u7"},
              {"project", project},
              {"first_input_event_type", index == 0 ? "user_message" : "tool_result"},
              {"timing_events",
               {{{"type", index == 0 ? "user_message" : "tool_result"}, {"ts", "2026-01-05T" + submit + "Z"}},
                {{"type", "text"}, {"ts", "2026-01-05T" + done + "Z"}}}},
              {"tools", json::array()}};
  return row.dump() + "\n";
}

// Parent P waits 60 s between rounds 0 and 1 (a Task tool call); C runs inside that wait.
// D overlaps in another project; E outlives P. Rows are out of order on purpose.
std::string corpus() {
  return round("claude:P", 1, 1300, 1100, 50, "09:01:00", "09:01:05") +
         round("claude:P", 0, 1000, 0, 100, "09:00:00", "09:00:05", "p3", 20) +
         round("claude:C", 0, 300, 0, 10, "09:00:20", "09:00:30") +
         round("claude:C", 1, 400, 310, 10, "09:00:40", "09:00:50") +
         round("claude:D", 0, 200, 0, 10, "09:00:25", "09:00:26", "other") +
         round("claude:P", 2, 1500, 1350, 10, "09:02:00", "09:02:05") +
         round("claude:E", 0, 100, 0, 10, "09:01:30", "09:03:30");
}

ProfileConfig tracelab_config(const std::string& path) {
  ProfileConfig c;
  c.model_names = {"A", "B"};
  c.random_seed = 3;
  c.input_file = path;
  c.custom_dataset_type = CustomDatasetType::tracelab;
  return c;
}

size_t content_words(const json& message) { return WordTokenizer("w").count(message["content"].get<std::string>()); }
using test_support::turn_messages;

TEST(Tracelab, SessionsBecomeRootsWithContainedSubagents) {
  TextFile f(corpus());
  FileDataset d = load_input_file(tracelab_config(f.path), WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 4u);
  const DatasetEntry& p = d.dataset.entries[0];
  EXPECT_EQ(p.conversation_id, "claude:P");
  EXPECT_EQ(d.dataset.entries[1].conversation_id, "claude:P::sa:claude:C");
  EXPECT_TRUE(d.dataset.entries[1].is_child);
  EXPECT_EQ(d.dataset.entries[2].conversation_id, "claude:D");  // another project: not a subagent
  EXPECT_EQ(d.dataset.entries[3].conversation_id, "claude:E");  // outlives P
  EXPECT_FALSE(d.dataset.entries[3].is_child);

  ASSERT_EQ(p.agentic->turns.size(), 3u);
  ASSERT_EQ(p.agentic->turns[0].launches.size(), 1u);
  EXPECT_EQ(p.agentic->turns[0].launches[0].child, 1u);
  EXPECT_EQ(p.agentic->turns[0].launches[0].join_at, 1u);

  const double start = *iso8601_ms("2026-01-05T09:00:00Z");
  EXPECT_EQ(d.timestamps_ms[0], start);
  EXPECT_FALSE(d.timestamps_ms[1]);
  EXPECT_EQ(p.agentic->turns[2].timestamp_ms, start + 120000);
  EXPECT_DOUBLE_EQ(p.agentic->turns[1].delay_ms, 60000);
  EXPECT_EQ(p.agentic->turns[0].max_tokens, 120);  // output + reasoning
  // Turn 1: the recorded 100-token output, then 1300 − 1100 new tokens.
  json t1 = turn_messages(p.agentic->turns[1]);
  ASSERT_EQ(t1.size(), 2u);
  EXPECT_EQ(content_words(t1[0]), 100u);
  EXPECT_EQ(content_words(t1[1]), 200u);
  EXPECT_EQ(content_words(turn_messages(p.agentic->turns[0])[0]), 1000u);
}

TEST(Tracelab, ThinkTimeIsTheWaitAfterThePreviousRoundsLastEvent) {
  TextFile f(corpus());
  ProfileConfig c = tracelab_config(f.path);
  c.use_think_time_only = true;
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  EXPECT_DOUBLE_EQ(d.dataset.entries[0].agentic->turns[1].delay_ms, 55000);  // 09:00:05 → 09:01:00
}

TEST(Tracelab, MinSpawnWaitFromTheEnvironment) {
  TextFile f(corpus());
  ::setenv("AIPERF_DATASET_TRACELAB_MIN_SPAWN_MS", "70000", 1);  // P's 60 s wait is too short
  load_env_settings();
  FileDataset d = load_input_file(tracelab_config(f.path), WordTokenizer("w"));
  ::unsetenv("AIPERF_DATASET_TRACELAB_MIN_SPAWN_MS");
  load_env_settings();
  ASSERT_EQ(d.dataset.entries.size(), 4u);
  for (const DatasetEntry& e : d.dataset.entries) EXPECT_FALSE(e.is_child) << e.conversation_id;
}

TEST(Tracelab, ReadsGzipFiles) {
  TextFile f("");
  const std::string gz = f.path + ".jsonl.gz";
  gzFile out = gzopen(gz.c_str(), "wb");
  const std::string text = corpus();
  gzwrite(out, text.data(), unsigned(text.size()));
  gzclose(out);
  FileDataset d = load_input_file(tracelab_config(gz), WordTokenizer("w"));
  std::remove(gz.c_str());
  EXPECT_EQ(d.dataset.entries.size(), 4u);
}

TEST(Tracelab, ErrorsNameTheFileAndLine) {
  auto error = [](const std::string& text) {
    TextFile f(text);
    try {
      load_input_file(tracelab_config(f.path), WordTokenizer("w"));
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    ADD_FAILURE() << "no error for " << text;
    return std::string();
  };
  std::string noevents = round("s", 0, 10, 0, 1, "09:00:00", "09:00:01");
  noevents.replace(noevents.find("\"timing_events\""), 15, "\"timing_eventz\"");
  EXPECT_THAT(error("\n" + noevents), HasSubstr(", line 2: 'timing_events' must be a non-empty list"));
  EXPECT_THAT(error(round("s", 0, 10, 0, 1, "09:00:00", "09:00:01") + round("s", 0, 10, 0, 1, "09:00:02", "09:00:03")),
              HasSubstr("line 2: round_index 0 of session 's' already on line 1"));
  EXPECT_THAT(error(round("s", 0, 10, 20, 1, "09:00:00", "09:00:01")),
              ::testing::AllOf(HasSubstr("line 1: "), HasSubstr("newly_append_tokens")));
  EXPECT_THAT(error(round("s", 0, 10, 0, 1, "9am", "09:00:01")), HasSubstr("timing_events[0].ts"));
}

}  // namespace
}  // namespace aiperf
