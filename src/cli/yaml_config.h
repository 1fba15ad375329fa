#pragma once
// `aiperf profile -f/--config run.yaml` (cli-and-load.md §6, docs/config.md): the envelope, the
// body's shorthands, `{{ expr }}` over `variables:`, and the mapping of every body key onto an
// option of the option table, so that a YAML file and a command line meet in the same raw text
// and go through the same conversion and checks.
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/option_table.h"
#include "cli/yaml_tree.h"

namespace aiperf {

// Who gave an option, as error messages name it: the alias typed ("--isl") or the YAML key
// ("run.yaml:12:5: phases.profiling.concurrency").
struct OptionSource {
  std::string spelled;
  bool from_yaml = false;
};
using OptionSources = std::map<const OptionSpec*, OptionSource>;

// A YAML file after the envelope is split off and the body's shorthands are expanded; `{{ }}`
// is not rendered yet, so that a sweep can still change a variable.
struct YamlConfig {
  std::string file;
  YamlNode body;       // canonical: models, endpoint, tokenizer, dataset, phases{warmup,profiling}, ...
  YamlNode variables;  // map (or null)
  YamlNode sweep;      // map (or null)
  YamlNode multi_run;  // map (or null)
  YamlNode plot;       // (or null)
  bool no_sweep_table = false;
  std::optional<YamlNode> random_seed;
  std::map<std::string, std::string> phase_kind_by_name;  // lowercased phase name -> warmup|profiling
  std::vector<std::string> phase_order;                   // kinds in file order (index paths)
  std::vector<std::string> warnings;
};

YamlConfig load_yaml_config(const std::string& path, const EnvLookup& env);

// The dataset keys, relative to `dataset`, whose value may be written as a distribution: a
// number, {mean, stddev}, {value} or {type: normal, ...} ("prompts.isl", "turns", ...). The
// loader normalises them and the JSON Schema (config_schema.cpp) describes them.
std::span<const char* const> dataset_distribution_keys();

// The envelope's `plot:` as the body's artifacts.auto_plot / artifacts.plot_required (which win);
// a bad shape is a ConfigError naming file:line:column. Both loaders above apply it.
void apply_plot_envelope(YamlConfig& config);
YamlConfig parse_yaml_config(std::string_view text, const std::string& file, const EnvLookup& env);

// Expands the body's shorthands in place (also used on a scenario's partial body).
void normalize_yaml_body(YamlNode& body, YamlConfig& config, bool partial);

// One option given by the file.
struct YamlSetting {
  const OptionSpec* option = nullptr;
  std::vector<std::string> values;  // the text the command line would carry
  std::optional<bool> flag;         // switches
  std::string where;                // "file:line:column: yaml.path"
};

// Renders `{{ }}` with `variables` and maps every key of `body` to an option. Unknown keys,
// wrong shapes and sweep lists are ConfigError naming file:line:column.
std::vector<YamlSetting> yaml_settings(const YamlConfig& config, const YamlNode& body, const YamlNode& variables);

// Fills the options the command line did not give; the command line wins (§6 precedence).
void apply_yaml_settings(const std::vector<YamlSetting>& settings, RawFlags& raw, OptionSources& sources);

// Renders `{{ }}` in every scalar of `node`.
void render_yaml_templates(YamlNode& node, const YamlNode& variables, const std::string& file);

// Seconds from a YAML duration: a number or "30s", "2m", "1.5h", "inf".
std::optional<std::string> yaml_duration_seconds(const std::string& text);

}  // namespace aiperf
