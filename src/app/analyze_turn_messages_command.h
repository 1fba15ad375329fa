#pragma once
// `aiperf analyze turn-messages RUN_DIR... [-o OUT] [-n 40] [--max-turns 60] [--content-cap 8000]`:
// one self-contained HTML viewer per run directory of the input messages each turn sent
// (plot/turn_messages.h), read from its profile_export_raw.jsonl (`--export-level raw`), by
// default <run_dir>/turn_messages.html as upstream writes it. docs/turn-messages.md.
#include <string>
#include <vector>

namespace aiperf {

// `args` excludes "analyze turn-messages". Returns the exit status: 1 when every run directory
// failed (each failure is one line on stderr, "skip DIR: why", and does not stop the others).
int run_analyze_turn_messages_command(const std::vector<std::string>& args);

}  // namespace aiperf
