#pragma once
// Shared by the flag tests: parse a `profile` command line (a model is added), or get the
// one-line error it is refused with.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "cli/profile_cli.h"

namespace aiperf::cli_test {

inline ProfileConfig parse_flags(std::vector<std::string> args) {
  args.insert(args.begin(), {"-m", "test-model"});
  auto config = parse_profile_args(args);
  if (!config) throw std::runtime_error("help was printed");
  return *config;
}

inline std::string flag_error(std::vector<std::string> args) {
  try {
    parse_flags(args);
  } catch (const ConfigError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ConfigError";
  return "";
}

}  // namespace aiperf::cli_test
