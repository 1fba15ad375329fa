#pragma once
// A canonical PCM WAV file (RIFF, one `fmt ` chunk with format tag 1, one `data` chunk).
#include <cstdint>
#include <span>
#include <string>

namespace aiperf {

// `samples` are interleaved, in [-1, 1]. 8-bit is unsigned (offset 128) as WAV requires;
// 16/24/32-bit are signed little-endian. Returns the whole file.
std::string encode_wav_pcm(std::span<const float> samples, uint32_t sample_rate_hz, uint16_t channels,
                           uint16_t bits_per_sample);
// 16-bit signed samples kept exactly (decoded dataset audio), interleaved.
std::string encode_wav_pcm16(std::span<const int16_t> samples, uint32_t sample_rate_hz, uint16_t channels);

}  // namespace aiperf
