// SigV4 pieces against AWS's published values: the Signature Version 4 test suite (credentials
// AKIDEXAMPLE, 20150830T123600Z, us-east-1, service "service") and the documented
// signing-key derivation example. Expected values are facts from those documents.
#include "common/sigv4.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

constexpr std::string_view kSecret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
constexpr std::string_view kEmptySha256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

// Signs one test-suite request that carries only Host and X-Amz-Date.
std::string suite_signature(std::string_view method, std::string_view path, std::string_view query,
                            std::string* canonical = nullptr, std::string* to_sign = nullptr) {
  SigV4Headers headers =
      sigv4_normalize_headers({{"Host", "example.amazonaws.com"}, {"X-Amz-Date", "20150830T123600Z"}});
  std::string creq = sigv4_canonical_request(method, sigv4_canonical_uri(path), sigv4_canonical_query(query),
                                             headers, kEmptySha256);
  std::string sts = sigv4_string_to_sign("20150830T123600Z", sigv4_scope("20150830", "us-east-1", "service"), creq);
  if (canonical) *canonical = creq;
  if (to_sign) *to_sign = sts;
  return sigv4_signature(sigv4_signing_key(kSecret, "20150830", "us-east-1", "service"), sts);
}

TEST(Sigv4, Sha256OfEmptyInput) { EXPECT_EQ(to_hex(sha256("")), kEmptySha256); }

// RFC 4231 test case 2 (a key shorter than the block) and 6 (a key longer than the block).
TEST(Sigv4, HmacSha256Rfc4231) {
  EXPECT_EQ(to_hex(hmac_sha256("Jefe", "what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  EXPECT_EQ(to_hex(hmac_sha256(std::string(131, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First")),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

TEST(Sigv4, HmacOfTwoPiecesEqualsHmacOfTheirConcatenation) {
  HmacSha256 key("some key");
  EXPECT_EQ(key.mac("hello ", "world"), key.mac("hello world"));
  EXPECT_EQ(key.mac("hello world"), hmac_sha256("some key", "hello world"));
}

TEST(Sigv4, DocumentedSigningKeyDerivation) {
  EXPECT_EQ(to_hex(sigv4_signing_key(kSecret, "20120215", "us-east-1", "iam")),
            "f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d");
}

TEST(Sigv4, GetVanilla) {
  std::string creq;
  EXPECT_EQ(suite_signature("GET", "/", "", &creq),
            "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
  EXPECT_EQ(creq, std::string("GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
                              "host;x-amz-date\n") + std::string(kEmptySha256));
  EXPECT_EQ(to_hex(sha256(creq)), "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63");
}

TEST(Sigv4, PostVanilla) {
  std::string sts;
  EXPECT_EQ(suite_signature("POST", "/", "", nullptr, &sts),
            "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b");
  EXPECT_EQ(sts, "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n"
                 "553f88c9e4d10fc9e109e2aeb65f030801b70c2f6468faca261d401ae622fc87");
}

TEST(Sigv4, GetVanillaQueryOrderKeyCase) {
  EXPECT_EQ(suite_signature("GET", "/", "Param2=value2&Param1=value1"),
            "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500");
}

TEST(Sigv4, PostVanillaQuery) {
  EXPECT_EQ(suite_signature("POST", "/", "Param1=value1"),
            "28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11");
}

TEST(Sigv4, CanonicalUriEncodesTheSentPathAgain) {
  EXPECT_EQ(sigv4_canonical_uri("/endpoints/my-ep/invocations"), "/endpoints/my-ep/invocations");
  EXPECT_EQ(sigv4_canonical_uri("/a%20b/c:d"), "/a%2520b/c%3Ad");
  EXPECT_EQ(sigv4_canonical_uri(""), "/");
}

TEST(Sigv4, CanonicalQuerySortsAndReencodes) {
  EXPECT_EQ(sigv4_canonical_query("b=2&a=x%20y&a=1&c"), "a=1&a=x%20y&b=2&c=");
  EXPECT_EQ(sigv4_canonical_query("k=a+b"), "k=a%2Bb");
  EXPECT_EQ(sigv4_canonical_query(""), "");
}

TEST(Sigv4, HeadersAreLowercasedTrimmedFoldedAndSorted) {
  SigV4Headers h = sigv4_normalize_headers({{"X-Amz-Date", " 1 "}, {"Host", "h"}, {"My-Header", "a   b  c"},
                                            {"my-header", "d"}});
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(h[0], (std::pair<std::string, std::string>{"host", "h"}));
  EXPECT_EQ(h[1], (std::pair<std::string, std::string>{"my-header", "a b c,d"}));
  EXPECT_EQ(h[2], (std::pair<std::string, std::string>{"x-amz-date", "1"}));
  EXPECT_EQ(sigv4_signed_header_list(h), "host;my-header;x-amz-date");
}

TEST(Sigv4, AmzDateIsUtc) {
  char date[16];
  sigv4_amz_date(1440938160, date);  // 2015-08-30 12:36:00 UTC
  EXPECT_EQ(std::string_view(date, 16), "20150830T123600Z");
}

}  // namespace
}  // namespace aiperf
