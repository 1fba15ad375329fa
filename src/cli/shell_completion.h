#pragma once
// `aiperf --install-completion`: bash, zsh and fish completion scripts made from the option
// table (names, and the values of the options that take a fixed set) and the command list.
#include <optional>
#include <string>
#include <vector>

namespace aiperf {

enum class Shell { bash, zsh, fish };

std::optional<Shell> shell_by_name(const std::string& name);
std::string completion_script(Shell shell);

// Where the script goes when -o is not given (the shell's per-user completion directory).
std::string default_completion_path(Shell shell, const std::string& home);

// `aiperf --install-completion [--shell S] [-o FILE]`; returns the exit status.
int run_install_completion(const std::vector<std::string>& args);

}  // namespace aiperf
