#pragma once
// `aiperf chat -m MODEL [-u URL] [-q MSG]`: a quick sanity check of an OpenAI-compatible chat
// endpoint. Each turn streams the reply to stdout, then prints one line of TTFT, tokens/s,
// output tokens and end-to-end latency. Without -q it reads one message per stdin line.
#include <string>
#include <vector>

namespace aiperf {

// `args` excludes "chat". Returns the exit status; errors go to stderr as one line.
int run_chat_command(const std::vector<std::string>& args);

}  // namespace aiperf
