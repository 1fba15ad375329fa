#include "transport/sse_scanner.h"

#include <gtest/gtest.h>

#include <string>

namespace aiperf {
namespace {

struct Fed {
  std::string body;
  std::vector<ResponseChunk> chunks;
  SseScanner scanner;

  void feed(const std::string& data, int64_t t) {
    auto offset = uint32_t(body.size());
    body += data;
    scanner.scan(data, offset, t, chunks);
  }
  std::string text(size_t i) const { return body.substr(chunks[i].offset, chunks[i].length); }
};

TEST(SseScanner, SplitsMessagesAtBlankLines) {
  Fed f;
  f.feed("data: a\n\ndata: b\n\n", 10);
  ASSERT_EQ(f.chunks.size(), 2u);
  EXPECT_EQ(f.text(0), "data: a\n\n");
  EXPECT_EQ(f.text(1), "data: b\n\n");
  EXPECT_EQ(f.chunks[0].perf_ns, 10);
  EXPECT_EQ(f.chunks[1].perf_ns, 10);  // same read, same stamp
}

TEST(SseScanner, StampsEachMessageWithTheReadOfItsFirstByte) {
  Fed f;
  f.feed("data: {\"x\":", 100);
  f.feed("1}\n", 200);
  f.feed("\ndata: next", 300);
  f.feed("\n\n", 400);
  ASSERT_EQ(f.chunks.size(), 2u);
  EXPECT_EQ(f.chunks[0].perf_ns, 100);
  EXPECT_EQ(f.text(0), "data: {\"x\":1}\n\n");
  EXPECT_EQ(f.chunks[1].perf_ns, 300);
  EXPECT_EQ(f.text(1), "data: next\n\n");
}

TEST(SseScanner, HandlesCrLfDelimiters) {
  Fed f;
  f.feed("data: a\r\n\r\ndata: b\r\n", 1);
  f.feed("\r\n", 2);
  ASSERT_EQ(f.chunks.size(), 2u);
  EXPECT_EQ(f.text(0), "data: a\r\n\r\n");
  EXPECT_EQ(f.text(1), "data: b\r\n\r\n");
}

TEST(SseScanner, MultiLineMessageIsOneMessage) {
  Fed f;
  f.feed("event: error\ndata: x\n\n", 1);
  ASSERT_EQ(f.chunks.size(), 1u);
  EXPECT_EQ(f.text(0), "event: error\ndata: x\n\n");
}

TEST(SseScanner, TrailingBytesWithoutDelimiterFormAFinalMessage) {
  Fed f;
  f.feed("data: a\n\ndata: [DONE]", 1);
  f.scanner.finish(uint32_t(f.body.size()), f.chunks);
  ASSERT_EQ(f.chunks.size(), 2u);
  EXPECT_EQ(f.text(1), "data: [DONE]");
}

TEST(SseScanner, BlankLinesBetweenMessagesAreSkipped) {
  Fed f;
  f.feed("\n\n\ndata: a\n\n\n\n", 5);
  ASSERT_EQ(f.chunks.size(), 1u);
  EXPECT_EQ(f.text(0), "data: a\n\n");
}

}  // namespace
}  // namespace aiperf
