#pragma once
// MPEG Layer III clips for --audio-format mp3 (workloads-and-endpoints.md §6.2), written as
// upstream writes them: through libsndfile, whose MPEG encoder is LAME.
#include <cstdint>
#include <span>
#include <string>

#include "config/media_config.h"  // mp3_sample_rate_supported

namespace aiperf {

// `samples` are interleaved, in [-1, 1]. Returns the whole MP3 stream (libsndfile's own ID3 and
// Xing/Info frames included); throws std::runtime_error when libsndfile cannot encode it.
std::string encode_mp3(std::span<const float> samples, uint32_t sample_rate_hz, uint16_t channels);

}  // namespace aiperf
