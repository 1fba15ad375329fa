#include "app/config_command.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "app/config_templates.h"
#include "cli/profile_cli.h"
#include "cli/subcommand_parse.h"
#include "cli/study.h"
#include "cli/study_builder.h"
#include "cli/sweep_expansion.h"
#include "cli/yaml_config.h"
#include "common/edit_distance.h"
#include "common/log.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

constexpr const char* kUsage =
    "Usage: aiperf config <command> [options]\n"
    "\n"
    "Commands:\n"
    "  init      Print or write a bundled YAML template\n"
    "            -t/--template NAME, -l/--list, -s/--search WORD, -c/--category NAME, -v/--verbose,\n"
    "            -m/--model NAME, -u/--url URL, -o/--output FILE\n"
    "  validate  Check a YAML file the way `aiperf profile -f` would (exit 1 on an error, 0 with warnings)\n"
    "            --config-file FILE\n"
    "  expand    Print the variations a sweep would run, without running them\n"
    "            --config-file FILE, -F/--full, -i/--index N, -f/--format text|yaml|json\n";

// ---- init ------------------------------------------------------------------------------------

struct TemplateInfo {
  std::string name, title, description, category, tags;
  std::string_view text;
};

TemplateInfo info_of(const BundledTemplate& t) {
  TemplateInfo info{std::string(t.name), "", "", "", "", t.text};
  std::string_view rest = t.text;
  while (!rest.empty() && rest.front() == '#') {
    const size_t nl = rest.find('\n');
    std::string line(rest.substr(0, nl));
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    auto field = [&](const char* key, std::string& sink) {
      const std::string prefix = std::string("# ") + key + ": ";
      if (line.rfind(prefix, 0) == 0) sink = line.substr(prefix.size());
    };
    field("title", info.title);
    field("description", info.description);
    field("category", info.category);
    field("tags", info.tags);
  }
  return info;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// -m replaces the model line's value; -u every http://localhost:8000.
std::string customise(std::string text, const std::string& model, const std::string& url) {
  if (!model.empty()) {
    const size_t at = text.find("\n  model: ");
    if (at != std::string::npos) {
      const size_t start = at + 10, end = text.find('\n', start);
      text.replace(start, end - start, model);
    }
  }
  if (!url.empty())
    for (size_t at = text.find("http://localhost:8000"); at != std::string::npos;
         at = text.find("http://localhost:8000", at + url.size()))
      text.replace(at, 21, url);
  return text;
}

int run_init(const std::vector<std::string>& args) {
  CLI::App app("Print or write a bundled YAML template (no option: list them).", "aiperf config init");
  std::string name, search, category, model, url, output;
  bool list = false, verbose = false;
  app.add_option("-t,--template", name, "The template to print");
  app.add_flag("-l,--list", list, "List the templates (the default)");
  app.add_option("-s,--search", search, "List the templates mentioning WORD");
  app.add_option("-c,--category", category, "List one category's templates");
  app.add_flag("-v,--verbose", verbose, "List descriptions and tags too");
  app.add_option("-m,--model", model, "Replace the template's model");
  app.add_option("-u,--url", url, "Replace http://localhost:8000 in the template");
  app.add_option("-o,--output", output, "Write the template to this file ('-': print it)");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "config init")) return *exit_code;
  std::vector<TemplateInfo> all;
  for (const BundledTemplate& t : bundled_templates()) all.push_back(info_of(t));
  if (name.empty()) {
    const std::string word = lower(search), wanted = lower(category);
    size_t shown = 0;
    for (const TemplateInfo& t : all) {
      if (!wanted.empty() && lower(t.category) != wanted) continue;
      if (!word.empty() && lower(t.name + " " + t.title + " " + t.description + " " + t.tags).find(word) == std::string::npos)
        continue;
      std::printf("  %-26s %-22s %s\n", t.name.c_str(), t.category.c_str(), t.title.c_str());
      if (verbose) std::printf("  %-26s %-22s %s [%s]\n", "", "", t.description.c_str(), t.tags.c_str());
      ++shown;
    }
    if (shown == 0) {
      std::cerr << "error: no template matches" << (word.empty() ? "" : " '" + word + "'")
                << (category.empty() ? "" : " in category '" + category + "'") << "\n";
      return 1;
    }
    std::cout << "\nPrint one: aiperf config init --template NAME [-m MODEL] [-u URL] [-o FILE]\n";
    return 0;
  }
  auto it = std::find_if(all.begin(), all.end(), [&](const TemplateInfo& t) { return t.name == name; });
  if (it == all.end()) {
    std::vector<std::string> names;
    for (const TemplateInfo& t : all) names.push_back(t.name);
    const std::string near = nearest_name(name, names, 3);
    throw ConfigError("--template: no template named '" + name + "'" + (near.empty() ? "" : " (did you mean " + near + "?)") +
                      "; aiperf config init --list shows them");
  }
  const std::string text = customise(std::string(it->text), model, url);
  if (output.empty() || output == "-") {
    std::cout << text;
    return 0;
  }
  std::ofstream out(output, std::ios::binary | std::ios::trunc);
  out << text;
  out.flush();
  if (!out) throw ConfigError("--output: cannot write " + output);
  std::cout << "Wrote " << name << " to " << output << "; run it with: aiperf profile --config " << output << "\n";
  return 0;
}

