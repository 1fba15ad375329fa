// The YAML config pipeline (cli/yaml_tree, cli/yaml_config, cli/sweep_expansion, multi_run:,
// config/template_expression): any file is either mapped onto options or refused with one
// ConfigError; nothing else may escape, crash or hang. Environment lookups answer from a fixed
// table so that ${VAR} paths are reached without the process environment.
#include <cstdint>
#include <optional>
#include <string>

#include "cli/study_builder.h"
#include "cli/sweep_expansion.h"
#include "cli/yaml_config.h"
#include "config/profile_config.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;  // the loader's cost grows with the file; big inputs add nothing
  aiperf::fuzz::FuzzInput in(data, size);
  const aiperf::EnvLookup env = [](const std::string& name) -> std::optional<std::string> {
    if (name == "SET") return std::string("4");
    if (name == "EMPTY") return std::string();
    return std::nullopt;
  };
  try {
    const aiperf::YamlConfig config = aiperf::parse_yaml_config(in.rest(), "fuzz.yaml", env);
    aiperf::convert_study_settings(aiperf::RawFlags{}, aiperf::OptionSources{}, &config);  // multi_run:
    const aiperf::SweepPlan plan = aiperf::expand_sweep(config);
    size_t checked = 0;
    for (const aiperf::Variation& v : plan.variations) {
      if (++checked > 8) break;
      aiperf::RawFlags raw;
      aiperf::OptionSources sources;
      aiperf::apply_yaml_settings(aiperf::yaml_settings(config, v.body, v.variables), raw, sources);
    }
  } catch (const aiperf::ConfigError&) {
  }
  return 0;
}
