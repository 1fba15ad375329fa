// dag_jsonl files (workloads-and-endpoints.md §5.2): the example parses into the right
// launches, and every rule the format states is an error naming the file and line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dataset/loaders/input_file_dataset.h"
#include "tokenizer/word_tokenizer.h"
#include "../support/file_dataset_config.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using TextFile = test_support::TempTextFile;

ProfileConfig dag_config(const std::string& path) {
  return test_support::file_dataset_config(path, CustomDatasetType::dag_jsonl);
}

FileDataset load_dag(const std::string& text) {
  TextFile f(text);
  return load_input_file(dag_config(f.path), WordTokenizer("w"));
}

std::string dag_error(const std::string& text, EndpointType endpoint = EndpointType::chat) {
  return test_support::file_dataset_error(text, CustomDatasetType::dag_jsonl, endpoint);
}

// The §5.2 example.
constexpr const char* kExample =
    R"({"session_id": "plan", "turns": [{"messages": [{"role": "system", "content": "You plan."}, {"role": "user", "content": "Plan a blog post."}], "max_tokens": 64, "spawns": [{"children": ["critic"], "join_at": 1}]}, {"messages": [{"role": "user", "content": "Revise using the critique."}], "max_tokens": 64, "forks": ["draft-a", "draft-b"]}]}
{"session_id": "critic", "turns": [{"messages": [{"role": "system", "content": "You critique."}, {"role": "user", "content": "Critique a generic blog plan."}], "max_tokens": 48, "extra": {"temperature": 0}}]}
{"session_id": "draft-a", "turns": [{"messages": [{"role": "user", "content": "Write section 1."}], "max_tokens": 96}]}
{"session_id": "draft-b", "turns": [{"messages": [{"role": "user", "content": "Write section 2."}], "max_tokens": 96, "delay": 500}]}
)";

TEST(DagJsonlFile, ExampleParsesIntoLaunches) {
  FileDataset d = load_dag(kExample);
  ASSERT_EQ(d.dataset.entries.size(), 4u);
  const DatasetEntry& plan = d.dataset.entries[0];
  EXPECT_EQ(plan.conversation_id, "plan");
  EXPECT_FALSE(plan.is_child);
  EXPECT_EQ(plan.agent_depth, 0u);
  EXPECT_EQ(plan.turn_count(), 2u);
  EXPECT_TRUE(plan.agentic->capture_replies);
  EXPECT_TRUE(plan.resend_history);
  ASSERT_EQ(plan.agentic->turns.size(), 2u);
  EXPECT_EQ(plan.agentic->turns[0].messages,
            R"({"content":"You plan.","role":"system"},{"content":"Plan a blog post.","role":"user"})");
  EXPECT_EQ(plan.agentic->turns[0].max_tokens, 64);
  ASSERT_EQ(plan.agentic->turns[0].launches.size(), 1u);
  EXPECT_EQ(plan.agentic->turns[0].launches[0].child, 1u);
  EXPECT_FALSE(plan.agentic->turns[0].launches[0].fork);
  EXPECT_EQ(plan.agentic->turns[0].launches[0].join_at, 1u);
  ASSERT_EQ(plan.agentic->turns[1].launches.size(), 2u);
  for (uint32_t k = 0; k < 2; ++k) {
    EXPECT_EQ(plan.agentic->turns[1].launches[k].child, 2u + k);
    EXPECT_TRUE(plan.agentic->turns[1].launches[k].fork);
    EXPECT_EQ(plan.agentic->turns[1].launches[k].join_at, ChildLaunch::kNoJoin);
  }
  const DatasetEntry& critic = d.dataset.entries[1];
  EXPECT_TRUE(critic.is_child);
  EXPECT_EQ(critic.agent_depth, 1u);
  EXPECT_EQ(critic.agentic->turns[0].extra, R"({"temperature":0})");
  EXPECT_EQ(d.dataset.entries[3].agentic->turns[0].delay_ms, 500.0);
  EXPECT_TRUE(d.dataset.entries[3].is_child);
  EXPECT_EQ(d.lines, (std::vector<size_t>{1, 2, 3, 4}));
}

