#include "cli/option_reference.h"

#include <algorithm>

#include "cli/option_table.h"

namespace aiperf {
namespace {

std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::string names_cell(const OptionSpec& o) {
  if (o.yaml_only()) return "(YAML only)";
  std::string out;
  for (const std::string& n : o.all_names()) (out.empty() ? out : out += ", ") += "`" + n + "`";
  return out;
}

}  // namespace

std::string option_reference_markdown() {
  size_t accepted = 0, later = 0;
  for (const OptionGroup& g : profile_option_groups())
    for (const OptionSpec& o : g.options) (o.supported() ? accepted : later) += o.all_names().size();
  std::string out;
  out += "Option names: " + std::to_string(accepted + later) + " (" + std::to_string(accepted) + " accepted, " +
         std::to_string(later) + " not supported yet). Groups follow upstream's reference (cli-and-load.md §3); "
         "\"YAML key\" is the option's path in the `benchmark:` body of a `-f/--config` file (docs/config.md), "
         "and \"sweep\" marks the options whose value may be a list that defines a sweep.\n";
  for (const OptionGroup& g : profile_option_groups()) {
    out += "\n### " + std::string(g.title) + "\n\n";
    out += "| Option | Value | YAML key | Description |\n|---|---|---|---|\n";
    for (const OptionSpec& o : g.options) {
      std::string yaml = o.yaml.empty() ? "" : "`" + std::string(o.yaml) + "`";
      if (o.sweepable) yaml += " (sweep)";
      std::string value = o.supported() ? (o.is_switch() ? "switch" : std::string(o.metavar)) : "";
      if (o.choices) {
        const std::string choices = o.choices();
        if (std::count(choices.begin(), choices.end(), ' ') < 12) {
          value.clear();
          for (char c : choices) value += c == ' ' ? std::string(" \\| ") : std::string(1, c);
        }
      }
      const std::string description =
          o.supported() ? cell(o.help) : "Not supported yet (" + std::string(o.owner) + ").";
      out += "| " + names_cell(o) + " | " + value + " | " + yaml + " | " + description + " |\n";
    }
  }
  return out;
}

}  // namespace aiperf
