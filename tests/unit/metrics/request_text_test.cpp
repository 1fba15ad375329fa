#include "metrics/request_text.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(RequestText, ChatJoinsEveryMessageWithOneSpace) {
  auto t = request_input_text(
      EndpointType::chat,
      R"({"messages":[{"role":"system","content":"be brief"},{"role":"user","content":[{"type":"text","text":"hello"},{"type":"image_url","image_url":{"url":"x"}}]},{"role":"assistant","content":"hi"}],"model":"m"})");
  ASSERT_TRUE(t);
  EXPECT_EQ(*t, "be brief hello hi");
}

TEST(RequestText, CompletionsPromptStringOrList) {
  EXPECT_EQ(request_input_text(EndpointType::completions, R"({"prompt":"once upon"})"), "once upon");
  EXPECT_EQ(request_input_text(EndpointType::completions, R"({"prompt":["a b","c"]})"), "a b c");
}

TEST(RequestText, NothingTokenizableIsAbsent) {
  EXPECT_FALSE(request_input_text(EndpointType::chat, R"({"messages":[]})"));
  EXPECT_FALSE(request_input_text(EndpointType::chat, "not json"));
  EXPECT_FALSE(request_input_text(EndpointType::completions, R"({"prompt":""})"));
}

}  // namespace
}  // namespace aiperf
