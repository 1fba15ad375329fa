#pragma once
// The variations a YAML file describes (cli-and-load.md §5.1): a `sweep:` block of type grid,
// zip or scenarios, or lists written directly at a sweepable field. Expansion belongs to the
// config pipeline (`aiperf config expand`, `config validate`); running them is issue 18.
#include <string>
#include <vector>

#include "cli/yaml_config.h"

namespace aiperf {

struct SweepParameter {
  std::string path;  // canonical body path, or variables.<name>
  YamlNode value;
};

struct Variation {
  size_t index = 0;
  std::string name;  // its directory name: <last segment>_<value> joined by "__", or the scenario's name
  std::vector<SweepParameter> parameters;
  YamlNode body;       // the base body with this variation applied (templates not rendered)
  YamlNode variables;  // the variables this variation renders with
};

struct SweepPlan {
  std::string type;  // "none", "grid", "zip" or "scenarios"
  std::vector<std::string> dimensions;  // parameter paths (grid/zip), in expansion order
  std::vector<Variation> variations;    // one (the base) when there is no sweep
};

// Throws ConfigError naming file:line:column for a bad sweep.
SweepPlan expand_sweep(const YamlConfig& config);

// Directory-safe "<last segment>_<value>" (`/ \ .. < > : " | ? *` removed).
std::string variation_dir_name(const std::vector<SweepParameter>& parameters);

}  // namespace aiperf
