#include "cli/shell_completion.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/option_table.h"
#include "cli/subcommand_parse.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

const char* const kCommands = "profile plot kube slurm merge config plugins tokenize analyze-trace analyze synthesize";
const char* const kConfigCommands = "init validate expand";

bool takes_path(const OptionSpec& o) {
  return o.metavar == "FILE" || o.metavar == "PATH" || o.metavar == "DIR" || o.metavar == "SRC";
}

struct Table {
  std::vector<std::pair<std::string, std::string>> choices;  // option name -> values
  std::vector<std::string> paths;                            // options that take a file or directory
  std::string names;                                         // every accepted name
};

Table table() {
  Table t;
  for (const OptionGroup& g : profile_option_groups())
    for (const OptionSpec& o : g.options) {
      if (!o.supported()) continue;
      for (const std::string& n : o.all_names()) {
        (t.names.empty() ? t.names : t.names += ' ') += n;
        if (o.choices) t.choices.emplace_back(n, o.choices());
        if (takes_path(o)) t.paths.push_back(n);
      }
    }
  t.names += " --help";
  return t;
}

std::string bash() {
  const Table t = table();
  std::string s =
      "# bash completion for aiperf (made by aiperf --install-completion)\n"
      "_aiperf() {\n"
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
      "    COMPREPLY=($(compgen -W \"" + std::string(kCommands) + " --help --version --install-completion\" -- \"$cur\"))\n"
      "    return\n"
      "  fi\n"
      "  case \"${COMP_WORDS[1]}\" in\n"
      "  config)\n"
      "    if [ \"$COMP_CWORD\" -eq 2 ]; then COMPREPLY=($(compgen -W \"" + kConfigCommands + "\" -- \"$cur\")); return; fi\n"
      "    case \"$prev\" in --config-file|-o|--output) COMPREPLY=($(compgen -f -- \"$cur\")); return;; esac\n"
      "    COMPREPLY=($(compgen -W \"--config-file --template --list --search --category --model --url --output "
      "--full --index --format --help\" -- \"$cur\"))\n"
      "    ;;\n"
      "  profile)\n"
      "    case \"$prev\" in\n";
  for (const auto& [name, values] : t.choices)
    s += "    " + name + ") COMPREPLY=($(compgen -W \"" + values + "\" -- \"$cur\")); return;;\n";
  if (!t.paths.empty()) {
    s += "    ";
    for (size_t i = 0; i < t.paths.size(); ++i) s += (i ? "|" : "") + t.paths[i];
    s += ") COMPREPLY=($(compgen -f -- \"$cur\")); return;;\n";
  }
  s += "    esac\n"
       "    COMPREPLY=($(compgen -W \"" + t.names + "\" -- \"$cur\"))\n"
       "    ;;\n"
       "  esac\n"
       "}\n"
       "complete -o default -F _aiperf aiperf\n";
  return s;
}

std::string zsh() {
  // zsh runs bash completion functions through bashcompinit.
  return "#compdef aiperf\n# zsh completion for aiperf (made by aiperf --install-completion)\n"
         "autoload -U +X bashcompinit && bashcompinit\n" +
         bash();
}

std::string fish() {
  const Table t = table();
  std::string s = "# fish completion for aiperf (made by aiperf --install-completion)\n"
                  "complete -c aiperf -f\n";
  s += "complete -c aiperf -n '__fish_use_subcommand' -a '" + std::string(kCommands) + "'\n";
  s += "complete -c aiperf -n '__fish_seen_subcommand_from config' -a '" + std::string(kConfigCommands) + "'\n";
  for (const OptionGroup& g : profile_option_groups())
    for (const OptionSpec& o : g.options) {
      if (!o.supported()) continue;
      for (const std::string& n : o.all_names()) {
        s += "complete -c aiperf -n '__fish_seen_subcommand_from profile' ";
        s += n.rfind("--", 0) == 0 ? "-l " + n.substr(2) : "-s " + n.substr(1);
        if (o.choices) s += " -x -a '" + o.choices() + "'";
        else if (takes_path(o)) s += " -r -F";
        else if (!o.is_switch()) s += " -r";
        std::string help(o.help.substr(0, o.help.find(". ")));
        for (char& c : help)
          if (c == '\'') c = '"';
        s += " -d '" + help + "'\n";
      }
    }
  return s;
}

}  // namespace

std::optional<Shell> shell_by_name(const std::string& name) {
  if (name == "bash") return Shell::bash;
  if (name == "zsh") return Shell::zsh;
  if (name == "fish") return Shell::fish;
  return std::nullopt;
}

std::string completion_script(Shell shell) {
  switch (shell) {
    case Shell::bash: return bash();
    case Shell::zsh: return zsh();
    case Shell::fish: return fish();
  }
  return {};
}

std::string default_completion_path(Shell shell, const std::string& home) {
  switch (shell) {
    case Shell::bash: return home + "/.local/share/bash-completion/completions/aiperf";
    case Shell::zsh: return home + "/.zfunc/_aiperf";
    case Shell::fish: return home + "/.config/fish/completions/aiperf.fish";
  }
  return {};
}

int run_install_completion(const std::vector<std::string>& args) {
  CLI::App app("Write a completion script for the shell (default: $SHELL) to FILE (default: the shell's per-user "
               "completion directory; '-' prints it).",
               "aiperf --install-completion");
  std::string shell_name, output;
  app.add_option("--shell", shell_name, "bash, zsh or fish");
  app.add_option("-o,--output", output, "Where to write it");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "--install-completion")) return *exit_code;
  if (shell_name.empty()) {
    const char* sh = std::getenv("SHELL");
    shell_name = sh ? std::filesystem::path(sh).filename().string() : "bash";
  }
  const std::optional<Shell> shell = shell_by_name(shell_name);
  if (!shell) throw ConfigError("--shell: invalid choice '" + shell_name + "' (choose from bash, zsh, fish)");
  const std::string script = completion_script(*shell);
  if (output == "-") {
    std::cout << script;
    return 0;
  }
  if (output.empty()) {
    const char* home = std::getenv("HOME");
    if (!home || !*home) throw ConfigError("--install-completion: HOME is not set; give -o FILE");
    output = default_completion_path(*shell, home);
  }
  std::error_code ec;
  if (const auto parent = std::filesystem::path(output).parent_path(); !parent.empty())
    std::filesystem::create_directories(parent, ec);
  std::ofstream out(output, std::ios::binary | std::ios::trunc);
  out << script;
  out.flush();
  if (!out) throw ConfigError("--install-completion: cannot write " + output);
  std::cout << "Wrote the " << shell_name << " completion for aiperf to " << output << "\n";
  if (*shell == Shell::zsh) std::cout << "Add 'fpath+=(~/.zfunc); autoload -U compinit && compinit' to ~/.zshrc.\n";
  else std::cout << "It takes effect in new shells.\n";
  return 0;
}

}  // namespace aiperf