TEST(DagJsonlFile, BareSpawnJoinsNextTurnBackgroundForkAndPreSessionSpawns) {
  FileDataset d = load_dag(
      R"({"session_id": "r", "pre_session_spawns": ["w"], "context_mode": "message_array_with_responses", "turns": [{"messages": [{"role": "user", "content": "a"}], "spawns": ["s"], "forks": [{"child": "f", "background": true}], "model": "big", "tools": [{"type": "function"}]}, {"messages": [{"role": "user", "content": "b"}], "spawns": ["t"]}]}
{"session_id": "s", "turns": [{"messages": [{"role": "system", "content": "sub"}], "spawns": ["t"]}]}
{"session_id": "f", "turns": [{"messages": [{"role": "user", "content": "c"}]}]}
{"session_id": "t", "turns": [{"messages": [{"role": "user", "content": "d"}]}]}
{"session_id": "w", "turns": [{"messages": [{"role": "user", "content": "e"}]}]}
)");
  const DatasetEntry& r = d.dataset.entries[0];
  EXPECT_FALSE(r.resend_history);
  EXPECT_FALSE(r.agentic->capture_replies);
  EXPECT_EQ(r.agentic->turns[0].model, "big");
  EXPECT_EQ(r.agentic->turns[0].tools, R"([{"type":"function"}])");
  ASSERT_EQ(r.agentic->pre_session_spawns.size(), 1u);
  EXPECT_EQ(r.agentic->pre_session_spawns[0].child, 4u);
  EXPECT_EQ(r.agentic->pre_session_spawns[0].join_at, ChildLaunch::kNoJoin);
  ASSERT_EQ(r.agentic->turns[0].launches.size(), 2u);  // a turn's forks, then its spawns
  EXPECT_TRUE(r.agentic->turns[0].launches[0].fork);
  EXPECT_EQ(r.agentic->turns[0].launches[0].join_at, ChildLaunch::kNoJoin);
  EXPECT_FALSE(r.agentic->turns[0].launches[1].fork);
  EXPECT_EQ(r.agentic->turns[0].launches[1].join_at, 1u);  // bare spawn: the next turn waits
  EXPECT_EQ(r.agentic->turns[1].launches.at(0).join_at, ChildLaunch::kNoJoin);  // last turn: nobody waits
  // t is shared by r and s (spawn targets may be); its depth is the shortest chain's.
  EXPECT_EQ(d.dataset.entries[3].agent_depth, 1u);
  for (size_t i = 1; i < 5; ++i) EXPECT_TRUE(d.dataset.entries[i].is_child) << i;
}

TEST(DagJsonlFile, SchemaErrorsNameFileLineAndTurn) {
  EXPECT_THAT(dag_error(R"({"session_id": "a", "turns": [{"messages": [{"role": "user", "content": "x"}]}], "colour": 1})"),
              HasSubstr("line 1: unknown key 'colour' in a conversation"));
  EXPECT_THAT(dag_error(R"({"session_id": "a", "turns": [{"messages": [{"role": "user", "content": "x"}], "temp": 1}]})"),
              HasSubstr("line 1, turn 0: unknown key 'temp' in a turn"));
  EXPECT_THAT(dag_error(R"({"turns": [{"messages": [{"role": "user", "content": "x"}]}]})"),
              HasSubstr("line 1: missing required field 'session_id'"));
  EXPECT_THAT(dag_error(R"({"session_id": "a", "turns": []})"), HasSubstr("'turns' must be a non-empty list"));
  EXPECT_THAT(dag_error(R"({"session_id": "a", "turns": [{"messages": []}]})"),
              HasSubstr("turn 0: 'messages' must be a non-empty list"));
  EXPECT_THAT(dag_error(R"({"session_id": "a", "turns": [{"messages": [{"role": "user", "content": "x"}], "extra": 3}]})"),
              HasSubstr("'extra' must be an object"));
  EXPECT_THAT(dag_error(R"({"session_id": "a", "orchestrator": true, "turns": [{"messages": [{"role": "user", "content": "x"}]}]})"),
              HasSubstr("orchestrator conversations are not supported yet"));
  EXPECT_THAT(dag_error(R"({"session_id": "a", "rounds": 3, "turns": [{"messages": [{"role": "user", "content": "x"}]}]})"),
              HasSubstr("field 'rounds' is not supported yet"));
  EXPECT_THAT(dag_error(R"({"session_id": "a", "context_mode": "message_array_without_responses", "turns": [{"messages": [{"role": "user", "content": "x"}]}]})"),
              HasSubstr("'context_mode' must be one of"));
}

