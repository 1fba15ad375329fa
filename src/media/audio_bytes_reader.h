#pragma once
// An audio file held in memory (a dataset row's bytes: FLAC, WAV, OGG/Vorbis, MP3, ... whatever
// libsndfile reads), decoded to interleaved 16-bit PCM.
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace aiperf {

struct AudioDecodeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

namespace detail {
struct AudioMemorySource {  // what libsndfile's virtual I/O reads
  std::string_view bytes;
  int64_t pos = 0;
};
}  // namespace detail

class AudioBytesReader {
 public:
  // Reads the header; throws AudioDecodeError with libsndfile's reason when `bytes` is not an
  // audio file it can read. `bytes` must outlive the reader.
  explicit AudioBytesReader(std::string_view bytes);
  ~AudioBytesReader();
  AudioBytesReader(const AudioBytesReader&) = delete;
  AudioBytesReader& operator=(const AudioBytesReader&) = delete;

  uint32_t sample_rate_hz() const { return rate_; }
  uint16_t channels() const { return channels_; }
  int64_t frames() const { return frames_; }  // from the header (decoders of some formats estimate it)
  double seconds() const { return double(frames_) / double(rate_); }

  // Every frame, interleaved; libsndfile scales other depths to 16 bits. Throws AudioDecodeError
  // when the data is corrupt.
  std::vector<int16_t> read_pcm16();

 private:
  detail::AudioMemorySource source_;
  void* file_ = nullptr;  // SNDFILE*
  uint32_t rate_ = 0;
  uint16_t channels_ = 0;
  int64_t frames_ = 0;
};

}  // namespace aiperf
