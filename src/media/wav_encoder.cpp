#include "media/wav_encoder.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace aiperf {
namespace {

void put_le(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += char((v >> (8 * i)) & 0xff);
}

// The 44-byte RIFF header of a PCM WAV holding `samples` samples.
std::string wav_header(size_t samples, uint32_t sample_rate_hz, uint16_t channels, uint16_t bits_per_sample) {
  if (channels == 0 || sample_rate_hz == 0) throw std::invalid_argument("encode_wav_pcm: no channels or rate");
  const int width = bits_per_sample / 8;
  const uint64_t data_bytes = uint64_t(samples) * width;
  if (data_bytes > UINT32_MAX - 36) throw std::invalid_argument("encode_wav_pcm: clip too long for WAV");
  std::string out;
  out.reserve(44 + data_bytes);
  out += "RIFF";
  put_le(out, 36 + data_bytes, 4);
  out += "WAVEfmt ";
  put_le(out, 16, 4);
  put_le(out, 1, 2);  // WAVE_FORMAT_PCM
  put_le(out, channels, 2);
  put_le(out, sample_rate_hz, 4);
  put_le(out, uint64_t(sample_rate_hz) * channels * width, 4);  // byte rate
  put_le(out, channels * width, 2);                             // block align
  put_le(out, bits_per_sample, 2);
  out += "data";
  put_le(out, data_bytes, 4);
  return out;
}

}  // namespace

std::string encode_wav_pcm(std::span<const float> samples, uint32_t sample_rate_hz, uint16_t channels,
                           uint16_t bits_per_sample) {
  if (bits_per_sample != 8 && bits_per_sample != 16 && bits_per_sample != 24 && bits_per_sample != 32)
    throw std::invalid_argument("encode_wav_pcm: bit depth must be 8, 16, 24 or 32");
  const int width = bits_per_sample / 8;
  std::string out = wav_header(samples.size(), sample_rate_hz, channels, bits_per_sample);
  const double full_scale = std::ldexp(1.0, bits_per_sample - 1) - 1;  // 127, 32767, ...
  for (float s : samples) {
    const int64_t v = std::llround(std::clamp(double(s), -1.0, 1.0) * full_scale);
    put_le(out, bits_per_sample == 8 ? uint64_t(v + 128) : uint64_t(v), width);
  }
  return out;
}

std::string encode_wav_pcm16(std::span<const int16_t> samples, uint32_t sample_rate_hz, uint16_t channels) {
  std::string out = wav_header(samples.size(), sample_rate_hz, channels, 16);
  // WAV is little-endian, as are the targets we build for: the samples go in as they are.
  out.append(reinterpret_cast<const char*>(samples.data()), samples.size() * sizeof(int16_t));
  return out;
}

}  // namespace aiperf
