#pragma once
// The one declaration of every `aiperf profile` option. Command-line parsing, --help, YAML
// loading, shell completion and the option reference in docs/cli.md are all made from it.
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "cli/raw_flags.h"

namespace aiperf {

// Where an option's raw text goes. The alternative decides how the option is parsed: one value
// (the last one wins), a list (every value, in order), a switch, or a counted switch (-vv).
// monostate: the option is accepted by name but its feature has not landed ("not supported yet").
using OptionSink = std::variant<std::monostate, std::string RawFlags::*, std::vector<std::string> RawFlags::*,
                                bool RawFlags::*, int RawFlags::*>;

struct OptionSpec {
  // CLI11 spelling: short and long names, comma separated; the first long name is the canonical
  // one. "!--no-x" is the negation of a switch. Empty: a YAML-only option (its YAML path names it).
  std::string_view names;
  std::string_view metavar = "";  // "" for switches
  OptionSink sink = {};
  std::string_view help = "";
  // Path of the option in the YAML body after its shorthands are expanded (docs/config.md),
  // e.g. "endpoint.urls" or "phases.profiling.concurrency"; "" when YAML has no key for it.
  std::string_view yaml = "";
  bool sweepable = false;     // a comma list (or a YAML list) would define a sweep (cli-and-load.md §5.1)
  std::string_view owner = "";  // not supported yet: the issue that brings it
  // The values it accepts, space separated, for completion and the reference ("" = free text).
  std::string (*choices)() = nullptr;
  bool values_optional = false;  // a list flag that may also stand alone (--gpu-telemetry)

  bool supported() const { return !std::holds_alternative<std::monostate>(sink); }
  // Set only in a YAML file (no flag): adaptive scale's block and its phase SLA filters.
  bool yaml_only() const { return names.empty() && !yaml.empty(); }
  bool is_switch() const {
    return std::holds_alternative<bool RawFlags::*>(sink) || std::holds_alternative<int RawFlags::*>(sink);
  }
  std::string canonical_name() const;         // "--model-names"; a YAML-only option's YAML path
  std::vector<std::string> all_names() const;  // "-m", "--model-names", "--model" ("--no-x" without "!")
};

struct OptionGroup {
  std::string_view title;  // as cli-and-load.md §3 groups them
  std::span<const OptionSpec> options;
};

// The groups in help order.
std::span<const OptionGroup> profile_option_groups();

// The option spelled `name` ("--isl", "-m", "--no-ssl-verify"; a YAML-only option's YAML path), or null.
const OptionSpec* find_profile_option(std::string_view name);

// The option whose YAML path is `path`, or null.
const OptionSpec* find_profile_option_by_yaml(std::string_view path);

// The per-group tables (src/cli/options/*.cpp).
std::span<const OptionSpec> endpoint_options();
std::span<const OptionSpec> tokenizer_options();
std::span<const OptionSpec> aws_options();
std::span<const OptionSpec> input_options();
std::span<const OptionSpec> fixed_schedule_options();
std::span<const OptionSpec> goodput_options();
std::span<const OptionSpec> conversation_options();
std::span<const OptionSpec> prompt_options();
std::span<const OptionSpec> multimodal_options();
std::span<const OptionSpec> trace_synthesis_options();
std::span<const OptionSpec> load_options();
std::span<const OptionSpec> scenario_options();
std::span<const OptionSpec> warmup_options();
std::span<const OptionSpec> user_centric_options();
std::span<const OptionSpec> cancellation_options();
std::span<const OptionSpec> output_options();
std::span<const OptionSpec> telemetry_options();
std::span<const OptionSpec> sweep_options();
std::span<const OptionSpec> accuracy_options();
std::span<const OptionSpec> service_options();
std::span<const OptionSpec> shard_options();

}  // namespace aiperf
