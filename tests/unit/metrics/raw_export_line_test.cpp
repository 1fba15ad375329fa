#include "metrics/raw_export_line.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../endpoints/raw_record_builder.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

TEST(RawExportLine, StreamingRecordKeepsEveryMessageWithItsStamp) {
  RawRecord raw = RawRecordBuilder()
                      .start(100)
                      .sse(120, ": keep-alive\n\n")
                      .data(150, R"({"choices":[{"delta":{"content":"hi"}}]})")
                      .data(200, "[DONE]")
                      .end(210)
                      .build();
  raw.x_request_id = "rid";
  raw.x_correlation_id = "cid";
  std::string line;
  HeaderList headers{{"Authorization", "<redacted>"}, {"Accept", "text/event-stream"}};
  append_raw_export_line(line, raw, "conv_0", R"({"model":"m","stream":true})", headers, ClockAnchor{},
                         std::nullopt);
  ASSERT_EQ(line.back(), '\n');
  auto j = nlohmann::json::parse(line);
  EXPECT_EQ(j["start_perf_ns"], 100);
  EXPECT_EQ(j["payload"]["model"], "m");
  EXPECT_EQ(j["request_headers"]["Authorization"], "<redacted>");
  EXPECT_EQ(j["request_headers"]["X-Request-ID"], "rid");
  EXPECT_EQ(j["status"], 200);
  EXPECT_TRUE(j["error"].is_null());
  ASSERT_EQ(j["responses"].size(), 3u);
  EXPECT_EQ(j["responses"][0]["perf_ns"], 120);
  EXPECT_EQ(j["responses"][0]["packets"][0]["name"], "comment");
  EXPECT_EQ(j["responses"][1]["packets"][0]["name"], "data");
  EXPECT_EQ(j["responses"][1]["packets"][0]["value"], R"({"choices":[{"delta":{"content":"hi"}}]})");
  EXPECT_EQ(j["responses"][2]["packets"][0]["value"], "[DONE]");
  EXPECT_EQ(j["metadata"]["conversation_id"], "conv_0");
}

TEST(RawExportLine, NonStreamingBodyAndError) {
  RawRecord raw = RawRecordBuilder().start(5).status(500, "Internal Server Error").body(9, "oops").build();
  raw.content_type = "text/plain";
  std::string line;
  append_raw_export_line(line, raw, "c", "{}", {}, ClockAnchor{},
                         ErrorDetails{500, "Internal Server Error", "oops"});
  auto j = nlohmann::json::parse(line);
  EXPECT_EQ(j["status"], 500);
  EXPECT_EQ(j["responses"][0]["text"], "oops");
  EXPECT_EQ(j["responses"][0]["content_type"], "text/plain");
  EXPECT_EQ(j["responses"][0]["perf_ns"], 9);
  EXPECT_EQ(j["error"]["code"], 500);
}

}  // namespace
}  // namespace aiperf
