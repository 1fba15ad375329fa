#include "media/mp3_encoder.h"

#include <sndfile.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace aiperf {
namespace {

// libsndfile writes to this through its virtual I/O: a growable buffer with a position.
struct MemoryFile {
  std::string bytes;
  sf_count_t at = 0;
};

MemoryFile& file_of(void* user) { return *static_cast<MemoryFile*>(user); }

sf_count_t mem_length(void* user) { return sf_count_t(file_of(user).bytes.size()); }

sf_count_t mem_seek(sf_count_t offset, int whence, void* user) {
  MemoryFile& f = file_of(user);
  sf_count_t to = offset;
  if (whence == SEEK_CUR) to += f.at;
  else if (whence == SEEK_END) to += sf_count_t(f.bytes.size());
  if (to < 0) return -1;
  f.at = to;
  return f.at;
}

sf_count_t mem_read(void* out, sf_count_t count, void* user) {
  MemoryFile& f = file_of(user);
  const sf_count_t n = std::clamp<sf_count_t>(sf_count_t(f.bytes.size()) - f.at, 0, count);
  if (n > 0) std::memcpy(out, f.bytes.data() + f.at, size_t(n));
  f.at += n;
  return n;
}

sf_count_t mem_write(const void* in, sf_count_t count, void* user) {
  MemoryFile& f = file_of(user);
  if (size_t(f.at + count) > f.bytes.size()) f.bytes.resize(size_t(f.at + count));
  std::memcpy(f.bytes.data() + f.at, in, size_t(count));
  f.at += count;
  return count;
}

sf_count_t mem_tell(void* user) { return file_of(user).at; }

}  // namespace

std::string encode_mp3(std::span<const float> samples, uint32_t sample_rate_hz, uint16_t channels) {
  if (!mp3_sample_rate_supported(sample_rate_hz))
    throw std::runtime_error("MP3 cannot carry a sample rate of " + std::to_string(sample_rate_hz) + " Hz");
  SF_VIRTUAL_IO io{mem_length, mem_seek, mem_read, mem_write, mem_tell};
  MemoryFile file;
  SF_INFO info{};
  info.samplerate = int(sample_rate_hz);
  info.channels = channels;
  info.format = SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III;
  SNDFILE* sf = sf_open_virtual(&io, SFM_WRITE, &info, &file);
  if (!sf) throw std::runtime_error(std::string("libsndfile cannot write MP3: ") + sf_strerror(nullptr));
  const sf_count_t frames = sf_count_t(samples.size() / channels);
  const sf_count_t written = sf_writef_float(sf, samples.data(), frames);
  const std::string error = sf_strerror(sf);
  if (sf_close(sf) != 0 || written != frames)
    throw std::runtime_error("libsndfile failed writing MP3: " + error);
  return std::move(file.bytes);
}

}  // namespace aiperf
