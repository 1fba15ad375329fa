#include "transport/response_reader.h"

#include <limits>
#include <strings.h>

#include <boost/beast/http/error.hpp>

#include "records/body_buffer.h"

namespace aiperf {

namespace http = boost::beast::http;

ResponseReader::MessageParser::MessageParser(ResponseReader& reader) : reader_(reader) {
  eager(true);  // deliver body bytes in the same feed() that completes the header
  body_limit(std::numeric_limits<std::uint64_t>::max());
  header_limit(64 * 1024);
}

void ResponseReader::MessageParser::on_response_impl(int code, boost::beast::string_view reason, int,
                                                     boost::beast::error_code& ec) {
  reader_.on_status(code, std::string_view(reason.data(), reason.size()), ec);
}

void ResponseReader::MessageParser::on_field_impl(http::field name, boost::beast::string_view,
                                                  boost::beast::string_view value, boost::beast::error_code&) {
  if (name == http::field::content_type) reader_.on_content_type(std::string_view(value.data(), value.size()));
}

void ResponseReader::MessageParser::on_header_impl(boost::beast::error_code&) { reader_.on_header(); }

void ResponseReader::MessageParser::on_body_init_impl(boost::optional<std::uint64_t> const& content_length,
                                                      boost::beast::error_code&) {
  reader_.on_body_init(content_length);
}

size_t ResponseReader::MessageParser::on_body_impl(boost::beast::string_view body, boost::beast::error_code& ec) {
  reader_.append_body(std::string_view(body.data(), body.size()), ec);
  return body.size();
}

size_t ResponseReader::MessageParser::on_chunk_body_impl(std::uint64_t, boost::beast::string_view body,
                                                         boost::beast::error_code& ec) {
  reader_.append_body(std::string_view(body.data(), body.size()), ec);
  return body.size();
}

void ResponseReader::MessageParser::on_finish_impl(boost::beast::error_code& ec) { reader_.on_finish(ec); }

ResponseReader::ResponseReader(RawRecord& record, uint64_t max_body_bytes)
    : record_(record), max_body_bytes_(max_body_bytes) {
  parser_.emplace(*this);
}

size_t ResponseReader::feed(std::string_view data, int64_t read_ns, boost::beast::error_code& ec) {
  read_ns_ = read_ns;
  const size_t used = parser_->put(boost::asio::const_buffer(data.data(), data.size()), ec);
  if (!ec && interim_ && parser_->is_done()) {
    // The final response follows. Its first byte, not the interim's, is the response's first
    // byte: in this read when bytes are left over, else in a later one (HttpTrace::on_read).
    interim_ = false;
    ++interim_responses_;
    parser_.emplace(*this);
    record_.trace.receive_start_ns = used < data.size() ? read_ns : 0;
  }
  return used;
}

void ResponseReader::feed_eof(int64_t read_ns, boost::beast::error_code& ec) {
  read_ns_ = read_ns;
  // Beast asserts that some bytes came before the end of the stream (and would complete an empty
  // read-until-close body from nothing): a peer that closed before sending any left an incomplete
  // message, as one that closed inside the header did.
  if (!parser_->got_some()) {
    ec = http::error::partial_message;
    return;
  }
  parser_->put_eof(ec);
}

void ResponseReader::on_status(int code, std::string_view reason, boost::beast::error_code& ec) {
  if (code / 100 == 1) {
    if (code == 101) {
      record_.error = ErrorDetails{std::nullopt, "ProtocolError",
                                   "unexpected 101 Switching Protocols: no protocol upgrade was requested"};
      ec = http::error::bad_status;
      return;
    }
    interim_ = true;  // nothing of it goes into the record
    return;
  }
  record_.http_status = code;
  record_.reason.assign(reason.data(), reason.size());
}

void ResponseReader::on_content_type(std::string_view value) {
  if (interim_) return;
  record_.content_type.assign(value.data(), value.size());
  static constexpr std::string_view kEventStream = "text/event-stream";
  static constexpr std::string_view kAwsEventStream = "application/vnd.amazon.eventstream";
  auto starts = [&value](std::string_view prefix) {
    return value.size() >= prefix.size() && strncasecmp(value.data(), prefix.data(), prefix.size()) == 0;
  };
  aws_event_stream_ = starts(kAwsEventStream);
  record_.event_stream = starts(kEventStream) || aws_event_stream_;
}

void ResponseReader::on_header() {
  if (!interim_) record_.ack_ns = read_ns_;
}

void ResponseReader::on_body_init(boost::optional<std::uint64_t> const& content_length) {
  if (content_length && *content_length < (64u << 20)) record_.body.reserve(*content_length + kParsePadding);
}

void ResponseReader::on_finish(boost::beast::error_code& ec) {
  if (interim_) return;
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