constexpr const char* kUser = R"([{"role": "user", "content": "x"}])";

std::string conv(const std::string& id, const std::string& turns_json, const std::string& more = "") {
  return R"({"session_id": ")" + id + R"(", "turns": )" + turns_json + more + "}\n";
}
std::string turn(const std::string& extra = "") {
  return std::string(R"({"messages": )") + kUser + extra + "}";
}

TEST(DagJsonlFile, GraphErrors) {
  EXPECT_THAT(dag_error(conv("a", "[" + turn() + "]") + conv("a", "[" + turn() + "]")),
              HasSubstr("line 2: duplicate session_id 'a' (first on line 1)"));
  EXPECT_THAT(dag_error(conv("a", "[" + turn(R"(, "spawns": ["nobody"])") + "]")),
              HasSubstr("line 1, turn 0: unknown child session_id 'nobody'"));
  // Diamond: c is the fork target of a and b.
  EXPECT_THAT(dag_error(conv("a", "[" + turn(R"(, "forks": ["c"])") + "]") +
                         conv("b", "[" + turn(R"(, "forks": ["c"])") + "]") + conv("c", "[" + turn() + "]")),
              HasSubstr("line 2, turn 0: session 'c' is already forked from 'a'"));
  EXPECT_THAT(dag_error(conv("a", "[" + turn(R"(, "forks": ["c"])") + "," + turn() + "]") + conv("c", "[" + turn() + "]")),
              HasSubstr("line 1, turn 0: fork of 'c' before the last turn must be"));
  EXPECT_THAT(dag_error(conv("a", "[" + turn(R"(, "spawns": [{"children": ["c"], "join_at": 0}])") + "," + turn() + "]") +
                         conv("c", "[" + turn() + "]")),
              HasSubstr("line 1, turn 0: spawn of 'c': join_at 0 is out of range"));
  EXPECT_THAT(dag_error(conv("a", "[" + turn(R"(, "spawns": [{"children": ["c"], "join_at": 2}])") + "," + turn() + "]") +
                         conv("c", "[" + turn() + "]")),
              HasSubstr("join_at 2 is out of range"));
  // Cycles: a root a spawns b, b spawns c, c forks b.
  EXPECT_THAT(dag_error(conv("a", "[" + turn(R"(, "spawns": ["b"])") + "]") + conv("b", "[" + turn(R"(, "spawns": ["c"])") + "]") +
                         conv("c", "[" + turn(R"(, "forks": ["b"])") + "]")),
              HasSubstr("the launches form a cycle: b -> c -> b"));
  EXPECT_THAT(dag_error(conv("a", "[" + turn(R"(, "spawns": ["a"])") + "]")), HasSubstr("launches itself"));
}

TEST(DagJsonlFile, SystemMessagesOnlyOnTurnZeroOfRootsAndSpawnedChildren) {
  const std::string sys = R"({"messages": [{"role": "system", "content": "s"}]})";
  EXPECT_THAT(dag_error(conv("a", "[" + turn() + "," + sys + "]")),
              HasSubstr("line 1, turn 1: a 'system' message is only allowed on turn 0"));
  EXPECT_THAT(dag_error(conv("a", "[" + turn(R"(, "forks": ["c"])") + "]") + conv("c", "[" + sys + "]")),
              HasSubstr("line 2, turn 0: a 'system' message is only allowed on turn 0 of a root or of a spawned child "
                        "(session 'c' is forked from 'a')"));
  EXPECT_NO_THROW(load_dag(conv("a", "[" + sys + "]", R"(, "pre_session_spawns": ["c"])") + conv("c", "[" + sys + "]")));
}

TEST(DagJsonlFile, RefusesCompletionsAndRootFirstTurnDelay) {
  EXPECT_THAT(dag_error(conv("a", "[" + turn() + "]"), EndpointType::completions),
              HasSubstr("dag_jsonl needs --endpoint-type chat"));
  EXPECT_THAT(dag_error(conv("a", "[" + turn(R"(, "delay": 5)") + "]")),
              HasSubstr("line 1, turn 0: 'delay' on a root conversation's first turn"));
}

}  // namespace
}  // namespace aiperf
