#include "cli/profile_cli.h"

#include <strings.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <string_view>

#include "cli/aws_flags.h"
#include "cli/cli_command.h"
#include "cli/goodput_flag.h"
#include "cli/input_file_peek.h"
#include "cli/key_value_flags.h"
#include "cli/number_flags.h"
#include "cli/rate_series_flag.h"
#include "cli/request_head_text.h"
#include "cli/sequence_distribution_flag.h"
#include "cli/option_table.h"
#include "cli/profile_converter.h"
#include "cli/study_builder.h"
#include "cli/sweep_expansion.h"
#include "cli/yaml_config.h"
#include "cli/url_flags.h"
#include "common/base64.h"
#include "common/edit_distance.h"
#include "common/log.h"
#include "common/multipart_boundary.h"
#include "config/dataset_size_limit.h"
#include "config/enum_names.h"
#include "config/public_datasets.h"

namespace aiperf {
namespace {

// Registers every option of the table (cli/option_table.h) with CLI11, in its help group.
struct ProfileParser {
  CLI::App app{"Run a benchmark against an OpenAI-compatible endpoint.", "aiperf profile"};
  RawFlags raw;
  CLI::Option* unsupported_ = nullptr;

  ProfileParser() {
    app.allow_extras();  // unknown flags get our own one-line error
    app.set_help_flag("-h,--help", "Print this help and exit.");
    app.get_formatter()->column_width(44);
    // One hidden option under every not-yet-supported name: CLI11 checks each new option
    // against all earlier ones, so hundreds of separate options would make parsing slow.
    std::string unsupported;
    for (const OptionGroup& group : profile_option_groups())
      for (const OptionSpec& spec : group.options) {
        if (spec.yaml_only()) continue;
        if (spec.supported())
          add(group.title, spec);
        else
          unsupported.append(unsupported.empty() ? "" : ",").append(spec.names);
      }
    unsupported_ = app.add_option(unsupported, raw.ignored)
                       ->expected(0, 1)
                       ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
                       ->group("");
  }

