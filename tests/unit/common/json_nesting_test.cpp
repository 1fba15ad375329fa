#include "common/json_nesting.h"

#include <chrono>
#include <string>

#include <gtest/gtest.h>

namespace aiperf {
namespace {

std::string nested(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(JsonNesting, AcceptsUpToTheLimit) {
  EXPECT_FALSE(find_json_nesting_excess(nested(kMaxJsonNesting)));
  EXPECT_FALSE(find_json_nesting_excess(R"({"a": [1, {"b": [2]}], "c": {}})", 4));
  EXPECT_FALSE(find_json_nesting_excess(""));
}

TEST(JsonNesting, ReportsTheBracketThatGoesOneLevelTooDeep) {
  auto excess = find_json_nesting_excess(nested(kMaxJsonNesting + 1));
  ASSERT_TRUE(excess);
  EXPECT_EQ(excess->offset, kMaxJsonNesting);
  EXPECT_EQ(excess->line, 1u);
  excess = find_json_nesting_excess("{\n \"a\":\n  [[\n[", 3);
  ASSERT_TRUE(excess);
  EXPECT_EQ(excess->line, 4u);
}

// Brackets inside strings (escaped quotes included) are text, not nesting.
TEST(JsonNesting, IgnoresBracketsInsideStrings) {
  EXPECT_FALSE(find_json_nesting_excess(R"({"text": "[[[[{{{{ \" [[[[ \\"})", 1));
  EXPECT_TRUE(find_json_nesting_excess(R"({"text": "\\", "x": [})", 1));
}

// The crash report: 100,000 levels overflowed the stack in dump(); the check is one fast pass.
TEST(JsonNesting, RefusesHundredThousandLevelsQuickly) {
  const std::string text = "{\"x\": " + nested(100000) + "}";
  const auto start = std::chrono::steady_clock::now();
  auto excess = find_json_nesting_excess(text);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  ASSERT_TRUE(excess);
  EXPECT_EQ(excess->offset, 6 + kMaxJsonNesting - 1);
  EXPECT_LT(ms.count(), 1000);
  EXPECT_EQ(json_nesting_message(), "nesting too deep (limit 512)");
}

}  // namespace
}  // namespace aiperf
