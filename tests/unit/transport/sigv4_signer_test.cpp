// The per-request signer against AWS's published post-vanilla vector, and against a second,
// independent computation of the whole HMAC chain with the openssl command-line tool.
#include "transport/sigv4_signer.h"

#include <array>
#include <cstdio>
#include <memory>

#include <gtest/gtest.h>

namespace aiperf {
namespace {

constexpr int64_t kSuiteTime = 1440938160;  // 20150830T123600Z

SigV4Settings suite_settings() {
  return {{"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "", "test"}, "us-east-1", "service"};
}

std::string head() { return "POST / HTTP/1.1\r\nHost: example.amazonaws.com\r\nContent-Length: 0\r\n\r\n"; }

TEST(SigV4Signer, PostVanillaVector) {
  SigV4Signer signer(suite_settings(), "/", "example.amazonaws.com");
  std::string h = head();
  signer.sign(h, "", kSuiteTime);
  EXPECT_EQ(h, "POST / HTTP/1.1\r\nHost: example.amazonaws.com\r\nContent-Length: 0\r\n"
               "X-Amz-Date: 20150830T123600Z\r\n"
               "Authorization: AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
               "SignedHeaders=host;x-amz-date, "
               "Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b\r\n\r\n");
}

TEST(SigV4Signer, PostVanillaQueryVector) {
  SigV4Signer signer(suite_settings(), "/?Param1=value1", "example.amazonaws.com");
  std::string h = head();
  signer.sign(h, "", kSuiteTime);
  EXPECT_NE(signer.last_authorization().find(
                "Signature=28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11"),
            std::string_view::npos);
}

TEST(SigV4Signer, SessionTokenIsSentAndSigned) {
  SigV4Settings s = suite_settings();
  s.credentials.session_token = "TOKEN/with+chars";
  SigV4Signer signer(s, "/endpoints/ep/invocations", "runtime.sagemaker.us-east-1.amazonaws.com");
  std::string h = head();
  signer.sign(h, "{}", kSuiteTime);
  EXPECT_NE(h.find("\r\nX-Amz-Security-Token: TOKEN/with+chars\r\n"), std::string::npos);
  EXPECT_NE(signer.last_authorization().find("SignedHeaders=host;x-amz-date;x-amz-security-token,"),
            std::string_view::npos);
  EXPECT_TRUE(h.ends_with("\r\n\r\n"));
}

TEST(SigV4Signer, SignatureChangesWithBodyAndDay) {
  SigV4Signer signer(suite_settings(), "/", "h");
  std::string a = head(), b = head(), c = head();
  signer.sign(a, "one", kSuiteTime);
  signer.sign(b, "two", kSuiteTime);
  signer.sign(c, "one", kSuiteTime + 86400);  // the signing key is re-derived for the new date
  EXPECT_NE(a, b);
  EXPECT_NE(c.find("Credential=AKIDEXAMPLE/20150831/"), std::string::npos);
  std::string again = head();
  signer.sign(again, "one", kSuiteTime);
  EXPECT_EQ(again, a);
}

// Runs `cmd` through the shell; its stdout with the trailing newline removed.
std::string shell(const std::string& cmd) {
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  std::string out;
  std::array<char, 256> buf;
  while (p && fgets(buf.data(), int(buf.size()), p.get())) out += buf.data();
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

// The same request signed by a shell pipeline of openssl dgst calls: the canonical request and
// string to sign are written out by hand here, every hash and HMAC is openssl's.
TEST(SigV4Signer, MatchesOpensslCommandLine) {
  if (shell("command -v openssl").empty()) GTEST_SKIP() << "openssl CLI not installed";
  const std::string body = R"({"messages":[{"role":"user","content":"hi"}],"stream":true})";
  SigV4Settings s{{"AKIDTEST", "s3cret/key+x", "", "test"}, "eu-west-1", "sagemaker"};
  SigV4Signer signer(s, "/endpoints/my-ep/invocations-response-stream", "127.0.0.1:8080");
  std::string h = head();
  signer.sign(h, body, kSuiteTime);

  const std::string dgst = "openssl dgst -sha256 -r | cut -d' ' -f1";
  const std::string body_hash = shell("printf '%s' '" + body + "' | " + dgst);
  const std::string creq = "POST\n/endpoints/my-ep/invocations-response-stream\n\nhost:127.0.0.1:8080\n"
                           "x-amz-date:20150830T123600Z\n\nhost;x-amz-date\n" + body_hash;
  const std::string creq_hash = shell("printf '%s' '" + creq + "' | " + dgst);
  const std::string sts = "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/eu-west-1/sagemaker/aws4_request\n" + creq_hash;
  auto hmac = [&](const std::string& keyopt, const std::string& data) {
    return shell("printf '%s' '" + data + "' | openssl dgst -sha256 -mac HMAC -macopt " + keyopt + " -r | cut -d' ' -f1");
  };
  std::string k = hmac("key:AWS4s3cret/key+x", "20150830");
  k = hmac("hexkey:" + k, "eu-west-1");
  k = hmac("hexkey:" + k, "sagemaker");
  k = hmac("hexkey:" + k, "aws4_request");
  const std::string signature = hmac("hexkey:" + k, sts);
  ASSERT_EQ(signature.size(), 64u) << signature;
  EXPECT_EQ(signer.last_authorization(),
            "AWS4-HMAC-SHA256 Credential=AKIDTEST/20150830/eu-west-1/sagemaker/aws4_request, "
            "SignedHeaders=host;x-amz-date, Signature=" + signature);
}

}  // namespace
}  // namespace aiperf
