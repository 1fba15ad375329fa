#include "transport/request_head.h"
#include "config/env_settings.h"

#include <cstdlib>
#include <stdexcept>

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
            "X-Session-Affinity: cid\r\n"
            "Content-Length: 42\r\n\r\n");
}

// A multipart run names its boundary; a user's -H Content-Type cannot replace it.
TEST(RequestHead, MultipartContentTypeReplacesJson) {
  EndpointUrl url{false, "h", 1, "/v1/audio/transcriptions", "h:1"};
  RequestHeadOptions o;
  o.user_headers = {{"content-type", "application/json"}};
  o.content_type = "multipart/form-data; boundary=aiperf-boundary-0123";
  RequestHead head(url, o);
  std::string out;
  head.format(out, "rid", "cid", 3);
  EXPECT_NE(out.find("\r\nContent-Type: multipart/form-data; boundary=aiperf-boundary-0123\r\n"), std::string::npos)
      << out;
  EXPECT_EQ(out.find("application/json\r\nX-Request-ID"), std::string::npos) << out;
  EXPECT_EQ(out.find("content-type"), std::string::npos) << out;
}

// §5.3: the session header is renamable; derived headers follow it, after user variants of
// any of those names (in any case) are dropped, so none is ever sent twice.
TEST(RequestHead, AffinityHeadersWrittenLastWithoutUserDuplicates) {
  EndpointUrl url{false, "h", 1, "/p", "h:1"};
  RequestHeadOptions o;
  o.user_headers = {{"x-session-affinity", "mine"}, {"X-SESSION-ID", "mine"}, {"my-session", "mine"},
                    {"X-Dynamo-Session-ID", "kept"}, {"X-Tenant", "t"}};
  o.affinity.session_header = "My-Session";
  o.affinity.smg_routing_key = true;
  o.affinity.session_id = true;
  RequestHead head(url, o);
  std::string out;
  head.format(out, "rid", "conv-1", 7);
  EXPECT_EQ(out,
            "POST /p HTTP/1.1\r\n"
            "Host: h:1\r\n"
            "User-Agent: aiperf/" AIPERF_VERSION "\r\n"
            "X-Dynamo-Session-ID: kept\r\n"
            "X-Tenant: t\r\n"
            "Accept: application/json\r\n"
            "Content-Type: application/json\r\n"
            "X-Request-ID: rid\r\n"
            "My-Session: conv-1\r\n"
            "X-Session-Affinity: conv-1\r\n"
            "X-SMG-Routing-Key: conv-1\r\n"
            "X-Session-ID: conv-1\r\n"
            "Content-Length: 7\r\n\r\n");
  std::vector<std::string> names{"My-Session", "X-Session-Affinity", "X-SMG-Routing-Key", "X-Session-ID"};
  EXPECT_EQ(head.correlation_headers(), names);
}

TEST(RequestHead, AffinityOffKeepsUsersHeaderAndAllDerivedOn) {
  EndpointUrl url{false, "h", 1, "/p", "h:1"};
  RequestHeadOptions o;
  o.user_headers = {{"X-Session-Affinity", "mine"}};
  o.affinity.session_affinity = false;
  o.affinity.dynamo_session_id = true;
  RequestHead head(url, o);
  std::string out;
  head.format(out, "r", "c", 0);
  EXPECT_NE(out.find("X-Session-Affinity: mine\r\n"), std::string::npos);
  EXPECT_EQ(out.find("X-Session-Affinity: c"), std::string::npos);
  EXPECT_NE(out.find("X-Request-ID: r\r\nX-Correlation-ID: c\r\nX-Dynamo-Session-ID: c\r\nContent-Length: 0"),
            std::string::npos);
}

TEST(AffinityHeaders, EnvSwitches) {
  setenv("AIPERF_HTTP_X_SESSION_AFFINITY_FROM_CORRELATION_ID", "0", 1);
  setenv("AIPERF_HTTP_X_DYNAMO_SESSION_ID_FROM_CORRELATION_ID", "true", 1);
  setenv("AIPERF_HTTP_X_SMG_ROUTING_KEY_FROM_CORRELATION_ID", "ON", 1);
  setenv("AIPERF_HTTP_X_SESSION_ID_FROM_CORRELATION_ID", "1", 1);
  load_env_settings();
  AffinityHeaders h = affinity_headers_from_env("X-Corr");
  EXPECT_EQ(h.names(), (std::vector<std::string>{"X-Corr", "X-Dynamo-Session-ID", "X-SMG-Routing-Key", "X-Session-ID"}));
  for (const char* n : {"AIPERF_HTTP_X_SESSION_AFFINITY_FROM_CORRELATION_ID", "AIPERF_HTTP_X_DYNAMO_SESSION_ID_FROM_CORRELATION_ID",
                        "AIPERF_HTTP_X_SMG_ROUTING_KEY_FROM_CORRELATION_ID", "AIPERF_HTTP_X_SESSION_ID_FROM_CORRELATION_ID"})
    unsetenv(n);
  load_env_settings();
  EXPECT_EQ(affinity_headers_from_env("X-Correlation-ID").names(),
            (std::vector<std::string>{"X-Correlation-ID", "X-Session-Affinity"}));
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

// Every credential-looking header is redacted in what the raw export writes, not only the three
// auth headers: cookies, proxy credentials, tokens, session ids.
TEST(RequestHead, RedactsEveryCredentialHeader) {
  EndpointUrl url{false, "a", 1, "/p", "a:1"};
  RequestHeadOptions o;
  o.api_key = "sk";
  o.user_headers = {{"Cookie", "a=1"},          {"Proxy-Authorization", "Basic p"}, {"X-Auth-Token", "t"},
                    {"X-Amz-Security-Token", "s"}, {"X-Session-Id", "s1"},        {"X-Client-Secret", "c"},
                    {"X-Tenant", "bench"}};
  RequestHead head(url, o);
  for (const auto& [name, value] : head.redacted_headers()) {
    const bool shown = name == "Host" || name == "User-Agent" || name == "X-Tenant" || name == "Accept" ||
                       name == "Content-Type";
    EXPECT_EQ(value == "<redacted>", !shown) << name << ": " << value;
  }
}

}  // namespace
}  // namespace aiperf
