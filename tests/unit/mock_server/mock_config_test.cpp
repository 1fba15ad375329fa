#include "mock_server/mock_config.h"

#include <gtest/gtest.h>

#include <vector>

namespace aiperf::mock {
namespace {

MockArgs parse(std::vector<std::string_view> args) { return parse_mock_args(args); }

TEST(MockConfig, DefaultsMatchTheDocumentedFlags) {
  MockArgs a = parse({});
  ASSERT_EQ(a.error, "");
  EXPECT_EQ(a.config.host, "127.0.0.1");
  EXPECT_EQ(a.config.port, 8000);
  EXPECT_EQ(a.config.ttft_ms, 0.0);
  EXPECT_EQ(a.config.itl_ms, 0.0);
  EXPECT_FALSE(a.config.output_tokens.has_value());
  EXPECT_EQ(a.config.tokens_per_chunk, 1);
  EXPECT_EQ(a.config.error_rate, 0.0);
  EXPECT_EQ(a.config.workers, 0u);
  EXPECT_EQ(a.config.model, "mock-model");
  EXPECT_FALSE(a.config.close_after_stream);
  EXPECT_FALSE(a.config.tls());
  EXPECT_FALSE(a.show_help);
}

TEST(MockConfig, ParsesEveryFlag) {
  MockArgs a = parse({"--host", "::1", "--port", "0", "--ttft-ms", "12.5", "--ttft-jitter-ms", "4", "--itl-ms", "3", "--output-tokens",
                      "100", "--tokens-per-chunk", "4", "--error-rate", "0.25", "--workers", "3", "--seed",
                      "42", "--model", "llama", "--close-after-stream"});
  ASSERT_EQ(a.error, "");
  EXPECT_EQ(a.config.host, "::1");
  EXPECT_EQ(a.config.port, 0);
  EXPECT_DOUBLE_EQ(a.config.ttft_ms, 12.5);
  EXPECT_DOUBLE_EQ(a.config.ttft_jitter_ms, 4.0);
  EXPECT_DOUBLE_EQ(a.config.itl_ms, 3.0);
  EXPECT_EQ(a.config.output_tokens, 100);
  EXPECT_EQ(a.config.tokens_per_chunk, 4);
  EXPECT_DOUBLE_EQ(a.config.error_rate, 0.25);
  EXPECT_EQ(a.config.workers, 3u);
  EXPECT_EQ(a.config.seed, 42u);
  EXPECT_EQ(a.config.model, "llama");
  EXPECT_TRUE(a.config.close_after_stream);
}

TEST(MockConfig, AcceptsEqualsForm) {
  MockArgs a = parse({"--port=9000", "--model=x"});
  ASSERT_EQ(a.error, "");
  EXPECT_EQ(a.config.port, 9000);
  EXPECT_EQ(a.config.model, "x");
}

TEST(MockConfig, Help) { EXPECT_TRUE(parse({"--help"}).show_help); }

struct BadArgs {
  std::vector<std::string_view> args;
  std::string error;
};

class MockConfigErrors : public ::testing::TestWithParam<BadArgs> {};

TEST_P(MockConfigErrors, NameTheFlagInOneLine) {
  MockArgs a = parse(GetParam().args);
  EXPECT_EQ(a.error, GetParam().error);
  EXPECT_EQ(a.error.find('\n'), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    All, MockConfigErrors,
    ::testing::Values(
        BadArgs{{"--bogus", "1"}, "unknown flag '--bogus' (see --help)"},
        BadArgs{{"--port"}, "--port: missing value"},
        BadArgs{{"--port", "abc"}, "--port: expected an integer in 0..65535, got 'abc'"},
        BadArgs{{"--port", "70000"}, "--port: expected an integer in 0..65535, got '70000'"},
        BadArgs{{"--port", "80x"}, "--port: expected an integer in 0..65535, got '80x'"},
        BadArgs{{"--ttft-ms", "-1"}, "--ttft-ms: expected a non-negative number of milliseconds, got '-1'"},
        BadArgs{{"--itl-ms", "nan"}, "--itl-ms: expected a non-negative number of milliseconds, got 'nan'"},
        BadArgs{{"--output-tokens", "-5"}, "--output-tokens: expected an integer >= 0, got '-5'"},
        BadArgs{{"--tokens-per-chunk", "0"}, "--tokens-per-chunk: expected an integer >= 1, got '0'"},
        BadArgs{{"--error-rate", "1.5"}, "--error-rate: expected a fraction in 0..1, got '1.5'"},
        BadArgs{{"--workers", "0"}, "--workers: expected an integer in 1..4096, got '0'"},
        BadArgs{{"--seed", "-1"}, "--seed: expected a non-negative integer, got '-1'"},
        BadArgs{{"--model", ""}, "--model: expected a model name, got ''"},
        BadArgs{{"--record-requests", ""}, "--record-requests: expected a file path, got ''"},
        BadArgs{{"stray"}, "unexpected argument 'stray' (flags are --name value)"},
        BadArgs{{"--tls-cert", "/nonexistent/cert.pem"}, "--tls-cert: cannot read file '/nonexistent/cert.pem'"},
        BadArgs{{"--tls-key", "/dev/null"}, "--tls-key: requires --tls-cert"},
        BadArgs{{"--stall-ms", "-3"}, "--stall-ms: expected a non-negative number of milliseconds, got '-3'"},
        BadArgs{{"--stall-after-s", "x"}, "--stall-after-s: expected a non-negative number of seconds, got 'x'"},
        BadArgs{{"--stall-after-s", "2"}, "--stall-after-s: requires --stall-ms"},
        BadArgs{{"--max-num-seqs", "0"}, "--max-num-seqs: expected an integer >= 1, got '0'"},
        BadArgs{{"--kv-cache-tokens", "x"}, "--kv-cache-tokens: expected an integer >= 1, got 'x'"},
        BadArgs{{"--prefill-tokens-per-s", "0"},
                "--prefill-tokens-per-s: expected a positive number of prompt tokens per second, got '0'"},
        BadArgs{{"--decode-step-ms", "-1"}, "--decode-step-ms: expected a non-negative number of milliseconds, got '-1'"},
        BadArgs{{"--print-knee", "isl=1,osl=1"},
                "--print-knee: needs the serving model (--max-num-seqs, --prefill-tokens-per-s, --decode-step-ms, "
                "--decode-step-ms-per-seq or --kv-cache-tokens)"},
        BadArgs{{"--max-num-seqs", "4", "--print-knee", "isl=1"}, "--print-knee: needs isl=N and osl=N"},
        BadArgs{{"--max-num-seqs", "4", "--print-knee", "isl=1,osl=2,c=3"},
                "--print-knee: unknown key 'c' (isl, osl, concurrency, requests, percentile, ttft-ms, itl-ms)"},
        BadArgs{{"--max-num-seqs", "4", "--print-knee", "isl=1,osl"}, "--print-knee: expected key=value, got 'osl'"},
        BadArgs{{"--max-num-seqs", "4", "--print-knee", "isl=1,osl=2,concurrency=0"},
                "--print-knee concurrency: expected an integer >= 1, got '0'"},
        BadArgs{{"--max-num-seqs", "4", "--print-knee", "isl=1,osl=2,percentile=101"},
                "--print-knee: percentile: expected a number, got '101'"}));

TEST(MockConfig, ServingModelIsOffUntilOneOfItsFlagsIsGiven) {
  MockArgs a = parse({"--ttft-ms", "5"});
  ASSERT_EQ(a.error, "");
  EXPECT_FALSE(a.config.serving.enabled);
  a = parse({"--decode-step-ms", "8"});
  ASSERT_EQ(a.error, "");
  EXPECT_TRUE(a.config.serving.enabled);
  EXPECT_EQ(a.config.serving.max_num_seqs, ServingModel::kUnlimited);
  EXPECT_EQ(a.config.serving.kv_cache_tokens, ServingModel::kUnlimited);
  EXPECT_EQ(a.config.serving.prefill_tokens_per_s, 0.0);
}

TEST(MockConfig, ServingModelFlags) {
  MockArgs a = parse({"--max-num-seqs", "16", "--prefill-tokens-per-s", "8000", "--decode-step-ms", "12.5",
                      "--decode-step-ms-per-seq", "0.5", "--kv-cache-tokens", "4096"});
  ASSERT_EQ(a.error, "");
  const ServingModel& m = a.config.serving;
  EXPECT_TRUE(m.enabled);
  EXPECT_EQ(m.max_num_seqs, 16);
  EXPECT_DOUBLE_EQ(m.prefill_tokens_per_s, 8000.0);
  EXPECT_DOUBLE_EQ(m.decode_step_ms, 12.5);
  EXPECT_DOUBLE_EQ(m.decode_step_ms_per_seq, 0.5);
  EXPECT_EQ(m.kv_cache_tokens, 4096);
  EXPECT_FALSE(a.print_knee.has_value());
}

TEST(MockConfig, PrintKneeQuery) {
  MockArgs a = parse({"--max-num-seqs", "4", "--tokens-per-chunk", "2", "--print-knee",
                      "isl=100,osl=20,concurrency=6,requests=60,percentile=90,ttft-ms=250.5,itl-ms=12"});
  ASSERT_EQ(a.error, "");
  ASSERT_TRUE(a.print_knee.has_value());
  const KneeQuery& q = *a.print_knee;
  EXPECT_EQ(q.load.isl, 100);
  EXPECT_EQ(q.load.osl, 20);
  EXPECT_EQ(q.load.concurrency, 6);
  EXPECT_TRUE(q.at_concurrency);
  EXPECT_EQ(q.load.requests, 60);
  EXPECT_EQ(q.load.tokens_per_chunk, 2);
  EXPECT_DOUBLE_EQ(q.load.percentile, 90.0);
  EXPECT_EQ(q.sla.ttft_ms, 250.5);
  EXPECT_EQ(q.sla.itl_avg_ms, 12.0);
  a = parse({"--max-num-seqs=4", "--print-knee=isl=1,osl=2"});
  ASSERT_EQ(a.error, "");
  EXPECT_FALSE(a.print_knee->at_concurrency);
  EXPECT_FALSE(a.print_knee->sla.ttft_ms.has_value());
}

TEST(MockConfig, StallFlags) {
  MockArgs a = parse({"--stall-after-s", "2", "--stall-ms", "1000"});
  ASSERT_EQ(a.error, "");
  EXPECT_DOUBLE_EQ(a.config.stall_after_s, 2.0);
  EXPECT_DOUBLE_EQ(a.config.stall_ms, 1000.0);
}

}  // namespace
}  // namespace aiperf::mock
