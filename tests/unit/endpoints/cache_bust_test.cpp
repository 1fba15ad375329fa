// --cache-bust splice (workloads-and-endpoints.md §2.9): every mode on every content shape of
// every endpoint that takes it, checked against the same edit made on the parsed JSON; the
// marker itself; and history prefixes that stay identical across a conversation's turns.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/endpoint_fixtures.h"
#include "config/enum_names.h"
#include "endpoints/cache_bust.h"
#include "endpoints/request_builder.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

constexpr std::string_view kMarker = "[rid:0123456789ab]";
constexpr CacheBust kModes[] = {CacheBust::system_prefix,     CacheBust::system_suffix,
                                CacheBust::first_turn_prefix, CacheBust::first_turn_suffix,
                                CacheBust::warmup_isolation_system, CacheBust::warmup_isolation_first_turn};

bool to_system(CacheBust m) {
  return m == CacheBust::system_prefix || m == CacheBust::system_suffix || m == CacheBust::warmup_isolation_system;
}
bool at_end(CacheBust m) { return m == CacheBust::system_suffix || m == CacheBust::first_turn_suffix; }
std::string marker_text(CacheBust m) {
  return at_end(m) ? "\n\n" + std::string(kMarker) : std::string(kMarker) + "\n\n";
}
std::string mode_name(CacheBust m) { return std::string(name_of(m)); }

// The reference edit on a parsed content value: a string gets the text, a list a part of its own.
void edit_content(ojson& content, CacheBust m, const char* part_type) {
  if (content.is_string()) {
    content = at_end(m) ? content.get<std::string>() + marker_text(m) : marker_text(m) + content.get<std::string>();
    return;
  }
  const ojson part = {{"type", part_type}, {"text", marker_text(m)}};
  if (at_end(m)) content.push_back(part);
  else content.insert(content.begin(), part);
}

ojson* first_with_role(ojson& list, const char* role) {
  for (ojson& m : list)
    if (m.is_object() && m.value("role", "") == role && m.contains("content") &&
        (m["content"].is_string() || m["content"].is_array()))
      return &m;
  return nullptr;
}

ojson busted(const std::string& body, EndpointType type, CacheBust mode) {
  std::string out = "untouched";
  EXPECT_TRUE(apply_cache_bust(body, type, mode, kMarker, out)) << body;
  return ojson::parse(out);
}

const ojson kString = "You are terse.";
const ojson kParts = ojson::array(
    {{{"type", "text"}, {"text", "look"}}, {{"type", "image_url"}, {"image_url", {{"url", "data:x"}}}}});

ojson chat_body(const ojson* system_content, const ojson& user_content) {
  ojson body = {{"messages", ojson::array()}, {"model", "m"}, {"stream", true}};
  if (system_content) body["messages"].push_back({{"role", "system"}, {"content", *system_content}});
  body["messages"].push_back({{"role", "user"}, {"content", user_content}});
  body["messages"].push_back({{"role", "assistant"}, {"content", "reply"}});
  body["messages"].push_back({{"role", "user"}, {"content", "second"}});
  return body;
}

// chat: the system message, or the first user turn; strings and lists of parts; with and
// without a system message (system_* then falls back to the first user turn).
TEST(CacheBust, ChatEveryModeAndContentShape) {
  for (const ojson& system_content : {kString, kParts})
    for (const ojson& user_content : {ojson("hello \"there\"\n"), kParts, ojson::array()})
      for (bool with_system : {true, false})
        for (CacheBust mode : kModes) {
          const ojson body = chat_body(with_system ? &system_content : nullptr, user_content);
          ojson want = body;
          ojson* target = to_system(mode) && with_system ? first_with_role(want["messages"], "system")
                                                          : first_with_role(want["messages"], "user");
          edit_content((*target)["content"], mode, "text");
          EXPECT_EQ(busted(body.dump(), EndpointType::chat, mode), want) << mode_name(mode) << " " << body.dump();
          // Pretty-printed text (a file's own spacing) is found the same way.
          EXPECT_EQ(busted(body.dump(2), EndpointType::chat, mode), want) << mode_name(mode) << " " << body.dump(2);
        }
}

