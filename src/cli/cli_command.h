#pragma once
// Rebuilds the `aiperf profile ...` line for run_info.cli_command, with secrets redacted.
#include <string>
#include <vector>

#include "common/shell_words.h"  // shell_quote

namespace aiperf {


// `args` are the words after "profile". The --api-key value, the values of credential headers
// (common/credential_header.h) and the user-info of --url values are replaced by <redacted>.
std::string reconstruct_cli_command(const std::vector<std::string>& args);

// The same words, each redacted as above (what a sharded run keeps for `aiperf merge`).
std::vector<std::string> redact_cli_args(const std::vector<std::string>& args);

}  // namespace aiperf
