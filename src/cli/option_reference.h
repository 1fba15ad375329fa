#pragma once
// The option reference of docs/cli.md, made from the option table (a unit test keeps the
// checked-in copy current).
#include <string>

namespace aiperf {

std::string option_reference_markdown();

}  // namespace aiperf
