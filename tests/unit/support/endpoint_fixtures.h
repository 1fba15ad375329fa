#pragma once
// Configs and dataset entries that the request-body and response-parse tests build again and
// again: one model "m", the endpoint type under test, and a one-turn text entry.
#include <cstdint>
#include <optional>
#include <string>

#include "config/profile_config.h"
#include "dataset/dataset.h"

namespace aiperf::testing {

inline ProfileConfig endpoint_config(EndpointType type, bool streaming = false) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.endpoint_type = type;
  c.streaming = streaming;
  return c;
}

// multipart/form-data bodies with a fixed boundary, so that goldens can spell it out.
inline ProfileConfig multipart_config(EndpointType type, std::string model, std::string boundary) {
  ProfileConfig c = endpoint_config(type);
  c.model_names = {std::move(model)};
  c.multipart = true;
  c.multipart_boundary = std::move(boundary);
  return c;
}

inline DatasetEntry text_entry(std::string prompt, std::optional<int64_t> max_tokens = std::nullopt,
                               std::string conversation_id = "session_000000") {
  DatasetEntry e;
  e.conversation_id = std::move(conversation_id);
  e.model = "m";
  e.prompt = std::move(prompt);
  e.max_tokens = max_tokens;
  return e;
}

// The one-turn entry the vendor body tests send: "Shall I compare", with `max_tokens`.
inline DatasetEntry sonnet_entry(std::optional<int64_t> max_tokens = std::nullopt) {
  return text_entry("Shall I compare", max_tokens);
}

}  // namespace aiperf::testing
