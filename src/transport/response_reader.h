#pragma once
// Incremental HTTP/1.1 response parsing for one request: the transport feeds it the bytes
// of each socket read together with the time that read completed; it fills the RawRecord
// (status, headers we need, de-chunked body, SSE message stamps). Parsing is Beast's.
// An AWS event-stream body (SageMaker's response stream) is unwrapped as it arrives: the body
// keeps only the PayloadPart bytes, which carry the model's own SSE stream.
#include <cstdint>
#include <optional>
#include <string_view>

#include <boost/beast/http/basic_parser.hpp>

#include "common/aws_event_stream.h"
#include "records/raw_record.h"
#include "transport/response_size_limit.h"
#include "transport/sse_scanner.h"

namespace aiperf {

// RFC 9110 §15.2: interim 1xx responses (100 Continue, 103 Early Hints) come before the final
// response on the same connection and are skipped, so the record (status, headers, ack_ns, the
// trace's receive_start_ns) describes the final response only. 101 Switching Protocols is an
// error: no request asks for an upgrade.
class ResponseReader {
 public:
  // A body longer than `max_body_bytes` (de-chunked) stops the read with a
  // ResponseTooLargeError in the record; the complete SSE messages before it are kept.
  explicit ResponseReader(RawRecord& record, uint64_t max_body_bytes = kDefaultMaxResponseBytes);

  // Feeds bytes read at `read_ns`. Returns how many were consumed; unconsumed bytes
  // (an incomplete header) must be offered again with more data appended.
  size_t feed(std::string_view data, int64_t read_ns, boost::beast::error_code& ec);
  // The peer closed the connection: completes a read-until-close body. Before any byte of
  // the final response that is a partial message (the server disconnected), never a response.
  void feed_eof(int64_t read_ns, boost::beast::error_code& ec);

  bool done() const { return parser_->is_done(); }
  bool header_done() const { return parser_->is_header_done(); }
  // Server said "Connection: close" (or HTTP/1.0 without keep-alive).
  bool must_close() const { return !parser_->keep_alive(); }
  // Interim (1xx) responses skipped so far.
  uint32_t interim_responses() const { return interim_responses_; }

 private:
  // Beast's parser for one response message, its callbacks handed to the reader. Beast parsers
  // cannot be reused, so each response head after an interim one gets a new one.
  class MessageParser final : public boost::beast::http::basic_parser<false> {
   public:
    explicit MessageParser(ResponseReader& reader);

   private:
    void on_request_impl(boost::beast::http::verb, boost::beast::string_view, boost::beast::string_view, int,
                         boost::beast::error_code&) override {}
    void on_response_impl(int code, boost::beast::string_view reason, int version,
                          boost::beast::error_code& ec) override;
    void on_field_impl(boost::beast::http::field name, boost::beast::string_view name_string,
                       boost::beast::string_view value, boost::beast::error_code& ec) override;
    void on_header_impl(boost::beast::error_code& ec) override;
    void on_body_init_impl(boost::optional<std::uint64_t> const& content_length,
                           boost::beast::error_code& ec) override;
    size_t on_body_impl(boost::beast::string_view body, boost::beast::error_code& ec) override;
    void on_chunk_header_impl(std::uint64_t, boost::beast::string_view, boost::beast::error_code&) override {}
    size_t on_chunk_body_impl(std::uint64_t remain, boost::beast::string_view body,
                              boost::beast::error_code& ec) override;
    void on_finish_impl(boost::beast::error_code& ec) override;

    ResponseReader& reader_;
  };

  void on_status(int code, std::string_view reason, boost::beast::error_code& ec);
  void on_content_type(std::string_view value);
  void on_header();
  void on_body_init(boost::optional<std::uint64_t> const& content_length);
  void on_finish(boost::beast::error_code& ec);
  void append_body(std::string_view data, boost::beast::error_code& ec);
  void fail_event_stream(AwsEventStreamDecoder::Status status, boost::beast::error_code& ec);

  RawRecord& record_;
  std::optional<MessageParser> parser_;
  bool interim_ = false;  // the head being parsed is a 1xx
  uint32_t interim_responses_ = 0;
  SseScanner sse_;
  bool aws_event_stream_ = false;  // Content-Type application/vnd.amazon.eventstream
  AwsEventStreamDecoder aws_;
  int64_t read_ns_ = 0;
  uint64_t max_body_bytes_;
  uint64_t body_received_ = 0;  // de-chunked body bytes, before any AWS unwrapping
};

// Feeds one read's bytes to `reader` (a ResponseReader, or any reader with the same feed/done)
// until the response is done, the bytes run out (an incomplete header waits for more: need_more
// is not an error) or an error. Returns how many bytes were consumed; the rest is kept for the
// next read.
template <class Reader>
size_t feed_read(Reader& reader, std::string_view data, int64_t read_ns, boost::beast::error_code& ec) {
  size_t used = 0;
  while (used < data.size() && !reader.done()) {
    const size_t k = reader.feed(data.substr(used), read_ns, ec);
    used += k;
    if (ec == boost::beast::http::error::need_more) {
      ec = {};
      break;
    }
    if (ec || k == 0) break;
  }
  return used;
}

}  // namespace aiperf
