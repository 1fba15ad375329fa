#pragma once
// Synthetic multimodal inputs (workloads-and-endpoints.md §6.1-§6.3): images, audio clips and
// video clips generated at dataset build time and sent as chat content parts (§6.4).
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace aiperf {

enum class ImageFormat { png, jpeg, random };  // random: png or jpeg, drawn per image
// --image-source-sampling: which source image each synthetic image is resized from.
enum class ImageSourceSampling { random_with_replacement, shuffle_cycle, sequential_cycle };

struct ImageConfig {
  double width_mean = 0, width_stddev = 0;    // pixels
  double height_mean = 0, height_stddev = 0;
  int64_t batch_size = 1;                      // images per turn
  ImageFormat format = ImageFormat::png;
  std::string source_dir;  // --image-source <dir>; empty: noise pixels
  ImageSourceSampling source_sampling = ImageSourceSampling::random_with_replacement;
  // Upstream turns images on only when both means are set.
  bool enabled() const { return width_mean > 0 && height_mean > 0 && batch_size > 0; }
};

enum class AudioFormat { wav, mp3 };  // --audio-format

struct AudioConfig {
  double length_mean_s = 0, length_stddev_s = 0;
  AudioFormat format = AudioFormat::wav;
  int64_t batch_size = 1;                      // clips per turn
  std::vector<int> depths{16};                 // bits per sample, one drawn per clip
  std::vector<double> sample_rates_khz{16.0};  // one drawn per clip
  int num_channels = 1;
  bool enabled() const { return length_mean_s > 0 && batch_size > 0; }
};

// --audio-sample-rates values above 96 are Hz, as upstream reads them; the rest kHz.
inline uint32_t audio_sample_rate_hz(double value) { return uint32_t(std::llround(value > 96 ? value : value * 1000)); }
// The rates an MPEG-1/2/2.5 Layer III stream can carry (--audio-format mp3).
inline bool mp3_sample_rate_supported(uint32_t hz) {
  for (uint32_t r : {8000u, 11025u, 12000u, 16000u, 22050u, 24000u, 32000u, 44100u, 48000u})
    if (hz == r) return true;
  return false;
}

// --video-synth-type: what the frames show (docs/video.md).
enum class VideoSynthType { moving_shapes, grid_clock, noise };
enum class VideoFormat { webm, mp4 };  // --video-format: the container

// --video-* (§6.3): every clip of a run has the same size, length, rate and codecs.
struct VideoConfig {
  int64_t width = 0, height = 0;  // pixels; video is on when both are set
  int64_t batch_size = 1;         // clips per turn
  double duration_s = 5.0;
  int64_t fps = 4;
  VideoSynthType synth_type = VideoSynthType::moving_shapes;
  VideoFormat format = VideoFormat::webm;
  std::string codec = "libvpx-vp9";  // an FFmpeg encoder name, as upstream's default for both containers
  // The optional noise audio track: 0 channels = none.
  int64_t audio_channels = 0;
  int64_t audio_sample_rate_hz = 44100;
  std::string audio_codec;  // aac, libvorbis or libopus; empty: libvorbis in webm, aac in mp4
  int64_t audio_depth = 16;  // bits the noise is quantised to before the (lossy) audio encoder
  bool enabled() const { return width > 0 && height > 0 && batch_size > 0; }
  // Upstream's int(duration * fps).
  int64_t frame_count() const { return int64_t(duration_s * double(fps)); }
};

struct MediaConfig {
  ImageConfig image;
  AudioConfig audio;
  VideoConfig video;
  bool enabled() const { return image.enabled() || audio.enabled() || video.enabled(); }
};

}  // namespace aiperf
