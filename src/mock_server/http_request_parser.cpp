#include "mock_server/http_request_parser.h"

#include <boost/beast/core/string.hpp>

namespace aiperf::mock {

namespace http = boost::beast::http;

HttpRequestParser::HttpRequestParser(HttpRequest& req, bool keep_all_headers)
    : req_(req), keep_all_headers_(keep_all_headers) {
  req_.headers.clear();
  req_.method = http::verb::unknown;
  req_.target.clear();
  req_.body.clear();
  req_.expect_continue = false;
  req_.accepts_event_stream = false;
  req_.correlation_id.clear();
  req_.session_headers.clear();
  req_.content_type.clear();
  req_.host.clear();
  req_.authorization = false;
  body_limit(kBodyLimit);
  header_limit(64 * 1024);
}

void HttpRequestParser::on_request_impl(http::verb method, string_view, string_view target, int,
                                        error_code&) {
  req_.method = method;
  req_.target.assign(target.data(), target.size());
}

void HttpRequestParser::on_response_impl(int, string_view, int, error_code&) {}

void HttpRequestParser::on_field_impl(http::field name, string_view name_string, string_view value,
                                      error_code&) {
  if (name == http::field::expect && boost::beast::iequals(value, "100-continue")) {
    req_.expect_continue = true;
  }
  if (name == http::field::accept && value.find("text/event-stream") != string_view::npos)
    req_.accepts_event_stream = true;
  if (name == http::field::host) req_.host.assign(value.data(), value.size());
  if (name == http::field::authorization) req_.authorization = true;
  if (keep_all_headers_) req_.headers.emplace_back(std::string(name_string), std::string(value));
  if (name == http::field::content_type) req_.content_type.assign(value.data(), value.size());
  if (boost::beast::iequals(name_string, "x-correlation-id")) req_.correlation_id.assign(value.data(), value.size());
  if (name_string.size() > 2 && (name_string[0] == 'x' || name_string[0] == 'X') && name_string[1] == '-' &&
      !boost::beast::iequals(name_string, "x-request-id")) {
    if (!req_.session_headers.empty()) req_.session_headers += '\n';
    req_.session_headers.append(name_string.data(), name_string.size());
    req_.session_headers += ": ";
    req_.session_headers.append(value.data(), value.size());
  }
}

void HttpRequestParser::on_header_impl(error_code&) {}

void HttpRequestParser::on_body_init_impl(boost::optional<uint64_t> const& content_length, error_code&) {
  if (content_length) req_.body.reserve(static_cast<size_t>(*content_length));
}

size_t HttpRequestParser::on_body_impl(string_view body, error_code&) {
  req_.body.append(body.data(), body.size());
  return body.size();
}

void HttpRequestParser::on_chunk_header_impl(uint64_t, string_view, error_code&) {}

size_t HttpRequestParser::on_chunk_body_impl(uint64_t, string_view body, error_code&) {
  req_.body.append(body.data(), body.size());
  return body.size();
}

void HttpRequestParser::on_finish_impl(error_code&) {}

}  // namespace aiperf::mock
