#pragma once
// `--endpoint-type template` (workloads-and-endpoints.md §7.3): the body is a Jinja2 template
// rendered with the turn's variables, parsed as JSON, then --extra-inputs (without the
// template's own keys) and the row's `extra` are merged over it. The template comes from
// `--extra-inputs payload_template:<name | file path | inline template>`.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "config/profile_config.h"
#include "dataset/dataset.h"

namespace aiperf {

// --extra-inputs keys that configure the template endpoint and are never sent.
inline constexpr const char* kPayloadTemplateKey = "payload_template";
inline constexpr const char* kResponseFieldKey = "response_field";

// The template text: a named template (`nv-embedqa`), else the file it names, else the value
// itself. Throws ConfigError when payload_template is missing or not a string.
std::string payload_template_source(const EndpointSettings& config);

// The variables a template sees for turn `turn` of `entry` (docs/design.md, "Body templates").
nlohmann::json template_variables(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn);

// Renders turn `turn`. Throws std::runtime_error naming --extra-inputs payload_template and
// the template line when it cannot be rendered or its output is not JSON.
std::string build_template_body(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn);

}  // namespace aiperf
