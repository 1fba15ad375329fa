#include "publish/gen_ai_attributes.h"

#include <array>
#include <cctype>
#include <utility>

namespace aiperf {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string host_of(std::string_view url) {
  if (const size_t scheme = url.find("://"); scheme != std::string_view::npos) url.remove_prefix(scheme + 3);
  url = url.substr(0, url.find_first_of("/?#"));
  if (const size_t at = url.rfind('@'); at != std::string_view::npos) url.remove_prefix(at + 1);
  if (!url.empty() && url.front() == '[') return std::string(url.substr(0, url.find(']') + 1));  // IPv6
  std::string host(url.substr(0, url.find(':')));
  for (char& c : host) c = char(std::tolower(static_cast<unsigned char>(c)));
  return host;
}

}  // namespace

std::string gen_ai_operation_name(std::string_view endpoint_type) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kOperations{{
      {"chat", "chat"},
      {"responses", "chat"},
      {"messages", "chat"},
      {"completions", "text_completion"},
      {"huggingface_generate", "text_completion"},
      {"embeddings", "embeddings"},
      {"nim_embeddings", "embeddings"},
      {"chat_embeddings", "embeddings"},
      {"image_generation", "generate_content"},
  }};
  for (const auto& [type, operation] : kOperations)
    if (type == endpoint_type) return std::string(operation);
  return std::string(endpoint_type);
}

std::string gen_ai_provider_from_url(std::string_view url) {
  // Exact hosts first, then the vendors whose hosts carry a region or a resource name.
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 11> kHosts{{
      {"api.openai.com", "openai"},
      {"api.anthropic.com", "anthropic"},
      {"generativelanguage.googleapis.com", "gcp.gemini"},
      {"api.cohere.com", "cohere"},
      {"api.cohere.ai", "cohere"},
      {"api.deepseek.com", "deepseek"},
      {"api.groq.com", "groq"},
      {"api.mistral.ai", "mistral_ai"},
      {"api.perplexity.ai", "perplexity"},
      {"api.x.ai", "x_ai"},
      {"models.inference.ai.azure.com", "azure.ai.inference"},
  }};
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kSuffixes{{
      {".openai.azure.com", "azure.ai.openai"},
      {".services.ai.azure.com", "azure.ai.inference"},
      {"-aiplatform.googleapis.com", "gcp.vertex_ai"},
      {".ml.cloud.ibm.com", "ibm.watsonx.ai"},
  }};
  const std::string host = host_of(url);
  for (const auto& [name, provider] : kHosts)
    if (host == name) return std::string(provider);
  for (const auto& [suffix, provider] : kSuffixes)
    if (ends_with(host, suffix)) return std::string(provider);
  if (host.starts_with("bedrock-runtime.") && ends_with(host, ".amazonaws.com")) return "aws.bedrock";
  return "_OTHER";
}

std::string gen_ai_error_type(std::optional<int64_t> http_code, std::string_view error_type, bool cancelled) {
  if (cancelled || error_type == "RequestCancellationError") return "cancelled";
  if (error_type == "TimeoutError") return "timeout";
  // Errors of reading the reply, not of the server: our transport and parser's type names.
  if (error_type == "InvalidInferenceResultError" || error_type == "ProtocolError" ||
      error_type.find("JSON") != std::string_view::npos || error_type.find("Parse") != std::string_view::npos)
    return "parse_error";
  if (http_code && *http_code >= 500 && *http_code < 600) return "http_5xx";
  if (http_code && *http_code >= 400 && *http_code < 500) return "http_4xx";
  return "_OTHER";
}

}  // namespace aiperf
