#pragma once
// --system-prompt / --system-prompt-file (workloads-and-endpoints.md §2.8): verbatim system text at
// the head of every conversation, whatever built the dataset.
#include <string>

#include "dataset/dataset.h"

namespace aiperf {

// Between the user's text and a dataset's own leading system message, so one system message is sent.
inline constexpr std::string_view kSystemPromptJoin = "\n\n";

// Puts `text` first in every conversation: a conversation with a leading system message gets
// `text + kSystemPromptJoin + its text`; one without gets a system message of `text`. Forked
// children start from their parent's history, which already has it, and are left alone.
// Conversations sent byte for byte (raw_bodies) are never changed (the CLI refuses the pair).
void apply_system_prompt(Dataset& dataset, const std::string& text);

}  // namespace aiperf
