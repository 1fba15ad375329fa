#include "endpoints/sse_message.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

SseMessage only_message(std::string_view bytes) {
  SseReader reader(bytes);
  SseMessage m;
  EXPECT_TRUE(reader.next(m));
  SseMessage rest;
  EXPECT_FALSE(reader.next(rest)) << "expected exactly one message";
  return m;
}

TEST(SseMessage, DataLinesAreJoinedWithNewline) {
  SseMessage m = only_message("data: first\ndata: second\n\n");
  EXPECT_TRUE(m.has_data);
  EXPECT_EQ(m.data, "first\nsecond");
}

TEST(SseMessage, OnlyOneSpaceAfterTheColonIsStripped) {
  EXPECT_EQ(only_message("data:x").data, "x");
  EXPECT_EQ(only_message("data:  x").data, " x");
  EXPECT_EQ(only_message("data").data, "");
  EXPECT_TRUE(only_message("data").has_data);
}

TEST(SseMessage, CrLfAndCrEndLines) {
  EXPECT_EQ(only_message("data: a\r\ndata: b\r\n\r\n").data, "a\nb");
  EXPECT_EQ(only_message("data: a\rdata: b").data, "a\nb");
}

TEST(SseMessage, CommentsAreNotData) {
  SseMessage m = only_message(": keep-alive\n: second\n");
  EXPECT_FALSE(m.has_data);
  EXPECT_TRUE(m.has_comment);
  EXPECT_EQ(m.comment, "keep-alive");
}

TEST(SseMessage, ErrorEventIsRecognisedCaseInsensitively) {
  EXPECT_TRUE(only_message("event: error\ndata: x\n").error_event);
  EXPECT_TRUE(only_message("Event: ERROR\n").error_event);
  EXPECT_FALSE(only_message("event: message\ndata: x\n").error_event);
}

TEST(SseMessage, IdAndRetryAreIgnored) {
  SseMessage m = only_message("id: 7\nretry: 100\ndata: x\n");
  EXPECT_EQ(m.data, "x");
  EXPECT_FALSE(m.error_event);
}

TEST(SseMessage, BlankLinesSeparateMessagesInsideOneChunk) {
  SseReader reader("\n\ndata: a\n\ndata: b\n\n\n");
  SseMessage m;
  ASSERT_TRUE(reader.next(m));
  EXPECT_EQ(m.data, "a");
  ASSERT_TRUE(reader.next(m));
  EXPECT_EQ(m.data, "b");
  EXPECT_FALSE(reader.next(m));
}

TEST(SseMessage, LeadingByteOrderMarkIsSkipped) {
  EXPECT_EQ(only_message("\xEF\xBB\xBF" "data: x\n").data, "x");
}

TEST(SseMessage, RawCoversTheMessageLines) {
  EXPECT_EQ(only_message("\nevent: error\ndata: x\n\n").raw, "event: error\ndata: x");
}

TEST(SseMessage, EmptyChunkHasNoMessage) {
  SseReader reader("");
  SseMessage m;
  EXPECT_FALSE(reader.next(m));
}

}  // namespace
}  // namespace aiperf
