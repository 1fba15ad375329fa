#include "dataset/model_selection.h"

#include <gtest/gtest.h>

#include <map>

#include "endpoints/request_builder.h"

namespace aiperf {
namespace {

ProfileConfig models_config(std::vector<std::string> models, ModelSelection strategy = ModelSelection::round_robin) {
  ProfileConfig c;
  c.model_names = std::move(models);
  c.model_selection = strategy;
  c.random_seed = 5;
  return c;
}

DatasetEntry turns_conversation(size_t turns) {
  DatasetEntry e;
  e.prompt = "hi";
  e.model = "a";  // what a loader sets: the first name
  for (size_t t = 1; t < turns; ++t) e.later_turns.emplace_back().prompt = "more";
  return e;
}

TEST(ModelSelection, RoundRobinGoesThroughTheTurnsInDatasetOrder) {
  Dataset d;
  d.entries = {turns_conversation(2), turns_conversation(1), turns_conversation(3)};
  const ProfileConfig c = models_config({"a", "b", "c"});
  assign_turn_models(c, d);
  EXPECT_EQ(d.entries[0].parts->turn_models, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(d.entries[1].parts->turn_models, (std::vector<std::string>{"c"}));
  EXPECT_EQ(d.entries[2].parts->turn_models, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(d.entries[1].model, "c");
  // The bodies carry them: turn 1 of the first conversation goes to "b".
  EXPECT_NE(build_turn_body(c, d.entries[0], 1, {}).find("\"model\":\"b\""), std::string::npos);
  EXPECT_NE(build_request_body(c, d.entries[1]).find("\"model\":\"c\""), std::string::npos);
}

TEST(ModelSelection, RandomIsSeededAndUsesEveryModel) {
  Dataset d1, d2;
  for (int i = 0; i < 300; ++i) d1.entries.push_back(turns_conversation(1));
  d2 = d1;
  const ProfileConfig c = models_config({"a", "b", "c"}, ModelSelection::random);
  assign_turn_models(c, d1);
  assign_turn_models(c, d2);
  std::map<std::string, int> counts;
  for (size_t i = 0; i < d1.entries.size(); ++i) {
    EXPECT_EQ(d1.entries[i].model, d2.entries[i].model);  // same seed, same picks
    ++counts[d1.entries[i].model];
  }
  ASSERT_EQ(counts.size(), 3u);
  for (const auto& [name, n] : counts) EXPECT_GT(n, 50) << name;  // ~100 each
}

TEST(ModelSelection, TurnsWithTheirOwnModelAndVerbatimBodiesKeepIt) {
  Dataset d;
  DatasetEntry agent;
  agent.agentic.edit().turns.resize(3);
  agent.agentic.edit().turns[1].model = "trace-model";
  DatasetEntry verbatim;
  verbatim.recorded.edit().raw_bodies = {"{\"model\":\"x\"}"};
  d.entries = {agent, verbatim};
  assign_turn_models(models_config({"a", "b"}), d);
  EXPECT_EQ(d.entries[0].agentic->turns[0].model, "a");
  EXPECT_EQ(d.entries[0].agentic->turns[1].model, "trace-model");
  EXPECT_EQ(d.entries[0].agentic->turns[2].model, "b");
  EXPECT_TRUE(d.entries[1].parts->turn_models.empty());
}

TEST(ModelSelection, OneModelChangesNothing) {
  Dataset d;
  d.entries = {turns_conversation(2)};
  assign_turn_models(models_config({"only"}), d);
  EXPECT_TRUE(d.entries[0].parts->turn_models.empty());
  EXPECT_EQ(d.entries[0].model, "a");
}

}  // namespace
}  // namespace aiperf
