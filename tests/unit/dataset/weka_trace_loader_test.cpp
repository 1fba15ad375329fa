// --custom-dataset-type weka_trace (workloads-and-endpoints.md §3.9): the reconstructed
// conversations, children and launches, block-shaped text, model rewrite, timing knobs and
// schema errors.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "dataset/loaders/input_file_dataset.h"
#include "tokenizer/word_tokenizer.h"
#include "../support/file_dataset_config.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using json = nlohmann::json;
using TextFile = test_support::TempTextFile;

// The §3.9 example: two parent turns, a subagent launched after turn 0 that turn 1 waits for.
std::string demo_trace(const std::string& id = "trace_demo", const std::string& extra = "") {
  return R"({"id": ")" + id + R"(", "models": ["big-model", "small-model"], "block_size": 64,
 "hash_id_scope": "local", "tool_tokens": 0, "system_tokens": 0, )" + extra + R"(
 "requests": [
  {"t": 0.0, "type": "n", "model": "big-model", "in": 192, "out": 40,
   "hash_ids": [1, 2, 3], "stop": "tool_use", "think_time": 0.0},
  {"t": 3.0, "type": "subagent", "agent_id": "agent_1", "subagent_type": "Explore",
   "status": "completed", "models": ["small-model"],
   "requests": [{"t": 3.0, "type": "s", "model": "small-model", "in": 150, "out": 30,
                 "hash_ids": [1, 2, 50], "ttft": 0.2}]},
  {"t": 9.5, "type": "n", "model": "big-model", "in": 320, "out": 25,
   "hash_ids": [1, 2, 3, 4, 5], "input_types": ["tool_result"], "think_time": 1.2}
 ]})";
}

ProfileConfig weka_config(const std::string& path) {
  ProfileConfig c = test_support::file_dataset_config(path, CustomDatasetType::weka_trace);
  c.model_names = {"A", "B"};
  return c;
}

using test_support::turn_messages;

std::vector<int32_t> tokens(const WordTokenizer& tok, const json& message) {
  return tok.encode(message["content"].get<std::string>());
}

