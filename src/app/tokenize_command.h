#pragma once
// `aiperf tokenize --tokenizer T [--ids|--count] TEXT|-`: how many tokens (or which ids) a
// text is under a tokenizer, encoded as aiperf counts ISL/OSL (no special tokens added).
#include <string>
#include <vector>

namespace aiperf {

// `args` excludes "tokenize". Returns the exit status; errors go to stderr as one line.
int run_tokenize_command(const std::vector<std::string>& args);

}  // namespace aiperf