// The bytes themselves: only the marker is added, escaped, everything else is kept as sent.
TEST(CacheBust, SplicesBytesInPlace) {
  std::string out;
  ASSERT_TRUE(apply_cache_bust(R"({"messages":[{"role":"user","content":"hi"}],"x":1.50})", EndpointType::chat,
                               CacheBust::first_turn_prefix, kMarker, out));
  EXPECT_EQ(out, R"({"messages":[{"role":"user","content":"[rid:0123456789ab]\n\nhi"}],"x":1.50})");
  ASSERT_TRUE(apply_cache_bust(R"({"messages":[{"role":"user","content":"hi"}]})", EndpointType::chat,
                               CacheBust::first_turn_suffix, kMarker, out));
  EXPECT_EQ(out, R"({"messages":[{"role":"user","content":"hi\n\n[rid:0123456789ab]"}]})");
  ASSERT_TRUE(apply_cache_bust(R"({"messages":[{"role":"user","content":[]}]})", EndpointType::chat,
                               CacheBust::first_turn_suffix, kMarker, out));
  EXPECT_EQ(out, R"({"messages":[{"role":"user","content":[{"type":"text","text":"\n\n[rid:0123456789ab]"}]}]})");
  ASSERT_TRUE(apply_cache_bust(R"({"messages":[{"role":"user","content":"hi"}]})", EndpointType::chat,
                               CacheBust::warmup_isolation_first_turn, kWarmupCacheBustMarker, out));
  EXPECT_EQ(out, R"({"messages":[{"role":"user","content":"[warmup]\n\nhi"}]})");
}

// responses: "instructions" is the system text; the first user item of "input" (or "input"
// itself, a string) the first turn; parts are input_text.
TEST(CacheBust, ResponsesEveryModeAndContentShape) {
  for (const ojson& user_content : {ojson("hello"), ojson::array({{{"type", "input_text"}, {"text", "look"}}})})
    for (bool with_instructions : {true, false})
      for (CacheBust mode : kModes) {
        ojson body = {{"input", ojson::array({{{"type", "message"}, {"role", "user"}, {"content", user_content}},
                                              {{"type", "message"}, {"role", "assistant"}, {"content", "r"}}})},
                      {"model", "m"}};
        if (with_instructions) body["instructions"] = "Be brief.";
        ojson want = body;
        if (to_system(mode) && with_instructions) edit_content(want["instructions"], mode, "input_text");
        else edit_content((*first_with_role(want["input"], "user"))["content"], mode, "input_text");
        EXPECT_EQ(busted(body.dump(), EndpointType::responses, mode), want) << mode_name(mode) << " " << body.dump();
      }
  for (CacheBust mode : kModes) {
    const ojson body = {{"input", "a plain prompt"}, {"model", "m"}};
    ojson want = body;
    edit_content(want["input"], mode, "input_text");
    EXPECT_EQ(busted(body.dump(), EndpointType::responses, mode), want) << mode_name(mode);
  }
}

// Anthropic messages: "system" gets a block of its own (a string becomes two text blocks, the
// original kept whole); without one, the first user message.
TEST(CacheBust, AnthropicMessagesEveryModeAndContentShape) {
  const ojson blocks = ojson::array({{{"type", "text"}, {"text", "sys"}, {"cache_control", {{"type", "ephemeral"}}}}});
  for (const ojson& user_content : {ojson("hello"), ojson::array({{{"type", "text"}, {"text", "look"}}})})
    for (int system_shape : {0, 1, 2})  // none, a string, a list of blocks
      for (CacheBust mode : kModes) {
        ojson body = {{"messages", ojson::array({{{"role", "user"}, {"content", user_content}}})},
                      {"model", "m"},
                      {"max_tokens", 16}};
        if (system_shape == 1) body["system"] = "Be brief.";
        if (system_shape == 2) body["system"] = blocks;
        ojson want = body;
        if (to_system(mode) && system_shape != 0) {
          if (system_shape == 1) want["system"] = ojson::array({{{"type", "text"}, {"text", "Be brief."}}});
          edit_content(want["system"], mode, "text");
        } else {
          edit_content(want["messages"][0]["content"], mode, "text");
        }
        EXPECT_EQ(busted(body.dump(), EndpointType::messages, mode), want) << mode_name(mode) << " " << body.dump();
      }
}

