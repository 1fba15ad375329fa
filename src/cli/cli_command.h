#pragma once
// Rebuilds the `aiperf profile ...` line for run_info.cli_command, with secrets redacted.
#include <string>
#include <vector>

namespace aiperf {

// POSIX-shell quoting, like Python's shlex.quote: safe words stay bare.
std::string shell_quote(const std::string& word);

// `args` are the words after "profile". The --api-key value, the values of credential headers
// (common/credential_header.h) and the user-info of --url values are replaced by <redacted>.
std::string reconstruct_cli_command(const std::vector<std::string>& args);

}  // namespace aiperf
