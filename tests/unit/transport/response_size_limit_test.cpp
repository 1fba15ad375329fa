#include "transport/response_size_limit.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include <boost/beast/http/error.hpp>

#include "config/env_settings.h"
#include "config/profile_config.h"
#include "endpoints/response_parser.h"
#include "transport/response_reader.h"

namespace aiperf {
namespace {

struct EnvGuard {
  explicit EnvGuard(const char* value) {
    if (value) setenv("AIPERF_HTTP_MAX_RESPONSE_BYTES", value, 1);
    else unsetenv("AIPERF_HTTP_MAX_RESPONSE_BYTES");
    load_env_settings();
  }
  ~EnvGuard() {
    unsetenv("AIPERF_HTTP_MAX_RESPONSE_BYTES");
    load_env_settings();
  }
};

TEST(MaxResponseBytes, DefaultsWhenUnsetOrEmpty) {
  {
    EnvGuard g(nullptr);
    EXPECT_EQ(max_response_bytes_from_env(), kDefaultMaxResponseBytes);
  }
  EnvGuard g("");
  EXPECT_EQ(max_response_bytes_from_env(), kDefaultMaxResponseBytes);
}

TEST(MaxResponseBytes, ReadsWholeBytesUpToTheOffsetLimit) {
  {
    EnvGuard g("4096");
    EXPECT_EQ(max_response_bytes_from_env(), 4096u);
  }
  EnvGuard g("4294967295");
  EXPECT_EQ(max_response_bytes_from_env(), 4294967295u);
}

// Feeds everything in one read at t=10 and returns the parser's verdict.
boost::beast::error_code feed_all(ResponseReader& reader, const std::string& wire) {
  boost::beast::error_code ec;
  size_t used = 0;
  while (used < wire.size() && !reader.done()) {
    size_t n = reader.feed(std::string_view(wire).substr(used), 10, ec);
    used += n;
    if (ec || n == 0) break;
  }
  return ec;
}

TEST(MaxResponseBytes, OverLimitStreamIsAnErrorRecordKeepingCompleteMessages) {
  const std::string event = "data: {\"choices\":[{\"text\":\"a\"}]}\n\n";  // 34 bytes
  const std::string chunk = "22\r\n" + event + "\r\n";
  const std::string wire = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n" +
                           chunk + chunk + "0\r\n\r\n";
  ASSERT_EQ(event.size(), 0x22u);
  RawRecord rec;
  rec.start_ns = 1;
  ResponseReader reader(rec, 50);
  EXPECT_EQ(feed_all(reader, wire), boost::beast::http::error::body_limit);
  ASSERT_TRUE(rec.error);
  EXPECT_EQ(rec.error->type, "ResponseTooLargeError");
  EXPECT_EQ(rec.error->message, "response body exceeded AIPERF_HTTP_MAX_RESPONSE_BYTES (50 bytes)");
  EXPECT_FALSE(rec.error->code);
  EXPECT_EQ(rec.body.size(), event.size());  // nothing past the limit is kept
  EXPECT_EQ(rec.chunks.size(), 1u);
  rec.end_ns = 10;
  ProfileConfig config;
  config.endpoint_type = EndpointType::completions;
  EXPECT_EQ(parse_record(config.endpoint_type, rec).error->type, "ResponseTooLargeError");
}

TEST(MaxResponseBytes, BodyExactlyAtTheLimitIsFine) {
  const std::string body = R"({"choices":[{"text":"ok"}]})";
  const std::string wire = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                           std::to_string(body.size()) + "\r\n\r\n" + body;
  RawRecord rec;
  ResponseReader reader(rec, body.size());
  EXPECT_FALSE(feed_all(reader, wire));
  EXPECT_TRUE(reader.done());
  EXPECT_FALSE(rec.error);
}

}  // namespace
}  // namespace aiperf
