#include "endpoints/request_builder.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// Python truthiness of the merged "stream" value, which decides stream_options upstream.
bool truthy(const ojson& v) {
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number()) return v != 0;
  if (v.is_string() || v.is_array() || v.is_object()) return !v.empty();
  return false;
}

ojson chat_fields(const ProfileConfig& config, const DatasetEntry& entry,
                  const std::string& model) {
  // Session-level prompts lead, as upstream orders them (workloads-and-endpoints.md §2.8).
  ojson messages = ojson::array();
  if (entry.system_message)
    messages.push_back({{"role", "system"}, {"content", *entry.system_message}});
  if (entry.user_context_message)
    messages.push_back({{"role", "user"}, {"content", *entry.user_context_message}});
  messages.push_back({{"role", "user"}, {"content", entry.prompt}});
  ojson body;
  body["messages"] = std::move(messages);
  body["model"] = model;
  body["stream"] = config.streaming;
  if (entry.max_tokens)
    body[config.use_legacy_max_tokens ? "max_tokens" : "max_completion_tokens"] = *entry.max_tokens;
  return body;
}

ojson completions_fields(const ProfileConfig& config, const DatasetEntry& entry,
                         const std::string& model) {
  // No roles to carry them; the CLI refuses both flags for completions, so reaching here
  // means a caller bypassed it, and dropping the text would misstate the ISL.
  if (entry.system_message || entry.user_context_message)
    throw std::invalid_argument(
        "completions requests cannot carry a system or user-context prompt (chat only)");
  ojson body;
  body["prompt"] = entry.prompt;  // a bare string: several gateways reject a one-element list
  body["model"] = model;
  body["stream"] = config.streaming;
  if (entry.max_tokens && *entry.max_tokens != 0) body["max_tokens"] = *entry.max_tokens;
  return body;
}

// OpenAI servers only report usage on a stream when asked; metrics need it. Author-supplied
// stream_options keys stay; null counts as absent; a non-object value is left alone.
void request_stream_usage(ojson& body) {
  auto it = body.find("stream");
  if (it == body.end() || !truthy(*it)) return;
  ojson& options = body["stream_options"];
  if (options.is_null()) options = ojson::object();
  if (options.is_object()) options["include_usage"] = true;
}

}  // namespace

std::string build_request_body(const ProfileConfig& config, const DatasetEntry& entry) {
  const std::string& model = entry.model.empty() ? config.model_names.front() : entry.model;
  ojson body = config.endpoint_type == EndpointType::chat
                   ? chat_fields(config, entry, model)
                   : completions_fields(config, entry, model);
  // --extra-inputs win over built fields (model and stream included), keeping their slot.
  for (const auto& [key, value] : config.extra_inputs.items()) body[key] = ojson(value);
  request_stream_usage(body);
  return body.dump();
}

std::vector<PreparedRequest> prepare_requests(const ProfileConfig& config, const Dataset& dataset) {
  std::vector<PreparedRequest> requests;
  requests.reserve(dataset.entries.size());
  for (const DatasetEntry& entry : dataset.entries)
    requests.push_back({entry.conversation_id, build_request_body(config, entry)});
  return requests;
}

}  // namespace aiperf
