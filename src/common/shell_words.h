#pragma once
// Words for a POSIX shell: the `aiperf profile` line in the exports, the generated Slurm
// script and the command lines `aiperf kube --dry-run` prints go through here, so a space,
// quote or `$` in an argument stays literal.
#include <string>
#include <vector>

namespace aiperf {

// One argument, quoted only when it needs it, like Python's shlex.quote: `abc` stays, `a b`
// becomes `'a b'`, `it's` becomes `'it'"'"'s'` (inside single quotes nothing is special but
// the quote itself).
std::string shell_quote(const std::string& word);

// Each word quoted, joined by single spaces.
std::string shell_join(const std::vector<std::string>& words);

}  // namespace aiperf
