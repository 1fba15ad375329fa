#pragma once
// Block-style YAML from a JSON value, for the Kubernetes manifests. Kubernetes reads YAML 1.1
// (sigs.k8s.io/yaml), where `yes`, `on`, `0755` or `1e3` are not strings: every string that a
// YAML 1.1 or 1.2 reader could take for anything else is double-quoted, so a label value "true"
// or an env value "1" reaches the API as the string it is. A multi-line string (the benchmark
// YAML in the ConfigMap) is written as a literal block, byte for byte.
#include <nlohmann/json.hpp>

#include <string>

namespace aiperf {

// One document, without the leading `---`; ends with a newline.
std::string yaml_document(const nlohmann::ordered_json& value);

}  // namespace aiperf