TEST(CacheBust, EscapedNamesAreRead) {
  std::string out;
  ASSERT_TRUE(apply_cache_bust(R"({"m\u0065ssages":[{"role":"\u0073ystem","content":"s"},{"role":"user","content":"u"}]})",
                               EndpointType::chat, CacheBust::system_prefix, kMarker, out));
  EXPECT_EQ(ojson::parse(out)["messages"][0]["content"], "[rid:0123456789ab]\n\ns");
}

// No place for a marker: the body goes out unchanged and `out` is not touched.
TEST(CacheBust, NoPlaceLeavesTheBodyAlone) {
  for (const char* body : {R"({"messages":[]})", R"({"messages":[{"role":"assistant","content":"a"}]})",
                           R"({"messages":[{"role":"user","content":null}]})", R"({"prompt":"x"})", "[]", "",
                           "not json", R"({"messages":[{"role":"user","content":"unterminated)", R"({"messages":)"}) {
    std::string out = "untouched";
    EXPECT_FALSE(apply_cache_bust(body, EndpointType::chat, CacheBust::first_turn_prefix, kMarker, out)) << body;
    EXPECT_EQ(out, "untouched");
  }
  std::string out = "untouched";
  EXPECT_FALSE(apply_cache_bust(R"({"messages":[{"role":"user","content":"u"}]})", EndpointType::chat,
                                CacheBust::none, kMarker, out));
}

TEST(CacheBust, MarkerIsTwelveHexOfTheTrajectory) {
  // sha256("bench-1\n0\n7\nsession_000003")[:12]
  EXPECT_EQ(cache_bust_marker("bench-1", 0, 7, "session_000003"), "[rid:261f5e0ba3f4]");
  const std::string base = cache_bust_marker("bench-1", 0, 7, "session_000003");
  EXPECT_EQ(cache_bust_marker("bench-1", 0, 7, "session_000003"), base);
  EXPECT_NE(cache_bust_marker("bench-2", 0, 7, "session_000003"), base);  // another run
  EXPECT_NE(cache_bust_marker("bench-1", 1, 7, "session_000003"), base);  // the lane recycled
  EXPECT_NE(cache_bust_marker("bench-1", 0, 8, "session_000003"), base);  // another trajectory
  EXPECT_NE(cache_bust_marker("bench-1", 0, 7, "session_000004"), base);  // another trace
  EXPECT_TRUE(warmup_isolation(CacheBust::warmup_isolation_system));
  EXPECT_TRUE(warmup_isolation(CacheBust::warmup_isolation_first_turn));
  EXPECT_FALSE(warmup_isolation(CacheBust::first_turn_prefix));
}

// The same marker on every turn keeps turn k's messages a prefix of turn k+1's, so the
// trajectory still reuses its own KV cache from turn to turn.
TEST(CacheBust, HistoryStaysAPrefixAcrossTurns) {
  for (EndpointType type : {EndpointType::chat, EndpointType::responses, EndpointType::messages})
    for (CacheBust mode : kModes) {
      ProfileConfig c = testing::endpoint_config(type);
      DatasetEntry e = testing::text_entry("first question");
      e.parts.edit().system_message = "You are terse.";
      DatasetTurn second;
      second.prompt = "second question";
      e.later_turns.push_back(second);
      const std::vector<std::string> replies = {"first answer"};
      const ojson t0 = busted(build_turn_body(c, e, 0, {}), type, mode);
      const ojson t1 = busted(build_turn_body(c, e, 1, replies), type, mode);
      const char* list = type == EndpointType::responses ? "input" : "messages";
      ASSERT_GT(t1[list].size(), t0[list].size());
      for (size_t i = 0; i < t0[list].size(); ++i) EXPECT_EQ(t0[list][i], t1[list][i]) << mode_name(mode);
      for (const char* system : {"instructions", "system"}) {
        if (t0.contains(system)) {
          EXPECT_EQ(t0[system], t1[system]);
        }
      }
      EXPECT_NE(t0.dump().find(kMarker), std::string::npos) << mode_name(mode) << " " << t0.dump();
    }
}

}  // namespace
}  // namespace aiperf
