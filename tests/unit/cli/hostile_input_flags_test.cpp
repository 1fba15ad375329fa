// Flags that carry hostile input: nesting that would crash a recursive serialiser, control
// characters that would inject header lines, sizes that would exhaust memory, credentials that
// must never be echoed (issue 16).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "parse_helpers.h"

namespace aiperf {
namespace {

using cli_test::flag_error;
using cli_test::parse_flags;
using ::testing::HasSubstr;
using ::testing::Not;

std::string nested_array(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(HostileInputFlags, ExtraInputsNestedTooDeepAreRefused) {
  EXPECT_EQ(flag_error({"--extra-inputs", "{\"x\": " + nested_array(40000) + "}"}),
            "--extra-inputs: nesting too deep (limit 512)");
  EXPECT_EQ(flag_error({"--extra-inputs", "x:" + nested_array(600)}),
            "--extra-inputs value of 'x': nesting too deep (limit 512)");
  EXPECT_EQ(flag_error({"-H", "{\"X-A\": " + nested_array(600) + "}"}), "-H/--header: nesting too deep (limit 512)");
  EXPECT_EQ(parse_flags({"--extra-inputs", "x:" + nested_array(500)}).extra_inputs["x"].size(), 1u);
}

TEST(HostileInputFlags, ApiKeyWithControlCharactersIsRefusedWithoutEchoingIt) {
  const std::string error = flag_error({"--api-key", "sk-secret\r\nX-Injected: 1"});
  EXPECT_THAT(error, HasSubstr("--api-key: contains a control character"));
  EXPECT_THAT(error, Not(HasSubstr("sk-secret")));
  EXPECT_THAT(flag_error({"--api-key", std::string("sk\x7f")}), HasSubstr("--api-key"));
}

// -H checked CR and LF only; every control byte but HTAB is refused now, and a name must be a
// token.
TEST(HostileInputFlags, HeaderNamesAreTokensAndValuesHaveNoControlBytes) {
  EXPECT_EQ(flag_error({"-H", std::string("X-A: a\x01b")}),
            "-H/--header: invalid header 'X-A' (its value has a control character)");
  EXPECT_EQ(flag_error({"-H", std::string("X\x7f: b")}), "-H/--header: invalid header '<not a header name>'");
  EXPECT_EQ(flag_error({"-H", "X(A): b"}), "-H/--header: invalid header '<not a header name>'");
  EXPECT_EQ(parse_flags({"-H", "X-A: a\tb"}).headers.front().second, "a\tb");
}

TEST(HostileInputFlags, UrlsCannotBreakTheRequestLine) {
  EXPECT_THAT(flag_error({"--url", "http://h:1/v1\r\nX-Injected: 1"}), HasSubstr("--url: contains a control character"));
  EXPECT_THAT(flag_error({"--url", "http://h:1/v1 HTTP/1.0"}), HasSubstr("--url: contains a space"));
  EXPECT_THAT(flag_error({"--url", "http://h\xc3\xa9st:1/"}), HasSubstr("has a character a host name cannot have"));
  // Bytes a request target may not hold are percent-encoded; existing escapes stay; a
  // fragment is never sent.
  EXPECT_EQ(parse_flags({"--url", "http://h:1/caf\xc3\xa9/{x}?q=a|b#frag"}).urls,
            std::vector<std::string>{"http://h:1/caf%C3%A9/%7Bx%7D?q=a%7Cb"});
  EXPECT_EQ(parse_flags({"--url", "http://h:1/a%20b"}).urls, std::vector<std::string>{"http://h:1/a%20b"});
  EXPECT_EQ(parse_flags({"--url", "http://[::1]:8000/v1"}).urls, std::vector<std::string>{"http://[::1]:8000/v1"});
}

TEST(HostileInputFlags, EndpointPathIsCheckedAndEncoded) {
  EXPECT_THAT(flag_error({"--endpoint", "/v1/chat\r\nX-Injected: 1"}),
              HasSubstr("--endpoint: contains a control character"));
  EXPECT_THAT(flag_error({"--custom-endpoint", "/v1/a b"}), HasSubstr("--custom-endpoint: contains a space"));
  EXPECT_EQ(parse_flags({"--endpoint", "/v1/\xc3\xa9"}).custom_endpoint, "/v1/%C3%A9");
}

TEST(HostileInputFlags, SageMakerHeaderValuesRefuseControlCharacters) {
  EXPECT_THAT(flag_error({"--sagemaker-endpoint-name", "ep", "--aws-region", "us-east-1",
                        "--sagemaker-target-variant", "v1\r\nX-Injected: 1"}),
              HasSubstr("--sagemaker-target-variant: contains a control character"));
  EXPECT_THAT(flag_error({"--sagemaker-endpoint-name", "ep", "--aws-region", "us-east-1\r\nX: 1"}),
              HasSubstr("--aws-region: contains a control character"));
}

// User-info is taken out of the URL and sent as Basic auth (one Authorization header), and is
// shown nowhere.
TEST(HostileInputFlags, UrlUserInfoBecomesBasicAuthAndIsNeverShown) {
  using Headers = std::vector<std::pair<std::string, std::string>>;
  ProfileConfig c = parse_flags({"-u", "http://bench:p%40ss:w0rd@127.0.0.1:8000/v1,http://bench:p%40ss:w0rd@127.0.0.1:8001"});
  EXPECT_EQ(c.urls, (std::vector<std::string>{"http://127.0.0.1:8000/v1", "http://127.0.0.1:8001"}));
  EXPECT_EQ(c.headers, (Headers{{"Authorization", "Basic YmVuY2g6cEBzczp3MHJk"}}));  // bench:p@ss:w0rd
  EXPECT_THAT(c.cli_command, HasSubstr("http://<redacted>@127.0.0.1:8000/v1"));
  EXPECT_THAT(c.cli_command, Not(HasSubstr("w0rd")));
  EXPECT_THAT(c.to_json().dump(), Not(HasSubstr("w0rd")));
  EXPECT_THAT(c.to_json().dump(), Not(HasSubstr("YmVuY2g6cEBzczp3MHJk")));
  // -H Authorization and --api-key take precedence; credentials must be the same on every URL.
  EXPECT_EQ(parse_flags({"-u", "http://a:b@h", "-H", "Authorization: Token t"}).headers,
            (Headers{{"Authorization", "Token t"}}));
  EXPECT_TRUE(parse_flags({"-u", "http://a:b@h", "--api-key", "sk"}).headers.empty());
  EXPECT_THAT(flag_error({"-u", "http://a:b@h1,http://h2"}), HasSubstr("the same user:password, or none"));
  EXPECT_TRUE(parse_flags({"-u", "http://127.0.0.1:8000"}).headers.empty());
  // A URL refused for another reason never echoes its password.
  EXPECT_THAT(flag_error({"-u", "ftp://bench:hunter2@h"}), Not(HasSubstr("hunter2")));
  EXPECT_THAT(flag_error({"-u", "http://bench:hunter2@h:99999/a b"}), Not(HasSubstr("hunter2")));
  EXPECT_THAT(flag_error({"--streaming", "http://bench:hunter2@h"}), Not(HasSubstr("hunter2")));
  EXPECT_THAT(flag_error({"-u", "http://bench:hunter2@h", "--auth-type", "sigv4", "--aws-service", "execute-api",
                        "--aws-region", "us-east-1"}),
              HasSubstr("cannot be combined with --auth-type sigv4"));
}

// Every header whose name looks like a credential is redacted in the recorded command line and
// in the exported input_config.
TEST(HostileInputFlags, CredentialHeadersAreRedacted) {
  ProfileConfig c = parse_flags({"-H", "Cookie: session=abc", "-H", "X-Auth-Token: tok", "--header=Proxy-Authorization: p",
                           "-H", R"({"Set-Cookie": "id=1"})", "-H", "X-Tenant: bench"});
  for (const char* secret : {"session=abc", "tok", "Proxy-Authorization: p", "id=1"})
    EXPECT_THAT(c.cli_command, Not(HasSubstr(secret))) << secret;
  EXPECT_THAT(c.cli_command, HasSubstr("X-Tenant:"));
  const std::string exported = c.to_json().dump();
  for (const char* secret : {"session=abc", "\"tok\"", "id=1"}) EXPECT_THAT(exported, Not(HasSubstr(secret))) << secret;
  EXPECT_THAT(exported, HasSubstr("bench"));
}

TEST(HostileInputFlags, PromptSizesThatCannotBeBuiltAreRefused) {
  EXPECT_EQ(flag_error({"--isl", "1000000000"}),
            "--isl 1000000000: a prompt of 1e+09 tokens is about 4.3 GB of text; refusing (limit 10000000 "
            "tokens per prompt)");
  EXPECT_THAT(flag_error({"--synthetic-input-tokens-mean", "1000000000"}),
              HasSubstr("--synthetic-input-tokens-mean 1000000000: a prompt of 1e+09 tokens"));
  EXPECT_THAT(flag_error({"--prompt-prefix-pool-size", "1", "--prompt-prefix-length", "20000000"}),
              HasSubstr("--prompt-prefix-length 20000000"));
  EXPECT_THAT(flag_error({"--seq-dist", "50000000,10:1"}), HasSubstr("ISL 50000000: a prompt of 5e+07 tokens"));
  EXPECT_THAT(flag_error({"--isl", "5000000", "--num-dataset-entries", "100000000"}),
              HasSubstr("PB of memory to build, more than the"));
  EXPECT_THAT(flag_error({"--image-width-mean", "1000000", "--image-height-mean", "1000000"}),
              HasSubstr("plus images and audio) needs about"));
  EXPECT_EQ(parse_flags({"--isl", "10000000"}).isl_mean, 10000000);
}

TEST(HostileInputFlags, MissingValueNamesTheFlag) {
  EXPECT_EQ(flag_error({"--model", "--url", "x"}), "--model needs a value");
  EXPECT_EQ(flag_error({"--concurrency", "--streaming"}), "--concurrency needs a value");
  EXPECT_EQ(flag_error({"--url"}), "--url needs a value");
}

class InputFileMessages : public ::testing::Test {
 protected:
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("aiperf-hostile-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  void SetUp() override { std::filesystem::create_directories(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }
  std::string file(const std::string& name, const std::string& content) {
    std::ofstream(dir / name, std::ios::binary) << content;
    return (dir / name).string();
  }
};

// Without --custom-dataset-type, an unreadable file says what is wrong and how to fix it.
TEST_F(InputFileMessages, SayWhatIsWrongAndHowToFixIt) {
  const std::string empty = file("empty.jsonl", "\n\n");
  EXPECT_EQ(flag_error({"--input-file", empty}),
            "--input-file: cannot tell the dataset type: " + empty +
                " is empty; if the file is right, name its type with --custom-dataset-type");
  const std::string binary = file("b.jsonl", std::string("\x89PNG\r\n\x1a\n\0\0", 10));
  EXPECT_THAT(flag_error({"--input-file", binary}), HasSubstr(binary + " looks binary"));
  const std::string broken = file("broken.jsonl", "\n{\"text\": \"unterminated\n");
  EXPECT_THAT(flag_error({"--input-file", broken}), HasSubstr(broken + " line 2 is not valid JSON: parse error"));
  const std::string list = file("list.jsonl", "[1, 2]\n");
  EXPECT_THAT(flag_error({"--input-file", list}), HasSubstr(list + " line 1 is a JSON array, not an object"));
  const std::string unknown = file("unknown.jsonl", "{\"prompt\": \"x\"}\n");
  EXPECT_THAT(flag_error({"--input-file", unknown}), HasSubstr("without a field that names its type"));
  const std::string deep = file("deep.jsonl", "\n{\"x\": " + nested_array(100000) + "}\n");
  EXPECT_EQ(flag_error({"--input-file", deep, "--custom-dataset-type", "single_turn"}),
            "--input-file " + deep + ", line 2: nesting too deep (limit 512)");
}

}  // namespace
}  // namespace aiperf
