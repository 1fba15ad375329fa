#pragma once
// The GenAI semantic-convention attributes of aiperf's OTLP metrics (metrics-and-outputs.md
// §10.1): gen_ai.operation.name from the endpoint type, gen_ai.provider.name from the
// server's host (or --gen-ai-provider), error.type from a failed request.
#include <optional>
#include <string>
#include <string_view>

namespace aiperf {

// "chat", "text_completion", "embeddings", ... ; an endpoint with no semconv operation keeps
// its own type name (the convention allows custom values).
std::string gen_ai_operation_name(std::string_view endpoint_type);

// The semconv provider name for a well-known API host ("api.openai.com" -> "openai"),
// "_OTHER" for any other host (a self-hosted server does not say what it runs).
std::string gen_ai_provider_from_url(std::string_view url);

// error.type of a failed request: timeout, cancelled, parse_error, http_5xx, http_4xx, _OTHER.
std::string gen_ai_error_type(std::optional<int64_t> http_code, std::string_view error_type, bool cancelled);

}  // namespace aiperf
