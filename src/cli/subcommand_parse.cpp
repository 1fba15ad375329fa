#include "cli/subcommand_parse.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace aiperf {

std::optional<int> parse_subcommand(CLI::App& app, const std::vector<std::string>& args, const char* command) {
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 pops from the back
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::ParseError& e) {
    std::cerr << "error: " << command << ": " << e.what() << "\n";
    return 1;
  }
  return std::nullopt;
}

}  // namespace aiperf
