#pragma once
// The JSON Schema of a YAML config (schema/aiperf-config.schema.json, for editors), made from
// the option table so that it accepts exactly the keys the loader does.
#include <nlohmann/json.hpp>

namespace aiperf {

nlohmann::ordered_json config_json_schema();

}  // namespace aiperf
