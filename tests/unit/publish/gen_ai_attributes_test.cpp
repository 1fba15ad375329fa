#include "publish/gen_ai_attributes.h"

#include <gtest/gtest.h>

#include "publish/otlp_exporter.h"

namespace aiperf {
namespace {

TEST(GenAiAttributes, OperationNamesFromEndpointTypes) {
  EXPECT_EQ(gen_ai_operation_name("chat"), "chat");
  EXPECT_EQ(gen_ai_operation_name("completions"), "text_completion");
  EXPECT_EQ(gen_ai_operation_name("nim_embeddings"), "embeddings");
  EXPECT_EQ(gen_ai_operation_name("nim_rankings"), "nim_rankings");
}

TEST(GenAiAttributes, ProviderFromTheHost) {
  EXPECT_EQ(gen_ai_provider_from_url("https://api.openai.com/v1"), "openai");
  EXPECT_EQ(gen_ai_provider_from_url("https://user:pw@API.Anthropic.com:443"), "anthropic");
  EXPECT_EQ(gen_ai_provider_from_url("https://my-res.openai.azure.com/openai"), "azure.ai.openai");
  EXPECT_EQ(gen_ai_provider_from_url("https://bedrock-runtime.us-east-1.amazonaws.com"), "aws.bedrock");
  EXPECT_EQ(gen_ai_provider_from_url("https://us-central1-aiplatform.googleapis.com"), "gcp.vertex_ai");
  EXPECT_EQ(gen_ai_provider_from_url("http://127.0.0.1:8000"), "_OTHER");
  EXPECT_EQ(gen_ai_provider_from_url("http://[::1]:8000"), "_OTHER");
  EXPECT_EQ(gen_ai_provider_from_url("http://api.openai.com.evil.example"), "_OTHER");
}

TEST(GenAiAttributes, ErrorTypes) {
  EXPECT_EQ(gen_ai_error_type(504, "TimeoutError", false), "timeout");
  EXPECT_EQ(gen_ai_error_type(499, "RequestCancellationError", false), "cancelled");
  EXPECT_EQ(gen_ai_error_type(std::nullopt, "ConnectionError", true), "cancelled");
  EXPECT_EQ(gen_ai_error_type(std::nullopt, "InvalidInferenceResultError", false), "parse_error");
  EXPECT_EQ(gen_ai_error_type(503, "Service Unavailable", false), "http_5xx");
  EXPECT_EQ(gen_ai_error_type(429, "Too Many Requests", false), "http_4xx");
  EXPECT_EQ(gen_ai_error_type(std::nullopt, "ConnectionError", false), "_OTHER");
}

TEST(OtlpMetricsUrl, HostPortOrUrl) {
  EXPECT_EQ(otlp_metrics_url("collector"), "http://collector:4318/v1/metrics");
  EXPECT_EQ(otlp_metrics_url("collector:4319"), "http://collector:4319/v1/metrics");
  EXPECT_EQ(otlp_metrics_url("127.0.0.1:4318/"), "http://127.0.0.1:4318/v1/metrics");
  EXPECT_EQ(otlp_metrics_url("[::1]"), "http://[::1]:4318/v1/metrics");
  EXPECT_EQ(otlp_metrics_url("http://collector:4318"), "http://collector:4318/v1/metrics");
  EXPECT_EQ(otlp_metrics_url("https://otel.example.com/otlp"), "https://otel.example.com/otlp/v1/metrics");
  EXPECT_EQ(otlp_metrics_url("http://c:4318/v1/metrics"), "http://c:4318/v1/metrics");
}

}  // namespace
}  // namespace aiperf
