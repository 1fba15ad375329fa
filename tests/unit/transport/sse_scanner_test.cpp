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

TEST(SseScanner, StampsEachMessageWithTheReadThatCompletedIt) {
  Fed f;
  f.feed("data: {\"x\":", 100);
  EXPECT_TRUE(f.chunks.empty());  // only complete messages are handed on
  f.feed("1}\n", 200);
  f.feed("\ndata: next", 300);
  ASSERT_EQ(f.chunks.size(), 1u);
  f.feed("\n\n", 400);
  ASSERT_EQ(f.chunks.size(), 2u);
  EXPECT_EQ(f.chunks[0].perf_ns, 300);
  EXPECT_EQ(f.text(0), "data: {\"x\":1}\n\n");
  EXPECT_EQ(f.chunks[1].perf_ns, 400);
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
  f.scanner.finish(uint32_t(f.body.size()), 7, f.chunks);
  ASSERT_EQ(f.chunks.size(), 2u);
  EXPECT_EQ(f.text(1), "data: [DONE]");
  EXPECT_EQ(f.chunks[1].perf_ns, 7);  // completed by the end of the body
}

TEST(SseScanner, FinishWithoutAnOpenMessageAddsNothing) {
  Fed f;
  f.feed("data: a\n\n\n", 1);
  f.scanner.finish(uint32_t(f.body.size()), 2, f.chunks);
  ASSERT_EQ(f.chunks.size(), 1u);
}

TEST(SseScanner, CrAloneEndsLines) {
  Fed f;
  f.feed("data: a\r\rdata: b\r", 1);
  f.feed("\r", 2);
  ASSERT_EQ(f.chunks.size(), 2u);
  EXPECT_EQ(f.text(0), "data: a\r\r");
  EXPECT_EQ(f.chunks[0].perf_ns, 1);
  EXPECT_EQ(f.text(1), "data: b\r\r");
  EXPECT_EQ(f.chunks[1].perf_ns, 2);
}

TEST(SseScanner, CrLfSplitBetweenReadsIsOneLineBreak) {
  Fed f;
  f.feed("data: a\r", 1);
  f.feed("\ndata: b\r\n\r", 2);  // the empty line's CR completes the message
  ASSERT_EQ(f.chunks.size(), 1u);
  EXPECT_EQ(f.text(0), "data: a\r\ndata: b\r\n\r");
  EXPECT_EQ(f.chunks[0].perf_ns, 2);
  f.feed("\ndata: c\n\n", 3);  // the LF that finishes that CRLF belongs to no message
  ASSERT_EQ(f.chunks.size(), 2u);
  EXPECT_EQ(f.text(1), "data: c\n\n");
}

TEST(SseScanner, MixedLineEndingsEndMessagesAtTheFirstEmptyLine) {
  Fed f;
  f.feed("data: a\n\r\ndata: b\r\n\ndata: c\r\n\r\n", 1);
  ASSERT_EQ(f.chunks.size(), 3u);
  EXPECT_EQ(f.text(0), "data: a\n\r\n");
  EXPECT_EQ(f.text(1), "data: b\r\n\n");
  EXPECT_EQ(f.text(2), "data: c\r\n\r\n");
}

TEST(SseScanner, CommentOnlyMessageIsAMessage) {
  Fed f;
  f.feed(": ping\n\ndata: a\n\n", 1);
  ASSERT_EQ(f.chunks.size(), 2u);
  EXPECT_EQ(f.text(0), ": ping\n\n");
}

TEST(SseScanner, BlankLinesBetweenMessagesAreSkipped) {
  Fed f;
  f.feed("\n\n\ndata: a\n\n\n\n", 5);
  ASSERT_EQ(f.chunks.size(), 1u);
  EXPECT_EQ(f.text(0), "data: a\n\n");
}

}  // namespace
}  // namespace aiperf
