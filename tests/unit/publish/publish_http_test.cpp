#include "publish/publish_http.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(PublishHttp, SplitsUserInfoOffTheUrl) {
  std::string url = "http://alice:p%40ss@127.0.0.1:5000/prefix", user, password;
  ASSERT_TRUE(split_url_credentials(url, user, password));
  EXPECT_EQ(url, "http://127.0.0.1:5000/prefix");
  EXPECT_EQ(user, "alice");
  EXPECT_EQ(password, "p@ss");
  std::string plain = "http://127.0.0.1:5000/a@b";
  EXPECT_FALSE(split_url_credentials(plain, user, password));  // '@' in the path is not user-info
  EXPECT_EQ(plain, "http://127.0.0.1:5000/a@b");
}

TEST(PublishHttp, UrlEncodeKeepsUnreservedAndOptionallySlashes) {
  EXPECT_EQ(url_encode("my exp/1"), "my%20exp%2F1");
  EXPECT_EQ(url_encode("0/abc/artifacts/plots/a b.png", true), "0/abc/artifacts/plots/a%20b.png");
}

TEST(PublishHttp, BasicAuthHeader) { EXPECT_EQ(basic_auth_header("api", "key"), "Authorization: Basic YXBpOmtleQ=="); }

TEST(PublishHttp, FailedCallNamesTheStep) {
  HttpClient http;
  // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
  HttpCall call;
  call.url = "http://127.0.0.1:1/x";
  call.timeout_s = 5;
  try {
    call_or_throw(http, call, "runs/create");
    FAIL() << "expected a PublishError";
  } catch (const PublishError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with("runs/create: ")) << e.what();
  }
}

}  // namespace
}  // namespace aiperf