std::string weka_error(const std::string& text, ProfileConfig* config = nullptr) {
  TextFile f(text);
  ProfileConfig c = config ? *config : weka_config(f.path);
  c.input_file = f.path;
  try {
    load_input_file(c, WordTokenizer("w"));
  } catch (const ConfigError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ConfigError for: " << text;
  return "";
}

TEST(WekaTrace, ExampleBecomesARootWithOneSpawnedChildJoinedAtTheNextTurn) {
  TextFile f(demo_trace());
  WordTokenizer tok("w");
  FileDataset d = load_input_file(weka_config(f.path), tok);
  ASSERT_EQ(d.dataset.entries.size(), 2u);
  const DatasetEntry& root = d.dataset.entries[0];
  const DatasetEntry& child = d.dataset.entries[1];
  EXPECT_EQ(root.conversation_id, "trace_demo");
  EXPECT_FALSE(root.is_child);
  EXPECT_FALSE(root.agentic->capture_replies);  // the recorded outputs are in the next turn's messages
  ASSERT_EQ(root.agentic->turns.size(), 2u);
  ASSERT_EQ(root.agentic->turns[0].launches.size(), 1u);
  EXPECT_EQ(root.agentic->turns[0].launches[0].child, 1u);
  EXPECT_FALSE(root.agentic->turns[0].launches[0].fork);
  EXPECT_EQ(root.agentic->turns[0].launches[0].join_at, 1u);
  EXPECT_TRUE(root.agentic->turns[1].launches.empty());
  EXPECT_EQ(child.conversation_id, "trace_demo::sa:agent_1");
  EXPECT_TRUE(child.is_child);
  EXPECT_EQ(child.agent_depth, 1u);
  EXPECT_FALSE(child.agentic->capture_replies);
  ASSERT_EQ(child.agentic->turns.size(), 1u);
  EXPECT_EQ(d.timestamps_ms[0], 0.0);
  EXPECT_FALSE(d.timestamps_ms[1]);

  // Turn 0: the whole first input; turn 1: the recorded output (out 40) then the new input.
  json t0 = turn_messages(root.agentic->turns[0]);
  ASSERT_EQ(t0.size(), 1u);
  EXPECT_EQ(t0[0]["role"], "user");
  EXPECT_EQ(tokens(tok, t0[0]).size(), 192u);
  json t1 = turn_messages(root.agentic->turns[1]);
  ASSERT_EQ(t1.size(), 2u);
  EXPECT_EQ(t1[0]["role"], "assistant");
  EXPECT_EQ(tokens(tok, t1[0]).size(), 40u);
  EXPECT_EQ(t1[1]["role"], "user");
  EXPECT_EQ(tokens(tok, t1[1]).size(), 320u - 232u);
  EXPECT_EQ(root.agentic->turns[0].max_tokens, 40);
  EXPECT_EQ(root.agentic->turns[1].max_tokens, 25);
  EXPECT_DOUBLE_EQ(root.agentic->turns[1].delay_ms, 9500);
  EXPECT_DOUBLE_EQ(*root.agentic->turns[1].timestamp_ms, 9500);
  EXPECT_EQ(child.agentic->turns[0].max_tokens, 30);

  // Main model → first --model, the next distinct one → the second.
  EXPECT_EQ(root.model, "A");
  EXPECT_EQ(root.agentic->turns[0].model, "A");
  EXPECT_EQ(root.agentic->turns[1].model, "A");
  EXPECT_EQ(child.model, "B");
  EXPECT_EQ(child.agentic->turns[0].model, "B");
}

TEST(WekaTrace, SharedHashIdsGiveSharedTokenBlocksBetweenRootAndSubagent) {
  TextFile f(demo_trace());
  WordTokenizer tok("w");
  FileDataset d = load_input_file(weka_config(f.path), tok);
  std::vector<int32_t> root = tokens(tok, turn_messages(d.dataset.entries[0].agentic->turns[0])[0]);
  std::vector<int32_t> child = tokens(tok, turn_messages(d.dataset.entries[1].agentic->turns[0])[0]);
  ASSERT_EQ(child.size(), 150u);
  // Blocks 1 and 2 (128 tokens) are shared; block 50 differs from block 3.
  EXPECT_TRUE(std::equal(child.begin(), child.begin() + 128, root.begin()));
  EXPECT_FALSE(std::equal(child.begin() + 128, child.end(), root.begin() + 128));
}

TEST(WekaTrace, BlocksAreSeededPerTraceAndReproducible) {
  TextFile f(demo_trace());
  WordTokenizer tok("w");
  const std::string a = load_input_file(weka_config(f.path), tok).dataset.entries[0].agentic->turns[1].messages;
  const std::string b = load_input_file(weka_config(f.path), tok).dataset.entries[0].agentic->turns[1].messages;
  EXPECT_EQ(a, b);
  TextFile other(demo_trace("another_trace"));  // same hash ids, another namespace
  const std::string c = load_input_file(weka_config(other.path), tok).dataset.entries[0].agentic->turns[1].messages;
  EXPECT_NE(a, c);
}

TEST(WekaTrace, SystemSegmentIsTheSystemMessageOfTurnZero) {
  std::string text = demo_trace();
  text.replace(text.find(R"("tool_tokens": 0, "system_tokens": 0)"), 36, R"("tool_tokens": 10, "system_tokens": 20)");
  TextFile f(text);
  WordTokenizer tok("w");
  json t0 = turn_messages(load_input_file(weka_config(f.path), tok).dataset.entries[0].agentic->turns[0]);
  ASSERT_EQ(t0.size(), 2u);
  EXPECT_EQ(t0[0]["role"], "system");
  EXPECT_EQ(tokens(tok, t0[0]).size(), 30u);
  EXPECT_EQ(tokens(tok, t0[1]).size(), 162u);
}

TEST(WekaTrace, TimingKnobs) {
  TextFile f(demo_trace());
  WordTokenizer tok("w");
  auto delay = [&](auto set) {
    ProfileConfig c = weka_config(f.path);
    set(c);
    return load_input_file(c, tok).dataset.entries[0].agentic->turns[1].delay_ms;
  };
  EXPECT_DOUBLE_EQ(delay([](ProfileConfig& c) { c.use_think_time_only = true; }), 1200);
  EXPECT_DOUBLE_EQ(delay([](ProfileConfig& c) { c.inter_turn_delay_cap_s = 2; }), 2000);
  // Times 0, 3, 9.5: gaps of 3 and 6.5 s shrink to 1 s each.
  EXPECT_DOUBLE_EQ(delay([](ProfileConfig& c) { c.trace_idle_gap_cap_s = 1; }), 2000);
  EXPECT_DOUBLE_EQ(delay([](ProfileConfig& c) { c.trace_idle_gap_cap_s = 4; }), 7000);

  ProfileConfig c = weka_config(f.path);
  c.ignore_trace_delays = true;
  FileDataset d = load_input_file(c, tok);
  EXPECT_FALSE(d.timestamps_ms[0]);
  EXPECT_EQ(d.dataset.entries[0].agentic->turns[1].delay_ms, 0);
  EXPECT_FALSE(d.dataset.entries[0].agentic->turns[1].timestamp_ms);
}

TEST(WekaTrace, MaxOslCapsParentTurnsOnly) {
  TextFile f(demo_trace());
  ProfileConfig c = weka_config(f.path);
  c.synthesis_max_osl = 20;
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  EXPECT_EQ(d.dataset.entries[0].agentic->turns[0].max_tokens, 20);
  EXPECT_EQ(d.dataset.entries[0].agentic->turns[1].max_tokens, 20);
  EXPECT_EQ(d.dataset.entries[1].agentic->turns[0].max_tokens, 30);
  // The history still carries the recorded 40-token output.
  WordTokenizer tok("w");
  EXPECT_EQ(tokens(tok, turn_messages(d.dataset.entries[0].agentic->turns[1])[0]).size(), 40u);
}

TEST(WekaTrace, DirectoryOfTracesAndMaxContextLength) {
  const auto dir = std::filesystem::temp_directory_path() / ("aiperf_weka_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a.json") << demo_trace("big");
  std::ofstream(dir / "b.json") << R"({"id": "small", "block_size": 16, "requests": [
      {"t": 5, "type": "n", "model": "x", "in": 20, "out": 5, "hash_ids": [1, 2]}]})";
  std::ofstream(dir / "notes.txt") << "ignored";
  ProfileConfig c = weka_config(dir.string());
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 3u);
  EXPECT_EQ(d.dataset.entries[2].conversation_id, "small");
  EXPECT_EQ(d.dataset.entries[2].agentic->turns[0].model, "A");  // its main model is its first request's
  EXPECT_EQ(d.timestamps_ms[2], 5000.0);

  c.max_context_length = 344;  // "big" peaks at 320 + 25
  d = load_input_file(c, WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 1u);
  EXPECT_EQ(d.dataset.entries[0].conversation_id, "small");
  c.max_context_length = 10;
  try {
    load_input_file(c, WordTokenizer("w"));
    ADD_FAILURE() << "no error when every trace is dropped";
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr("all 2 traces exceed --max-context-length 10"));
  }
  std::filesystem::remove_all(dir);
}

