#include "transport/endpoint_url.h"

#include <gtest/gtest.h>

#include "config/profile_config.h"

namespace aiperf {
namespace {

TEST(EndpointUrl, JoinsBaseAndEndpointPath) {
  auto u = resolve_endpoint_url("http://localhost:8000", "/v1/chat/completions");
  EXPECT_FALSE(u.tls);
  EXPECT_EQ(u.host, "localhost");
  EXPECT_EQ(u.port, 8000);
  EXPECT_EQ(u.path, "/v1/chat/completions");
  EXPECT_EQ(u.host_header, "localhost:8000");
}

TEST(EndpointUrl, DropsDuplicateV1) {
  EXPECT_EQ(resolve_endpoint_url("http://h:1/v1", "/v1/completions").path, "/v1/completions");
  EXPECT_EQ(resolve_endpoint_url("http://h:1/v1/", "v1/completions").path, "/v1/completions");
}

TEST(EndpointUrl, KeepsBaseAlreadyEndingInPath) {
  EXPECT_EQ(resolve_endpoint_url("http://h:1/v1/chat/completions", "/v1/chat/completions").path,
            "/v1/chat/completions");
}

TEST(EndpointUrl, EmptyEndpointLeavesBase) {
  EXPECT_EQ(resolve_endpoint_url("http://h:1/custom/path", "").path, "/custom/path");
  EXPECT_EQ(resolve_endpoint_url("http://h:1", "").path, "/");
}

TEST(EndpointUrl, PreservesQueryAndDefaultsPorts) {
  auto u = resolve_endpoint_url("https://example.test/base?api-version=1", "/v1/completions");
  EXPECT_TRUE(u.tls);
  EXPECT_EQ(u.port, 443);
  EXPECT_EQ(u.path, "/base/v1/completions?api-version=1");
  EXPECT_EQ(resolve_endpoint_url("http://h", "/x").port, 80);
}

TEST(EndpointUrl, Ipv6Literal) {
  auto u = resolve_endpoint_url("http://[::1]:9000", "/v1/models");
  EXPECT_EQ(u.host, "::1");
  EXPECT_EQ(u.port, 9000);
  EXPECT_EQ(u.host_header, "[::1]:9000");
}

TEST(EndpointUrl, RejectsBadInput) {
  EXPECT_THROW(resolve_endpoint_url("ftp://h", "/x"), ConfigError);
  EXPECT_THROW(resolve_endpoint_url("http://h:99999", "/x"), ConfigError);
  EXPECT_THROW(resolve_endpoint_url("http://:80", "/x"), ConfigError);
  EXPECT_THROW(resolve_endpoint_url("http://h:abc", "/x"), ConfigError);
}

}  // namespace
}  // namespace aiperf
