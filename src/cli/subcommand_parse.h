#pragma once
// Parsing shared by the small subcommands (tokenize, analyze-trace): --help prints the help
// and exits 0; a parse error is printed as "error: <command>: …" and exits 1.
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace aiperf {

// nullopt: parsed, go on; otherwise the exit code the command returns now.
std::optional<int> parse_subcommand(CLI::App& app, const std::vector<std::string>& args, const char* command);

}  // namespace aiperf
