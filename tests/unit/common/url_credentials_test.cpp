#include "common/url_credentials.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(UrlCredentials, RedactKeepsTheRestOfEveryUrl) {
  EXPECT_EQ(redact_url_credentials("http://user:p@ss@h:8000/v1?q=a@b"), "http://<redacted>@h:8000/v1?q=a@b");
  EXPECT_EQ(redact_url_credentials("u:p@h:1,http://h2/metrics"), "<redacted>@h:1,http://h2/metrics");
  EXPECT_EQ(redact_url_credentials("http://h/path@x"), "http://h/path@x");  // '@' outside the authority
}

TEST(UrlCredentials, StripLeavesAUsableUrl) {
  EXPECT_EQ(strip_url_credentials("http://user:secret@127.0.0.1:9/v1"), "http://127.0.0.1:9/v1");
  EXPECT_EQ(strip_url_credentials("https://h:1/m"), "https://h:1/m");
}

}  // namespace
}  // namespace aiperf
