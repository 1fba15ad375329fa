#include "media/audio_bytes_reader.h"

#include <sndfile.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace aiperf {
namespace {

// libsndfile's virtual I/O over a byte span (read-only).
struct Io {
  static sf_count_t length(void* user) { return sf_count_t(src(user).bytes.size()); }
  static sf_count_t seek(sf_count_t offset, int whence, void* user) {
    auto& s = src(user);
    const int64_t base = whence == SEEK_CUR ? s.pos : whence == SEEK_END ? int64_t(s.bytes.size()) : 0;
    const int64_t to = base + offset;
    if (to < 0 || to > int64_t(s.bytes.size())) return -1;
    s.pos = to;
    return s.pos;
  }
  static sf_count_t read(void* ptr, sf_count_t count, void* user) {
    auto& s = src(user);
    const sf_count_t n = std::clamp<sf_count_t>(count, 0, sf_count_t(s.bytes.size()) - s.pos);
    std::memcpy(ptr, s.bytes.data() + s.pos, size_t(n));
    s.pos += n;
    return n;
  }
  static sf_count_t write(const void*, sf_count_t, void*) { return 0; }
  static sf_count_t tell(void* user) { return src(user).pos; }
  static detail::AudioMemorySource& src(void* user) { return *static_cast<detail::AudioMemorySource*>(user); }
};

}  // namespace

AudioBytesReader::AudioBytesReader(std::string_view bytes) : source_{bytes, 0} {
  static SF_VIRTUAL_IO io{Io::length, Io::seek, Io::read, Io::write, Io::tell};
  SF_INFO info{};
  SNDFILE* f = sf_open_virtual(&io, SFM_READ, &info, &source_);
  if (!f) throw AudioDecodeError(sf_strerror(nullptr));
  file_ = f;
  if (info.samplerate <= 0 || info.channels <= 0 || info.channels > 65535) {
    sf_close(f);
    file_ = nullptr;
    throw AudioDecodeError("no sample rate or channels in the header");
  }
  rate_ = uint32_t(info.samplerate);
  channels_ = uint16_t(info.channels);
  frames_ = info.frames;
  sf_command(f, SFC_SET_CLIPPING, nullptr, SF_TRUE);  // float sources: clip at full scale, never wrap
}

AudioBytesReader::~AudioBytesReader() {
  if (file_) sf_close(static_cast<SNDFILE*>(file_));
}

std::vector<int16_t> AudioBytesReader::read_pcm16() {
  SNDFILE* f = static_cast<SNDFILE*>(file_);
  std::vector<int16_t> out;
  // The header's frame count sizes the buffer; reading goes on until the decoder stops, as some
  // formats only estimate their length.
  out.reserve(size_t(std::clamp<int64_t>(frames_, 0, int64_t(1) << 28)) * channels_);
  constexpr sf_count_t kChunk = 4096;
  std::vector<int16_t> chunk(size_t(kChunk) * channels_);
  for (;;) {
    const sf_count_t got = sf_readf_short(f, chunk.data(), kChunk);
    if (got <= 0) break;
    out.insert(out.end(), chunk.begin(), chunk.begin() + std::ptrdiff_t(got * channels_));
  }
  if (sf_error(f) != SF_ERR_NO_ERROR) throw AudioDecodeError(std::string("corrupt audio data: ") + sf_strerror(f));
  frames_ = int64_t(out.size() / channels_);
  return out;
}

}  // namespace aiperf
