#pragma once
// --cache-bust (workloads-and-endpoints.md §2.9, docs/cache-bust.md): a marker that makes copies
// of the same conversation differ at the front (or end) of their system message or first user
// turn, so they share no KV-cache prefix across trajectories. The worker applies it to the body
// it is about to send; it is never part of the dataset.
//
// The splice works on the JSON text in one forward scan (bodies of agentic turns are hundreds of
// KB and this runs per request): it finds the target message's content and inserts the marker
// into the string, or as a part of its own into a list of parts, copying every other byte as is.
#include <cstdint>
#include <string>
#include <string_view>

#include "config/profile_config.h"

namespace aiperf {

// "[rid:<12 hex>]": the first 12 hex digits of SHA-256 over (benchmark id, recycle pass,
// trajectory, base trace id). Stable for every turn of a trajectory (history prefixes stay
// identical across its turns), different across trajectories, lane recycles and runs.
std::string cache_bust_marker(std::string_view benchmark_id, uint32_t recycle_pass, uint64_t trajectory,
                              std::string_view base_trace_id);

// The warm-up-only marker of the warmup_isolation_* modes.
inline constexpr std::string_view kWarmupCacheBustMarker = "[warmup]";

// Modes that mark warm-up requests only (and leave profiling requests untouched).
bool warmup_isolation(CacheBust mode);

// Writes `body` with `marker` (e.g. "[rid:0123456789ab]") spliced in where `mode` puts it into
// `out` and returns true; false when the body has no place for it (no system message and no
// user turn, content that is neither a string nor a list, or text that is not a JSON object),
// and `out` is left alone. `type` is chat, responses or messages:
//   - system_*: chat's first "system" message; responses' "instructions"; messages' "system".
//     Without one, the first user turn (same orientation).
//   - first_turn_*: the first "user" message (responses: of "input", or "input" itself when it
//     is a string).
//   - *_prefix and warmup_isolation_*: "<marker>\n\n" at the start; *_suffix: "\n\n<marker>" at
//     the end. Content that is a list of parts gets a text part of its own ({"type":"text"},
//     responses {"type":"input_text"}) first or last; Anthropic's "system" string becomes a
//     list of two text blocks, the marker's and the original.
bool apply_cache_bust(std::string_view body, EndpointType type, CacheBust mode, std::string_view marker,
                      std::string& out);

}  // namespace aiperf
