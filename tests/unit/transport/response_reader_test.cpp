#include "transport/response_reader.h"

#include <gtest/gtest.h>

#include <boost/beast/http/error.hpp>

#include "common/aws_event_stream.h"

namespace aiperf {
namespace {

// Feeds `parts` as successive socket reads stamped 1, 2, 3, ... the way the worker does:
// unconsumed bytes are kept and offered again with the next read. With `traced`, each read is
// first counted into that record's HTTP trace, as the worker does before parsing.
bool feed_reads(ResponseReader& reader, const std::vector<std::string>& parts, RawRecord* traced = nullptr) {
  std::string pending;
  int64_t t = 0;
  for (const auto& part : parts) {
    pending += part;
    ++t;
    if (traced) traced->trace.on_read(part.size(), t);
    size_t used = 0;
    while (used < pending.size() && !reader.done()) {
      boost::beast::error_code ec;
      size_t k = reader.feed(std::string_view(pending).substr(used), t, ec);
      used += k;
      if (ec == boost::beast::http::error::need_more) break;
      if (ec) return false;
      if (k == 0) break;
    }
    pending.erase(0, used);
  }
  return reader.done();
}

// RFC 9110 §15.2: 1xx responses are interim; the final response is the request's reply. Its
// head, not the interim one's, stamps ack_ns and the first response byte.
TEST(ResponseReader, InterimResponsesAreSkippedUntilTheFinalOne) {
  RawRecord rec;
  ResponseReader reader(rec);
  ASSERT_TRUE(feed_reads(reader,
                         {
                             "HTTP/1.1 100 Continue\r\n\r\n",
                             "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n"
                             "Content-Type: text/html\r\n\r\n",
                             "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                             "Transfer-Encoding: chunked\r\n\r\n",
                             "b\r\ndata: one\n\n\r\n0\r\n\r\n",
                         },
                         &rec));
  EXPECT_EQ(rec.http_status, 200);
  EXPECT_EQ(rec.reason, "OK");
  EXPECT_TRUE(rec.event_stream);
  EXPECT_EQ(rec.content_type, "text/event-stream");
  EXPECT_EQ(rec.ack_ns, 3);
  EXPECT_EQ(rec.trace.receive_start_ns, 3);  // the final response's first byte
  EXPECT_EQ(rec.trace.receive_end_ns, 4);
  EXPECT_EQ(reader.interim_responses(), 2u);
  ASSERT_EQ(rec.chunks.size(), 1u);
  EXPECT_EQ(rec.body, "data: one\n\n");
  EXPECT_FALSE(reader.must_close());
}

// Interim and final heads in one read (one packet): the final head starts in that read.
TEST(ResponseReader, InterimAndFinalResponseInOneRead) {
  RawRecord rec;
  ResponseReader reader(rec);
  ASSERT_TRUE(feed_reads(reader, {"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}"},
                         &rec));
  EXPECT_EQ(rec.http_status, 201);
  EXPECT_EQ(rec.ack_ns, 1);
  EXPECT_EQ(rec.trace.receive_start_ns, 1);
  EXPECT_EQ(rec.body, "{}");
  ASSERT_EQ(rec.chunks.size(), 1u);  // one response: the interim one added no chunk
}

// A 101 answers an upgrade no request asked for: a protocol error, not a response.
TEST(ResponseReader, SwitchingProtocolsIsAnError) {
  RawRecord rec;
  ResponseReader reader(rec);
  EXPECT_FALSE(feed_reads(reader, {"HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n"}));
  ASSERT_TRUE(rec.error);
  EXPECT_EQ(rec.error->type, "ProtocolError");
  EXPECT_NE(rec.http_status, 101);
}

// A clean close (FIN) before any byte is a disconnect, never an empty response (Beast would
// complete a read-until-close body made of nothing).
TEST(ResponseReader, EofBeforeAnyByteIsAPartialMessage) {
  RawRecord rec;
  ResponseReader reader(rec);
  boost::beast::error_code ec;
  reader.feed_eof(5, ec);
  EXPECT_EQ(ec, boost::beast::http::error::partial_message);
  EXPECT_FALSE(reader.done());
  EXPECT_TRUE(rec.chunks.empty());
}

TEST(ResponseReader, EofAfterAnInterimResponseIsAPartialMessage) {
  RawRecord rec;
  ResponseReader reader(rec);
  EXPECT_FALSE(feed_reads(reader, {"HTTP/1.1 100 Continue\r\n\r\n"}));
  boost::beast::error_code ec;
  reader.feed_eof(5, ec);
  EXPECT_EQ(ec, boost::beast::http::error::partial_message);
  EXPECT_FALSE(reader.done());
  EXPECT_EQ(rec.http_status, 0);
}

TEST(ResponseReader, ChunkedEventStreamIsSplitAndStamped) {
  RawRecord rec;
  ResponseReader reader(rec);
  ASSERT_TRUE(feed_reads(reader, {
                                     "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                                     "Transfer-Encoding: chunked\r\n\r\n",
                                     "b\r\ndata: one\n\n\r\n",
                                     "b\r\ndata: two\n\n\r\n",
                                     "e\r\ndata: [DONE]\n\n\r\n0\r\n\r\n",
                                 }));
  EXPECT_EQ(rec.http_status, 200);
  EXPECT_TRUE(rec.event_stream);
  EXPECT_EQ(rec.ack_ns, 1);
  ASSERT_EQ(rec.chunks.size(), 3u);
  EXPECT_EQ(rec.chunks[0].perf_ns, 2);
  EXPECT_EQ(rec.chunks[1].perf_ns, 3);
  EXPECT_EQ(rec.chunks[2].perf_ns, 4);
  EXPECT_EQ(rec.body.substr(rec.chunks[1].offset, rec.chunks[1].length), "data: two\n\n");
  EXPECT_FALSE(reader.must_close());
}

TEST(ResponseReader, HeaderSplitAcrossReads) {
  RawRecord rec;
  ResponseReader reader(rec);
  ASSERT_TRUE(feed_reads(reader, {"HTTP/1.1 200 OK\r\nContent-Le", "ngth: 2\r\n\r\n", "{}"}));
  EXPECT_EQ(rec.ack_ns, 2);
  EXPECT_FALSE(rec.event_stream);
  ASSERT_EQ(rec.chunks.size(), 1u);
  EXPECT_EQ(rec.chunks[0].perf_ns, 3);  // non-streaming: when the whole body had arrived
  EXPECT_EQ(rec.body, "{}");
}

TEST(ResponseReader, ErrorStatusAndConnectionClose) {
  RawRecord rec;
  ResponseReader reader(rec);
  ASSERT_TRUE(feed_reads(reader, {"HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\n"
                                  "Content-Length: 5\r\n\r\noops!"}));
  EXPECT_EQ(rec.http_status, 500);
  EXPECT_EQ(rec.reason, "Internal Server Error");
  EXPECT_EQ(rec.body, "oops!");
  EXPECT_TRUE(reader.must_close());
}

TEST(ResponseReader, BodyUntilEof) {
  RawRecord rec;
  ResponseReader reader(rec);
  EXPECT_FALSE(feed_reads(reader, {"HTTP/1.1 200 OK\r\n\r\nabc"}));
  boost::beast::error_code ec;
  reader.feed_eof(9, ec);
  EXPECT_FALSE(ec);
  EXPECT_TRUE(reader.done());
  EXPECT_EQ(rec.body, "abc");
  EXPECT_EQ(rec.chunks.at(0).perf_ns, 9);
}

// SageMaker's response stream: the body keeps the PayloadPart bytes (the model's SSE), and each
// SSE message is stamped by the read that delivered it, even when a frame spans two reads.
TEST(ResponseReader, AwsEventStreamIsUnwrappedIntoSse) {
  std::string frames;
  append_aws_payload_part(frames, "data: one\n\n");
  append_aws_payload_part(frames, "data: two\n\ndata: [DONE]\n\n");
  const size_t cut = frames.size() - 18;  // mid-frame: "data: [DONE]\n\n" and the CRC come later
  RawRecord rec;
  ResponseReader reader(rec);
  ASSERT_TRUE(feed_reads(reader, {"HTTP/1.1 200 OK\r\nContent-Type: application/vnd.amazon.eventstream\r\n"
                                  "Content-Length: " + std::to_string(frames.size()) + "\r\n\r\n",
                                  frames.substr(0, cut), frames.substr(cut)}));
  EXPECT_TRUE(rec.event_stream);
  EXPECT_EQ(rec.body, "data: one\n\ndata: two\n\ndata: [DONE]\n\n");
  ASSERT_EQ(rec.chunks.size(), 3u);
  EXPECT_EQ(rec.chunks[0].perf_ns, 2);
  EXPECT_EQ(rec.chunks[1].perf_ns, 2);  // complete within the first body read
  EXPECT_EQ(rec.chunks[2].perf_ns, 3);
  EXPECT_FALSE(rec.error);
}

TEST(ResponseReader, AwsEventStreamExceptionBecomesTheRecordsError) {
  std::string frames;
  append_aws_payload_part(frames, "data: one\n\n");
  append_aws_event_stream_message(frames, {{":exception-type", "ModelStreamError"}, {":message-type", "exception"}},
                                  R"({"Message":"boom"})");
  RawRecord rec;
  ResponseReader reader(rec);
  EXPECT_FALSE(feed_reads(reader, {"HTTP/1.1 200 OK\r\nContent-Type: application/vnd.amazon.eventstream\r\n"
                                   "Content-Length: " + std::to_string(frames.size()) + "\r\n\r\n" + frames}));
  ASSERT_TRUE(rec.error);
  EXPECT_EQ(*rec.error, (ErrorDetails{502, "ModelStreamError", "boom"}));
  EXPECT_EQ(rec.chunks.size(), 1u);  // what arrived before the exception is kept
}

}  // namespace
}  // namespace aiperf
