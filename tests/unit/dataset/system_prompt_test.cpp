// --system-prompt (workloads-and-endpoints.md §2.8): the text leads every conversation.
#include <gtest/gtest.h>

#include "dataset/system_prompt.h"

namespace aiperf {
namespace {

TEST(SystemPrompt, FlatConversationsGetOrJoinTheSystemMessage) {
  Dataset d;
  d.entries.resize(2);
  d.entries[1].parts.edit().system_message = "Dataset rules.";
  apply_system_prompt(d, "Be brief.");
  EXPECT_EQ(d.entries[0].parts->system_message, "Be brief.");
  EXPECT_EQ(d.entries[1].parts->system_message, "Be brief.\n\nDataset rules.");
}

TEST(SystemPrompt, MessageTurnsLiteralMessagesForksAndRawBodies) {
  Dataset d;
  d.entries.resize(5);
  auto turn = [](std::string messages) {
    MessageTurn t;
    t.messages = std::move(messages);
    return t;
  };
  d.entries[0].agentic.edit().turns.push_back(turn(R"({"role":"user","content":"hi"})"));
  d.entries[1].agentic.edit().turns.push_back(turn(R"({"role":"system","content":"Tools."},{"role":"user","content":"x"})"));
  ChildLaunch fork;
  fork.child = 2;
  fork.fork = true;
  d.entries[1].agentic.edit().turns[0].launches.push_back(fork);
  d.entries[2].agentic.edit().turns.push_back(turn(R"({"role":"user","content":"child"})"));
  d.entries[3].recorded.edit().literal_messages = R"([{"role":"system","content":[{"type":"text","text":"A"}]}])";
  d.entries[4].recorded.edit().raw_bodies.push_back("{}");
  apply_system_prompt(d, "S");
  EXPECT_EQ(d.entries[0].agentic->turns[0].messages,
            R"({"role":"system","content":"S"},{"role":"user","content":"hi"})");
  EXPECT_EQ(d.entries[1].agentic->turns[0].messages,
            R"({"role":"system","content":"S\n\nTools."},{"role":"user","content":"x"})");
  EXPECT_EQ(d.entries[2].agentic->turns[0].messages, R"({"role":"user","content":"child"})");  // forked: has it already
  EXPECT_EQ(d.entries[3].recorded->literal_messages,
            R"([{"role":"system","content":[{"type":"text","text":"S\n\n"},{"type":"text","text":"A"}]}])");
  EXPECT_FALSE(d.entries[4].parts->system_message.has_value());
}

}  // namespace
}  // namespace aiperf
