#include "transport/request_head.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(RequestHead, FormatsRequestLineHeadersAndLength) {
  EndpointUrl url{false, "127.0.0.1", 8000, "/v1/chat/completions", "127.0.0.1:8000"};
  RequestHeadOptions o;
  o.api_key = "sk-test";
  o.streaming = true;
  o.user_headers = {{"X-Custom", "1"}, {"Accept", "text/plain"}};
  RequestHead head(url, o);
  std::string out;
  head.format(out, "rid", "cid", 42);
  EXPECT_EQ(out,
            "POST /v1/chat/completions HTTP/1.1\r\n"
            "Host: 127.0.0.1:8000\r\n"
            "User-Agent: aiperf/" AIPERF_VERSION "\r\n"
            "Authorization: Bearer sk-test\r\n"
            "X-Custom: 1\r\n"
            "Accept: text/event-stream\r\n"
            "Content-Type: application/json\r\n"
            "X-Request-ID: rid\r\n"
            "X-Correlation-ID: cid\r\n"
            "Content-Length: 42\r\n\r\n");
}

TEST(RequestHead, RedactedHeadersHideCredentials) {
  EndpointUrl url{false, "h", 1, "/p", "h:1"};
  RequestHeadOptions o;
  o.api_key = "sk-secret";
  o.user_headers = {{"X-Api-Key", "k2"}, {"X-Tenant", "t"}};
  RequestHead head(url, o);
  std::vector<std::pair<std::string, std::string>> expected{
      {"Host", "h:1"},         {"User-Agent", "aiperf/" AIPERF_VERSION},
      {"Authorization", "<redacted>"}, {"X-Api-Key", "<redacted>"},
      {"X-Tenant", "t"},       {"Accept", "application/json"},
      {"Content-Type", "application/json"}};
  EXPECT_EQ(head.redacted_headers(), expected);
  EXPECT_NE(head.fixed_part().find("Authorization: Bearer sk-secret\r\n"), std::string::npos);
}

TEST(RequestHead, UserHostAndAuthorizationWin) {
  EndpointUrl url{false, "a", 1, "/p", "a:1"};
  RequestHeadOptions o;
  o.api_key = "k";
  o.user_headers = {{"host", "b"}, {"Authorization", "Basic x"}};
  RequestHead head(url, o);
  const std::string& fixed = head.fixed_part();
  EXPECT_EQ(fixed.find("Host: a:1"), std::string::npos);
  EXPECT_NE(fixed.find("host: b\r\n"), std::string::npos);
  EXPECT_EQ(fixed.find("Bearer"), std::string::npos);
  EXPECT_NE(fixed.find("Accept: application/json\r\n"), std::string::npos);
}

}  // namespace
}  // namespace aiperf
