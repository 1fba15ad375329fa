#pragma once
// Parses `aiperf profile ...` into a validated ProfileConfig.
#include <optional>
#include <string>
#include <vector>

#include "config/profile_config.h"

namespace aiperf {

// `args` excludes the program name and the "profile" word. Throws ConfigError with one
// line naming the flag at fault. Returns nullopt after printing --help. A command that stands
// for several benchmarks (a sweep, multi-run or search) is parse_profile_study's (cli/study.h);
// here it is an error.
std::optional<ProfileConfig> parse_profile_args(const std::vector<std::string>& args);

struct YamlConfig;
struct YamlNode;

// One variation of a YAML file (`config validate`, `config expand`) through the same conversion
// and checks as a run; ConfigError names file:line:column.
ProfileConfig convert_yaml_variation(const YamlConfig& config, const YamlNode& body, const YamlNode& variables);

// Top-level `aiperf --help` text (commands, and where to find their options).
std::string aiperf_usage();

// The `aiperf profile --help` text that parse_profile_args prints.
std::string profile_usage();

}  // namespace aiperf
