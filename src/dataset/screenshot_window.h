#pragma once
// h_cua_perf's n_screenshots filter (workloads-and-endpoints.md §3.11): the recorded agent
// keeps one screenshot per request and has replaced older ones by a placeholder text; this
// resizes that window across one trajectory's requests.
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

namespace aiperf {

// The text the agent left where it dropped a screenshot from its context.
inline constexpr const char* kImageOmittedPlaceholder = "[Image omitted by context cleaning]";

// `requests`: the `messages` arrays of one trajectory's requests, in order. A slot is an
// image_url part, or a text part holding the placeholder, of a user or tool message with list
// content. In each request the last `n` slots carry their screenshot (a placeholder is split
// back into text, the image seen at that slot in an earlier or later request of the same
// history, text) and earlier ones become the placeholder, merged with neighbouring text parts.
// Slot numbers restart where the history shrinks (fewer messages or slots than the request
// before: the agent compacted its context), so no screenshot crosses such a reset.
void apply_screenshot_window(std::vector<nlohmann::ordered_json>& requests, int64_t n);

}  // namespace aiperf