// ---- validate / expand -----------------------------------------------------------------------


// `multi_run:` goes through the conversion `aiperf profile -f` uses (cli/study_builder.h).
void check_multi_run(const YamlConfig& c) {
  if (c.multi_run.is_null()) return;
  if (!c.multi_run.is_map()) throw ConfigError(yaml_location(c.file, c.multi_run.mark) + ": multi_run: must be a mapping");
  convert_study_settings(RawFlags{}, OptionSources{}, &c);
}

int run_validate(const std::vector<std::string>& args) {
  CLI::App app("Check a YAML file the way aiperf profile -f would: exit 1 on an error, 0 with warnings.",
               "aiperf config validate");
  std::string file;
  app.add_option("--config-file", file, "The YAML file")->required();
  if (std::optional<int> exit_code = parse_subcommand(app, args, "config validate")) return *exit_code;
  YamlConfig c = load_yaml_config(file, process_environment());
  std::vector<std::string> warnings = c.warnings;
  check_multi_run(c);
  const SweepPlan plan = expand_sweep(c);
  if (plan.type == "adaptive_search") parse_profile_study({"--config", file});  // the search's own checks
  for (const Variation& v : plan.variations) {
    try {
      convert_yaml_variation(c, v.body, v.variables);
    } catch (const ConfigError& e) {
      if (plan.type == "none") throw;
      throw ConfigError(std::string(e.what()) + " (in variation " + std::to_string(v.index) + ", " + v.name + ")");
    }
  }
  for (const std::string& w : warnings) log_warning(w);
  std::cout << file << ": valid";
  if (plan.type != "none") std::cout << " (" << plan.variations.size() << " " << plan.type << " variations)";
  if (!warnings.empty()) std::cout << ", " << warnings.size() << " warning" << (warnings.size() == 1 ? "" : "s");
  std::cout << "\n";
  return 0;
}

nlohmann::ordered_json variation_json(const YamlConfig& c, const Variation& v, bool full) {
  nlohmann::ordered_json j;
  j["index"] = v.index;
  j["name"] = v.name;
  nlohmann::ordered_json params = nlohmann::ordered_json::object();
  for (const SweepParameter& p : v.parameters) params[p.path] = yaml_to_json(p.value);
  j["parameters"] = params;
  if (full) {
    YamlNode body = v.body;
    render_yaml_templates(body, v.variables, c.file);
    j["benchmark"] = yaml_to_json(body);
  }
  return j;
}