  void add(std::string_view group, const OptionSpec& spec) {
    const std::string names(spec.names), help(spec.help), title(group);
    std::visit(
        [&](auto member) {
          using Member = decltype(member);
          if constexpr (std::is_same_v<Member, std::string RawFlags::*>) {
            // One value; a repeated flag keeps its last value.
            app.add_option(names, raw.*member, help)
                ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
                ->type_name(std::string(spec.metavar))
                ->group(title);
          } else if constexpr (std::is_same_v<Member, std::vector<std::string> RawFlags::*>) {
            // Several values after one flag and/or repeated flags, all kept in order.
            CLI::Option* o = app.add_option(names, raw.*member, help)->type_name(std::string(spec.metavar))->group(title);
            if (spec.values_optional) o->expected(0, -1);
          } else if constexpr (!std::is_same_v<Member, std::monostate>) {
            app.add_flag(names, raw.*member, help)->group(title);
          }
        },
        spec.sink);
  }
};

std::string flag_part(const std::string& arg) { return arg.substr(0, arg.find('=')); }

// The alias of `opt` that `arg` spells ("--isl=5" -> "--isl", "-m" -> "-m"), or "".
std::string matched_alias(const CLI::Option* opt, const std::string& arg) {
  if (arg.size() < 2 || arg[0] != '-') return "";
  if (arg[1] == '-') {
    std::string name = flag_part(arg);
    return name.size() > 2 && opt->check_lname(name.substr(2)) ? name : "";
  }
  return opt->check_sname(arg.substr(1, 1)) ? arg.substr(0, 2) : "";
}

// The alias of `opt` as the user last typed it (the one whose value was kept).
std::string typed_name(const CLI::Option* opt, const std::vector<std::string>& args) {
  std::string found;
  for (const std::string& arg : args)
    if (std::string alias = matched_alias(opt, arg); !alias.empty()) found = alias;
  return found.empty() ? opt->get_name() : found;
}

std::string suggestion(const CLI::App& app, const std::string& unknown) {
  std::string best;
  size_t best_distance = 3;  // beyond two edits a suggestion is more noise than help
  for (const CLI::Option* opt : app.get_options()) {
    for (const std::string& l : opt->get_lnames()) {
      size_t d = edit_distance(unknown, "--" + l);
      if (d < best_distance) best_distance = d, best = "--" + l;
    }
  }
  return best.empty() ? "" : " (did you mean " + best + "?)";
}

// The option `word` spells by itself ("--url", "-u"; not "--url=x" or "-HName:Value"), or null.
const CLI::Option* option_spelled(const CLI::App& app, const std::string& word) {
  if (word.size() < 2 || word[0] != '-' || word == "--" || word.find('=') != std::string::npos) return nullptr;
  if (word[1] != '-' && word.size() != 2) return nullptr;
  return app.get_option_no_throw(word);
}

bool looks_like_option(const CLI::App& app, const std::string& word) {
  if (word.size() > 2 && word.rfind("--", 0) == 0) return true;
  return word.size() >= 2 && word[0] == '-' && word[1] != '-' && app.get_option_no_throw(word.substr(0, 2));
}

// CLI11 takes the word after an option as its value even when that word is another option, so
// `--model --url x` would mean the model "--url" and then stumble on "x". An option that needs
// a value and is followed by nothing or by another option is named instead.
void reject_missing_values(const CLI::App& app, const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") return;
    const CLI::Option* opt = option_spelled(app, args[i]);
    if (!opt || opt->get_items_expected_min() == 0) continue;
    if (i + 1 == args.size() || looks_like_option(app, args[i + 1])) throw ConfigError(args[i] + " needs a value");
    ++i;
  }
}

void reject_leftovers(const CLI::App& app) {
  std::vector<std::string> rest = app.remaining();
  if (rest.empty()) return;
  const std::string& first = rest.front();
  if (first.size() > 1 && first[0] == '-') {
    std::string name = flag_part(first);
    throw ConfigError("unknown option " + name + suggestion(app, name));
  }
  throw ConfigError("unexpected argument '" + redact_url_credentials(first) + "'");
}

void reject_unsupported(const ProfileParser& p, const std::vector<std::string>& args) {
  if (p.unsupported_->count() == 0) return;
  // Report the first one on the command line, so the message matches what the user sees first.
  for (const std::string& arg : args)
    if (std::string alias = matched_alias(p.unsupported_, arg); !alias.empty()) {
      const OptionSpec* spec = find_profile_option(alias);
      throw ConfigError(alias + " is not supported yet by aiperf-cpp" +
                        (spec ? " (" + std::string(spec->owner) + ")" : std::string()));
    }
  throw ConfigError("a flag that is not supported yet by aiperf-cpp was given");
}

std::string one_line(std::string s) {
  for (char& ch : s)
    if (ch == '\n' || ch == '\r') ch = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// The options the command line gave, each under the alias the user typed.
OptionSources command_line_sources(const ProfileParser& parser, const std::vector<std::string>& args) {
  OptionSources sources;
  for (const OptionGroup& group : profile_option_groups())
    for (const OptionSpec& spec : group.options) {
      if (!spec.supported() || spec.yaml_only()) continue;
      const CLI::Option* opt = parser.app.get_option_no_throw(spec.canonical_name());
      if (opt && opt->count() > 0) sources[&spec] = {typed_name(opt, args), false};
    }
  return sources;
}

// A check that names options by their flags ("--per-chunk-usage requires --streaming") also
// says where the YAML file set them.
ConfigError with_yaml_locations(const ConfigError& e, const OptionSources& sources) {
  std::string message = e.what();
  std::string where;
  for (const auto& [spec, source] : sources) {
    if (!source.from_yaml || message.find(source.spelled) != std::string::npos) continue;
    for (const std::string& name : spec->all_names()) {
      const size_t at = message.find(name);
      const size_t end = at + name.size();
      if (at == std::string::npos || (end < message.size() && (std::isalnum(static_cast<unsigned char>(message[end])) ||
                                                               message[end] == '-')))
        continue;
      where += (where.empty() ? " (" : "; ") + name + " is " + source.spelled;
      break;
    }
  }
  return ConfigError(where.empty() ? message : message + where + ")");
}

// With a config file the model may come from either place; the error says both.
void require_model(const std::string& file, const OptionSources& sources) {
  if (!sources.contains(find_profile_option("--model")))
    throw ConfigError(file + ": a model is required (benchmark.model, or -m/--model on the command line)");
}

YamlConfig load_config_file(const std::string& path) {
  if (path.empty()) throw ConfigError("--config: empty path");
  YamlConfig config = load_yaml_config(path, process_environment());
  for (const std::string& w : config.warnings) log_warning(w);
  return config;
}

}  // namespace

std::optional<Study> parse_profile_study(const std::vector<std::string>& args) {
  ProfileParser parser;
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 consumes from the back
  reject_missing_values(parser.app, args);
  try {
    parser.app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::cout << parser.app.help();
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    throw ConfigError(one_line(e.what()));
  }
  reject_leftovers(parser.app);
  reject_unsupported(parser, args);
  const OptionSources sources = command_line_sources(parser, args);
  std::optional<YamlConfig> yaml;
  if (sources.contains(find_profile_option("--config"))) yaml = load_config_file(parser.raw.config_file);
  const std::string file = yaml ? yaml->file : "";
  // One benchmark's options (command line, then the file) to its config; kept by the search.
  auto convert = [args, file](const RawFlags& raw, const OptionSources& merged) {
    if (!file.empty()) require_model(file, merged);
    try {
      return ProfileConverter(raw, merged, args).convert();
    } catch (const ConfigError& e) {
      throw with_yaml_locations(e, merged);
    }
  };
  return build_study({parser.raw, sources, args, yaml ? &*yaml : nullptr, convert});
}

std::optional<ProfileConfig> parse_profile_args(const std::vector<std::string>& args) {
  std::optional<Study> study = parse_profile_study(args);
  if (!study) return std::nullopt;
  if (study->needs_study_runner())
    throw ConfigError("this command is a sweep, multi-run or search: it runs several benchmarks");
  return std::move(study->variations.front().config);
}

ProfileConfig convert_yaml_variation(const YamlConfig& config, const YamlNode& body, const YamlNode& variables) {
  RawFlags raw;
  OptionSources sources;
  apply_yaml_settings(yaml_settings(config, body, variables), raw, sources);
  require_model(config.file, sources);
  const std::vector<std::string> args{"--config", config.file};
  try {
    return ProfileConverter(raw, sources, args).convert();
  } catch (const ConfigError& e) {
    throw with_yaml_locations(e, sources);
  }
}

std::string profile_usage() { return ProfileParser().app.help(); }

std::string aiperf_usage() {
  return "Usage: aiperf <command> [options]\n"
         "\n"
         "Commands:\n"
         "  profile    Run a benchmark against an OpenAI-compatible endpoint (-f/--config run.yaml)\n"
         "  plot       Charts (PNG) and an interactive report.html from finished runs; --dashboard serves them\n"
         "  kube       A benchmark sharded over Kubernetes pods: generate, profile, results, logs, cancel, delete\n"
         "  slurm      generate: an sbatch script running a benchmark as shards of one srun step\n"
         "  merge      One artifact set from the shards of a sharded run (or sweep): aiperf merge DIR... --output DIR\n"
         "  config     init (bundled YAML templates), validate and expand (a sweep's variations) a YAML file\n"
         "  tokenize   Count or list the tokens of a text under a tokenizer\n"
         "  analyze-trace  Statistics of a mooncake trace (ISL/OSL, prefix-cache hit rates)\n"
         "  analyze swim-lane  Per-session swim lanes of a run with its concurrency curve (PNG, --html)\n"
         "  analyze turn-messages  HTML viewer of the messages each turn sent (needs --export-level raw)\n"
         "  synthesize agentic-code  A synthetic multi-turn agentic workload (Mooncake trace) for --input-file\n"
         "  speed-bench-report  Model x category matrix of SPEED-Bench runs (acceptance length/rate, throughput)\n"
         "  plugins    List endpoint types, dataset loaders, arrival patterns, ... (what each option accepts)\n"
         "  chat       One streamed chat turn (-q) or an interactive chat: TTFT, tokens/s, latency per turn\n"
         "  validate   Check a dataset or trace file (--target mooncake-trace --input FILE) without a run\n"
         "\n"
         "Options:\n"
         "  -h, --help     Print this help and exit\n"
         "  --version      Print the version and exit\n"
         "  --install-completion [--shell bash|zsh|fish] [-o FILE]  Install shell completion\n"
         "\n"
         "Run 'aiperf profile --help' for the benchmark options.\n";
}

}  // namespace aiperf
