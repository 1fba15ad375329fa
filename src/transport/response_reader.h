#pragma once
// Incremental HTTP/1.1 response parsing for one request: the transport feeds it the bytes
// of each socket read together with the time that read completed; it fills the RawRecord
// (status, headers we need, de-chunked body, SSE message stamps). Parsing is Beast's.
// An AWS event-stream body (SageMaker's response stream) is unwrapped as it arrives: the body
// keeps only the PayloadPart bytes, which carry the model's own SSE stream.
#include <cstdint>
#include <string_view>

#include <boost/beast/http/basic_parser.hpp>

#include "common/aws_event_stream.h"
#include "records/raw_record.h"
#include "transport/response_size_limit.h"
#include "transport/sse_scanner.h"

namespace aiperf {

class ResponseReader : public boost::beast::http::basic_parser<false> {
 public:
  // A body longer than `max_body_bytes` (de-chunked) stops the read with a
  // ResponseTooLargeError in the record; the complete SSE messages before it are kept.
  explicit ResponseReader(RawRecord& record, uint64_t max_body_bytes = kDefaultMaxResponseBytes);

  // Feeds bytes read at `read_ns`. Returns how many were consumed; unconsumed bytes
  // (an incomplete header) must be offered again with more data appended.
  size_t feed(std::string_view data, int64_t read_ns, boost::beast::error_code& ec);
  // The peer closed the connection: completes a read-until-close body.
  void feed_eof(int64_t read_ns, boost::beast::error_code& ec);

  bool done() const { return is_done(); }
  bool header_done() const { return is_header_done(); }
  // Server said "Connection: close" (or HTTP/1.0 without keep-alive).
  bool must_close() const { return !keep_alive(); }

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
  void on_chunk_header_impl(std::uint64_t size, boost::beast::string_view extensions,
                            boost::beast::error_code& ec) override;
  size_t on_chunk_body_impl(std::uint64_t remain, boost::beast::string_view body,
                            boost::beast::error_code& ec) override;
  void on_finish_impl(boost::beast::error_code& ec) override;

  void append_body(std::string_view data, boost::beast::error_code& ec);
  void fail_event_stream(AwsEventStreamDecoder::Status status, boost::beast::error_code& ec);

  RawRecord& record_;
  SseScanner sse_;
  bool aws_event_stream_ = false;  // Content-Type application/vnd.amazon.eventstream
  AwsEventStreamDecoder aws_;
  int64_t read_ns_ = 0;
  uint64_t max_body_bytes_;
  uint64_t body_received_ = 0;  // de-chunked body bytes, before any AWS unwrapping
};

}  // namespace aiperf
