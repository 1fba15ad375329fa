#include "common/aws_event_stream.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

using Status = AwsEventStreamDecoder::Status;

std::string two_parts() {
  std::string wire;
  append_aws_payload_part(wire, "data: {\"a\":1}\n\n");
  append_aws_payload_part(wire, "data: [DONE]\n\n");
  return wire;
}

TEST(AwsEventStream, FrameLayoutMatchesTheSpec) {
  std::string wire;
  append_aws_event_stream_message(wire, {}, "");
  // An empty message: total length 16, headers length 0, then the two CRCs.
  ASSERT_EQ(wire.size(), 16u);
  EXPECT_EQ(wire.substr(0, 8), std::string("\0\0\0\x10\0\0\0\0", 8));
  // Known CRC32 (IEEE) of those 8 bytes: 0x05c248eb; of the 12-byte prelude: 0x7d98c8ff.
  EXPECT_EQ(wire.substr(8, 4), std::string("\x05\xc2\x48\xeb", 4));
  EXPECT_EQ(wire.substr(12, 4), std::string("\x7d\x98\xc8\xff", 4));
}

TEST(AwsEventStream, DecodesPayloadPartsFedWhole) {
  AwsEventStreamDecoder d;
  std::string out;
  EXPECT_EQ(d.feed(two_parts(), out), Status::ok);
  EXPECT_EQ(d.finish(), Status::ok);
  EXPECT_EQ(out, "data: {\"a\":1}\n\ndata: [DONE]\n\n");
}

TEST(AwsEventStream, DecodesAcrossEveryPossibleSplit) {
  const std::string wire = two_parts();
  for (size_t cut = 0; cut <= wire.size(); ++cut) {
    AwsEventStreamDecoder d;
    std::string out;
    ASSERT_EQ(d.feed(std::string_view(wire).substr(0, cut), out), Status::ok) << cut;
    ASSERT_EQ(d.feed(std::string_view(wire).substr(cut), out), Status::ok) << cut;
    ASSERT_EQ(d.finish(), Status::ok);
    EXPECT_EQ(out, "data: {\"a\":1}\n\ndata: [DONE]\n\n") << cut;
  }
}

TEST(AwsEventStream, ByteByByte) {
  const std::string wire = two_parts();
  AwsEventStreamDecoder d;
  std::string out;
  for (char c : wire) ASSERT_EQ(d.feed(std::string_view(&c, 1), out), Status::ok);
  EXPECT_EQ(out, "data: {\"a\":1}\n\ndata: [DONE]\n\n");
}

TEST(AwsEventStream, OtherEventsCarryNoReplyBytes) {
  std::string wire;
  append_aws_event_stream_message(wire, {{":event-type", "Metadata"}, {":message-type", "event"}}, "ignored");
  append_aws_payload_part(wire, "x");
  AwsEventStreamDecoder d;
  std::string out;
  EXPECT_EQ(d.feed(wire, out), Status::ok);
  EXPECT_EQ(out, "x");
}

TEST(AwsEventStream, ExceptionMessageStopsWithItsTypeAndMessage) {
  std::string wire;
  append_aws_payload_part(wire, "data: 1\n\n");
  append_aws_event_stream_message(
      wire, {{":exception-type", "ModelStreamError"}, {":message-type", "exception"}},
      R"({"Message":"model crashed","ErrorCode":"500"})");
  AwsEventStreamDecoder d;
  std::string out;
  EXPECT_EQ(d.feed(wire, out), Status::exception);
  EXPECT_EQ(d.error_type(), "ModelStreamError");
  EXPECT_EQ(d.error_message(), "model crashed");
  EXPECT_EQ(out, "data: 1\n\n");
}

TEST(AwsEventStream, CorruptedByteIsABadFrame) {
  std::string wire = two_parts();
  wire[20] ^= 1;  // inside the first message's headers
  AwsEventStreamDecoder d;
  std::string out;
  EXPECT_EQ(d.feed(wire, out), Status::bad_frame);
  EXPECT_EQ(d.error_type(), "ProtocolError");
  EXPECT_NE(d.error_message().find("CRC"), std::string::npos);
}

TEST(AwsEventStream, CorruptedPreludeIsABadFrame) {
  std::string wire = two_parts();
  wire[3] ^= 4;
  AwsEventStreamDecoder d;
  std::string out;
  EXPECT_EQ(d.feed(wire, out), Status::bad_frame);
  EXPECT_NE(d.error_message().find("prelude"), std::string::npos);
}

TEST(AwsEventStream, TruncatedStreamIsABadFrameAtFinish) {
  std::string wire = two_parts();
  wire.pop_back();
  AwsEventStreamDecoder d;
  std::string out;
  EXPECT_EQ(d.feed(wire, out), Status::ok);
  EXPECT_EQ(d.finish(), Status::bad_frame);
}

}  // namespace
}  // namespace aiperf
