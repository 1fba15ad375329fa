#include "app/server_control.h"

#include <strings.h>

#include "dataset/dataset.h"
#include "endpoints/request_builder.h"
#include "transport/endpoint_url.h"

namespace aiperf {
namespace {

bool has_header(const ProfileConfig& config, const char* name) {
  for (const auto& [k, v] : config.headers)
    if (strcasecmp(k.c_str(), name) == 0) return true;
  return false;
}

// The probe's 1-token request: a short text prompt with max tokens 1, not streamed, through the
// same builder as the run's bodies (so --extra-inputs and the endpoint's shape apply).
std::string probe_body(const ProfileConfig& config, const std::string& first_body) {
  const EndpointType type = config.endpoint_type;
  if (config.multipart || type == EndpointType::raw || type == EndpointType::image_retrieval) return first_body;
  EndpointSettings settings = config;
  settings.streaming = false;
  DatasetEntry entry;
  entry.conversation_id = "aiperf-ready-check";
  entry.model = config.model_names.front();
  entry.prompt = "Hello";
  entry.max_tokens = 1;
  return build_request_body(settings, entry);
}

// What the run's requests carry (transport/request_head.cpp): -H headers, then the key as
// Authorization (Anthropic: x-api-key and its API version) unless a -H of that name was given.
std::vector<std::string> probe_headers(const ProfileConfig& config) {
  std::vector<std::string> out;
  out.push_back(config.multipart ? "Content-Type: multipart/form-data; boundary=" + config.multipart_boundary
                                 : "Content-Type: application/json");
  for (const auto& [name, value] : config.headers) out.push_back(name + ": " + value);
  if (!config.api_key) return out;
  if (config.endpoint_type == EndpointType::messages) {
    if (!has_header(config, "x-api-key")) out.push_back("x-api-key: " + *config.api_key);
    if (!has_header(config, "anthropic-version")) out.push_back("anthropic-version: 2023-06-01");
  } else if (!has_header(config, "Authorization")) {
    out.push_back("Authorization: Bearer " + *config.api_key);
  }
  return out;
}

// Upstream sends --api-key on the hook POSTs; without one, the run's own Authorization (a -H, or
// the --url's user:password) goes instead.
std::vector<std::string> hook_headers(const ProfileConfig& config) {
  if (config.api_key) return {"Authorization: Bearer " + *config.api_key};
  for (const auto& [name, value] : config.headers)
    if (strcasecmp(name.c_str(), "Authorization") == 0) return {name + ": " + value};
  return {};
}

}  // namespace

ServerHookTargets server_hook_targets(const ProfileConfig& config, const std::string& first_body) {
  ServerHookTargets t;
  if (!config.server_hooks.any()) return t;
  for (const std::string& base : config.urls) {
    const EndpointUrl url = resolve_endpoint_url(base, config.endpoint_path());
    std::string full = url.display();
    t.targets.push_back({full.substr(0, full.size() - url.path.size()), full});
  }
  t.hook_headers = hook_headers(config);
  if (config.server_hooks.wait_for_model()) {
    t.probe_headers = probe_headers(config);
    t.probe_body = probe_body(config, first_body);
  }
  t.models = config.model_names;
  t.verify_tls = config.ssl_verify;
  return t;
}

void prepare_server(const ProfileConfig& config, const ServerHookTargets& targets, bool reset) {
  if (config.server_hooks.wait_for_model()) wait_for_model(config.server_hooks, targets);
  if (reset && config.server_hooks.reset_kv_cache) reset_kv_cache(config.server_hooks, targets);
}

}  // namespace aiperf