int run_expand(const std::vector<std::string>& args) {
  CLI::App app("Print the variations a sweep would run, without running them.", "aiperf config expand");
  std::string file, format = "text";
  bool full = false;
  std::optional<size_t> index;
  app.add_option("--config-file", file, "The YAML file")->required();
  app.add_flag("-F,--full", full, "Print each variation's whole body");
  app.add_option("-i,--index", index, "Print only variation N (implies --full)");
  app.add_option("-f,--format", format, "text, yaml or json")->check(CLI::IsMember({"text", "yaml", "json"}));
  if (std::optional<int> exit_code = parse_subcommand(app, args, "config expand")) return *exit_code;
  YamlConfig c = load_yaml_config(file, process_environment());
  for (const std::string& w : c.warnings) log_warning(w);
  SweepPlan plan = expand_sweep(c);
  if (plan.type == "adaptive_search") {
    std::cout << file << ": adaptive_search: the planner chooses each point while the search runs (docs/sweeps.md)\n";
    return 0;
  }
  for (size_t i = 0; i < plan.variations.size(); ++i) plan.variations[i].index = i;
  std::vector<const Variation*> shown;
  if (index) {
    full = true;  // -i implies the full body
    if (*index >= plan.variations.size())
      throw ConfigError("--index: expected 0.." + std::to_string(plan.variations.size() - 1) + ", got " +
                        std::to_string(*index));
    shown.push_back(&plan.variations[*index]);
  } else {
    for (const Variation& v : plan.variations) shown.push_back(&v);
  }
  // Every variation must convert: expand shows only what a run would accept.
  for (const Variation* v : shown) {
    try {
      convert_yaml_variation(c, v->body, v->variables);
    } catch (const ConfigError& e) {
      throw ConfigError(std::string(e.what()) + " (in variation " + std::to_string(v->index) + ", " + v->name + ")");
    }
  }
  if (format == "json" || format == "yaml") {
    nlohmann::ordered_json out;
    out["config"] = file;
    out["type"] = plan.type;
    out["dimensions"] = plan.dimensions;
    out["variations"] = nlohmann::ordered_json::array();
    for (const Variation* v : shown) out["variations"].push_back(variation_json(c, *v, full));
    if (format == "json") std::cout << out.dump(2) << "\n";
    else std::cout << yaml_emit(json_to_yaml(out));
    return 0;
  }
  std::cout << file << ": " << plan.variations.size() << " variation" << (plan.variations.size() == 1 ? "" : "s");
  if (plan.type != "none") {
    std::cout << " (" << plan.type;
    if (!plan.dimensions.empty()) {
      std::cout << " over ";
      for (size_t i = 0; i < plan.dimensions.size(); ++i) std::cout << (i ? " x " : "") << plan.dimensions[i];
    }
    std::cout << ")";
  }
  std::cout << "\n";
  for (const Variation* v : shown) {
    std::printf("  %4zu  %-32s", v->index, v->name.c_str());
    for (const SweepParameter& p : v->parameters) std::printf("  %s=%s", p.path.c_str(), p.value.scalar.c_str());
    std::printf("\n");
    if (full) {
      YamlNode body = v->body;
      render_yaml_templates(body, v->variables, c.file);
      std::string text = yaml_emit(body);
      std::string indented;
      for (size_t start = 0; start < text.size();) {
        const size_t nl = text.find('\n', start);
        indented += "        " + text.substr(start, nl - start + 1);
        start = nl == std::string::npos ? text.size() : nl + 1;
      }
      std::cout << indented;
    }
  }
  return 0;
}

}  // namespace

int run_config_command(const std::vector<std::string>& args) {
  try {
    if (args.empty() || args[0] == "-h" || args[0] == "--help") {
      std::cout << kUsage;
      return args.empty() ? 1 : 0;
    }
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (args[0] == "init") return run_init(rest);
    if (args[0] == "validate") return run_validate(rest);
    if (args[0] == "expand") return run_expand(rest);
    throw ConfigError("config: unknown command '" + args[0] + "' (init, validate, expand)");
  } catch (const std::exception& e) {
    log(LogLevel::error, e.what());
    return 1;
  }
}

}  // namespace aiperf
