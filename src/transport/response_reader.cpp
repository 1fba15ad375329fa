#include "transport/response_reader.h"

#include <limits>
#include <strings.h>

#include <boost/beast/http/error.hpp>

#include "records/body_buffer.h"

namespace aiperf {

namespace http = boost::beast::http;

ResponseReader::ResponseReader(RawRecord& record, uint64_t max_body_bytes)
    : record_(record), max_body_bytes_(max_body_bytes) {
  eager(true);  // deliver body bytes in the same feed() that completes the header
  body_limit(std::numeric_limits<std::uint64_t>::max());
  header_limit(64 * 1024);
}

size_t ResponseReader::feed(std::string_view data, int64_t read_ns, boost::beast::error_code& ec) {
  read_ns_ = read_ns;
  return put(boost::asio::const_buffer(data.data(), data.size()), ec);
}

void ResponseReader::feed_eof(int64_t read_ns, boost::beast::error_code& ec) {
  read_ns_ = read_ns;
  put_eof(ec);
}

void ResponseReader::on_response_impl(int code, boost::beast::string_view reason, int,
                                      boost::beast::error_code&) {
  record_.http_status = code;
  record_.reason.assign(reason.data(), reason.size());
}

void ResponseReader::on_field_impl(http::field name, boost::beast::string_view, boost::beast::string_view value,
                                   boost::beast::error_code&) {
  if (name == http::field::content_type) {
    record_.content_type.assign(value.data(), value.size());
    static constexpr std::string_view kEventStream = "text/event-stream";
    static constexpr std::string_view kAwsEventStream = "application/vnd.amazon.eventstream";
    auto starts = [&value](std::string_view prefix) {
      return value.size() >= prefix.size() && strncasecmp(value.data(), prefix.data(), prefix.size()) == 0;
    };
    aws_event_stream_ = starts(kAwsEventStream);
    record_.event_stream = starts(kEventStream) || aws_event_stream_;
  }
}

void ResponseReader::on_header_impl(boost::beast::error_code&) { record_.ack_ns = read_ns_; }

void ResponseReader::on_body_init_impl(boost::optional<std::uint64_t> const& content_length,
                                       boost::beast::error_code&) {
  if (content_length && *content_length < (64u << 20)) record_.body.reserve(*content_length + kParsePadding);
}

size_t ResponseReader::on_body_impl(boost::beast::string_view body, boost::beast::error_code& ec) {
  append_body(std::string_view(body.data(), body.size()), ec);
  return body.size();
}

void ResponseReader::on_chunk_header_impl(std::uint64_t, boost::beast::string_view,
                                          boost::beast::error_code&) {}

size_t ResponseReader::on_chunk_body_impl(std::uint64_t, boost::beast::string_view body,
                                          boost::beast::error_code& ec) {
  append_body(std::string_view(body.data(), body.size()), ec);
  return body.size();
}

void ResponseReader::on_finish_impl(boost::beast::error_code& ec) {
  if (aws_event_stream_)
    if (auto status = aws_.finish(); status != AwsEventStreamDecoder::Status::ok) return fail_event_stream(status, ec);
  auto size = uint32_t(record_.body.size());
  if (record_.event_stream) {
    sse_.finish(size, read_ns_, record_.chunks);
  } else {
    // Non-streaming: one response, stamped when the whole body had arrived.
    record_.chunks.push_back({0, size, read_ns_});
  }
}

void ResponseReader::append_body(std::string_view data, boost::beast::error_code& ec) {
  body_received_ += data.size();
  if (body_received_ > max_body_bytes_) {
    // Nothing past the limit is kept; the messages already complete stay in the record.
    record_.error = ErrorDetails{std::nullopt, "ResponseTooLargeError",
                                 "response body exceeded AIPERF_HTTP_MAX_RESPONSE_BYTES (" +
                                     std::to_string(max_body_bytes_) + " bytes)"};
    ec = http::error::body_limit;
    return;
  }
  auto offset = uint32_t(record_.body.size());
  if (aws_event_stream_) {
    const AwsEventStreamDecoder::Status status = aws_.feed(data, record_.body);
    // What decoded before a failure still counts: its messages arrived.
    sse_.scan(std::string_view(record_.body).substr(offset), offset, read_ns_, record_.chunks);
    if (status != AwsEventStreamDecoder::Status::ok) fail_event_stream(status, ec);
    return;
  }
  record_.body.append(data.data(), data.size());
  if (record_.event_stream) sse_.scan(data, offset, read_ns_, record_.chunks);
}

// The stream is over: an exception event is the model's error (502, as an SSE error event
// would be, §7.4); a broken frame is a protocol error. Parsing stops either way.
void ResponseReader::fail_event_stream(AwsEventStreamDecoder::Status status, boost::beast::error_code& ec) {
  sse_.finish(uint32_t(record_.body.size()), read_ns_, record_.chunks);
  if (status == AwsEventStreamDecoder::Status::exception)
    record_.error = ErrorDetails{502, aws_.error_type(), aws_.error_message()};
  else
    record_.error = ErrorDetails{std::nullopt, "ProtocolError", "invalid AWS event stream: " + aws_.error_message()};
  ec = boost::beast::http::error::bad_chunk;  // any error stops Beast; the record says what it was
}

}  // namespace aiperf
