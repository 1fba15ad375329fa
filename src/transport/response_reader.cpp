#include "transport/response_reader.h"

#include <limits>
#include <strings.h>

namespace aiperf {

namespace http = boost::beast::http;

ResponseReader::ResponseReader(RawRecord& record) : record_(record) {
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
    record_.event_stream = value.size() >= kEventStream.size() &&
                           strncasecmp(value.data(), kEventStream.data(), kEventStream.size()) == 0;
  }
}

void ResponseReader::on_header_impl(boost::beast::error_code&) { record_.ack_ns = read_ns_; }

void ResponseReader::on_body_init_impl(boost::optional<std::uint64_t> const& content_length,
                                       boost::beast::error_code&) {
  if (content_length && *content_length < (64u << 20)) record_.body.reserve(*content_length);
}

size_t ResponseReader::on_body_impl(boost::beast::string_view body, boost::beast::error_code&) {
  append_body(std::string_view(body.data(), body.size()));
  return body.size();
}

void ResponseReader::on_chunk_header_impl(std::uint64_t, boost::beast::string_view,
                                          boost::beast::error_code&) {}

size_t ResponseReader::on_chunk_body_impl(std::uint64_t, boost::beast::string_view body,
                                          boost::beast::error_code&) {
  append_body(std::string_view(body.data(), body.size()));
  return body.size();
}

void ResponseReader::on_finish_impl(boost::beast::error_code&) {
  auto size = uint32_t(record_.body.size());
  if (record_.event_stream) {
    sse_.finish(size, record_.chunks);
  } else {
    // Non-streaming: one response, stamped when the whole body had arrived.
    record_.chunks.push_back({0, size, read_ns_});
  }
}

void ResponseReader::append_body(std::string_view data) {
  auto offset = uint32_t(record_.body.size());
  record_.body.append(data.data(), data.size());
  if (record_.event_stream) sse_.scan(data, offset, read_ns_, record_.chunks);
}

}  // namespace aiperf
