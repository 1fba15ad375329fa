#pragma once
// audio_transcription replies (workloads-and-endpoints.md §6.5): `json` / `verbose_json` give
// an object whose `text` is the transcript (optional `usage`); `text`, `srt` and `vtt` give the
// transcript itself as the body, which is then taken whole, as upstream's baseline does.
#include <cstdint>
#include <string_view>

#include "endpoints/response_parser.h"

namespace aiperf {

// Fills `out` from a 2xx body that arrived at `perf_ns`: a response with the transcript (none
// when it is empty), the usage, or a payload error for an object with a truthy `error`.
void parse_transcription_body(std::string_view body, int64_t perf_ns, ParsedRecord& out);

}  // namespace aiperf