TEST(WekaTrace, SubagentWithoutFollowingTurnRunsInBackgroundAndWithoutPrecedingTurnIsDropped) {
  TextFile f(R"({"id": "t", "block_size": 4, "requests": [
    {"t": 0, "type": "subagent", "agent_id": "early", "requests": [{"t": 0, "type": "n", "in": 4, "out": 1}]},
    {"t": 1, "type": "n", "model": "m", "in": 8, "out": 2, "hash_ids": [1, 2]},
    {"t": 2, "type": "subagent", "agent_id": "late", "requests": [{"t": 2, "type": "n", "in": 4, "out": 1}]}]})");
  FileDataset d = load_input_file(weka_config(f.path), WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 2u);
  EXPECT_EQ(d.dataset.entries[1].conversation_id, "t::sa:late");
  ASSERT_EQ(d.dataset.entries[0].agentic->turns[0].launches.size(), 1u);
  EXPECT_EQ(d.dataset.entries[0].agentic->turns[0].launches[0].join_at, ChildLaunch::kNoJoin);
}

TEST(WekaTrace, SchemaErrorsNameTheFileAndJsonPath) {
  std::string bad = demo_trace();
  bad.replace(bad.find(R"("think_time": 1.2)"), 17, R"("think_time": 1.2, "color": 1)");
  std::string e = weka_error(bad);
  EXPECT_THAT(e, HasSubstr("--input-file /tmp/"));
  EXPECT_THAT(e, HasSubstr("requests[2].color: unknown key"));

  bad = demo_trace();
  bad.replace(bad.find(R"("in": 150)"), 9, R"("in": "x")");
  EXPECT_THAT(weka_error(bad), HasSubstr("requests[1].requests[0].in: must be an integer >= 1"));
  EXPECT_THAT(weka_error(demo_trace("t", R"("extra_top": 1,)")), HasSubstr("extra_top: unknown key"));
  EXPECT_THAT(weka_error("{\"id\": \"t\", \"block_size\": 4, \"requests\": [{\"t\": 0"), HasSubstr("not valid JSON"));
  EXPECT_THAT(weka_error(R"({"block_size": 4, "requests": []})"), HasSubstr("missing required key 'id'"));
  EXPECT_THAT(weka_error(R"({"id": "t", "block_size": 4, "requests": [{"t": 0, "type": "x", "in": 1, "out": 1}]})"),
              HasSubstr("requests[0].type: 'x' is not one of n, s, subagent"));
  EXPECT_THAT(weka_error(R"({"id": "t", "block_size": 4, "requests": [{"t": 0, "type": "n", "in": 4, "out": 1,
      "hash_ids": [1, 2]}]})"), HasSubstr("requests[0].hash_ids: 2 ids of block_size 4 for in 4 tokens"));
  EXPECT_THAT(weka_error(R"({"id": "t", "block_size": 4, "requests": [{"t": 2, "type": "n", "in": 4, "out": 1},
      {"t": 1, "type": "n", "in": 4, "out": 1}]})"), HasSubstr("requests[1].t: is before"));
  ProfileConfig c = weka_config("");
  c.isl_block_size = 32;
  EXPECT_THAT(weka_error(demo_trace(), &c), HasSubstr("--isl-block-size does not apply"));
}

}  // namespace
}  // namespace aiperf
