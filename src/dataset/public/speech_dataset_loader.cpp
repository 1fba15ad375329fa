// --public-dataset librispeech / voxpopuli / gigaspeech / ami / spgispeech
// (workloads-and-endpoints.md §4): one ASR request per row. The row's `audio` (HF's Audio
// feature) is decoded with libsndfile, re-encoded as 16-bit PCM WAV at its own rate and channel
// count, and sent with the fixed prompt "Transcribe this audio."; clips over 30 s are skipped.
#include <cmath>
#include <string>

#include "common/base64.h"
#include "dataset/public/hf_rows.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/public/public_dataset.h"
#include "dataset/row_entry.h"
#include "dataset/public/speech_clip.h"
#include "media/audio_bytes_reader.h"
#include "media/wav_encoder.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

class SpeechRows {
 public:
  explicit SpeechRows(const std::string& dataset) : dataset_(dataset) {}

  std::optional<SpeechClip> clip(const json& row, const std::string& where, bool from_parquet) const {
    auto audio = row.find("audio");
    if (audio == row.end() || audio->is_null()) fail(where, "'audio' is missing or NULL");
    if (!audio->is_object())
      fail(where, "'audio' must be an object: {\"bytes\", \"path\"} (HF's Audio feature) or {\"array\", \"sampling_rate\"}");
    auto bytes = audio->find("bytes");
    if (from_parquet && bytes != audio->end() && bytes->is_string()) return decode(bytes->get_ref<const std::string&>(), where);
    auto array = audio->find("array");
    if (array != audio->end()) return from_samples(*array, audio->value("sampling_rate", json()), where);
    if (!from_parquet && bytes != audio->end() && !bytes->is_null())
      fail(where, "'audio.bytes' cannot be read from JSON rows; give 'array' and 'sampling_rate', or use the Parquet files");
    auto path = audio->find("path");
    if (path != audio->end() && path->is_string())
      fail(where, "'audio' holds only a path ('" + path->get<std::string>() +
                      "'), no audio: aiperf-cpp reads audio embedded in the rows (HF's Parquet shards)");
    fail(where, "'audio' has neither 'bytes' nor 'array'");
  }

 private:
  [[noreturn]] void fail(const std::string& where, const std::string& what) const {
    throw ConfigError("--public-dataset " + dataset_ + ": " + where + ": " + what);
  }

  std::optional<SpeechClip> decode(const std::string& bytes, const std::string& where) const {
    try {
      AudioBytesReader reader(bytes);
      if (reader.seconds() > kMaxSpeechClipSeconds) return std::nullopt;
      const std::vector<int16_t> pcm = reader.read_pcm16();
      // The header's length may be an estimate (MP3): the decoded one decides.
      if (reader.seconds() > kMaxSpeechClipSeconds) return std::nullopt;
      if (pcm.empty()) fail(where, "the audio holds no samples");
      return SpeechClip{encode_wav_pcm16(pcm, reader.sample_rate_hz(), reader.channels()), reader.seconds()};
    } catch (const AudioDecodeError& e) {
      fail(where, std::string("'audio.bytes' is not audio libsndfile can read (") + e.what() + ")");
    }
  }

  // HF's decoded form: `array` of samples in [-1, 1] (mono), or one list per channel.
  std::optional<SpeechClip> from_samples(const json& array, const json& rate, const std::string& where) const {
    if (!rate.is_number_integer() || rate.get<int64_t>() <= 0 || rate.get<int64_t>() > 10'000'000)
      fail(where, "'audio.sampling_rate' must be a positive integer (Hz)");
    if (!array.is_array() || array.empty()) fail(where, "'audio.array' must be a non-empty list of samples");
    const bool per_channel = array.front().is_array();
    const size_t channels = per_channel ? array.size() : 1;
    const size_t frames = per_channel ? array.front().size() : array.size();
    if (channels > 65535) fail(where, "'audio.array' has more than 65535 channels");
    const double seconds = double(frames) / double(rate.get<int64_t>());
    if (seconds > kMaxSpeechClipSeconds) return std::nullopt;
    std::vector<float> samples(frames * channels);
    for (size_t c = 0; c < channels; ++c) {
      const json& list = per_channel ? array[c] : array;
      if (!list.is_array() || list.size() != frames) fail(where, "'audio.array' channels must be lists of one length");
      for (size_t i = 0; i < frames; ++i) {
        if (!list[i].is_number()) fail(where, "'audio.array' must hold numbers");
        samples[i * channels + c] = list[i].get<float>();
      }
    }
    if (frames == 0) fail(where, "the audio holds no samples");
    return SpeechClip{encode_wav_pcm(samples, uint32_t(rate.get<int64_t>()), uint16_t(channels), 16), seconds};
  }

  std::string dataset_;
};

}  // namespace

std::optional<SpeechClip> speech_clip_from_row(const json& row, bool from_parquet, const std::string& dataset,
                                               const std::string& where) {
  return SpeechRows(dataset).clip(row, where, from_parquet);
}

Dataset load_speech_files(const std::vector<fs::path>& files, const DatasetBuildSettings& config, size_t& too_long) {
  const std::string name = config.public_dataset.value_or("");
  Dataset out;
  FallbackOutputLength osl(config);
  too_long = 0;
  // An explicit --num-dataset-entries stops decoding there, as upstream's streaming loaders stop.
  const size_t cap = config.num_dataset_entries_given ? size_t(config.num_dataset_entries) : SIZE_MAX;
  for (const fs::path& file : files) {
    if (out.entries.size() >= cap) break;
    const bool parquet = file.extension() == ".parquet";
    for_each_hf_row({file}, {"audio"}, name, [&](const json& row, const std::string& where) {
      if (out.entries.size() >= cap) return;
      std::optional<SpeechClip> clip = speech_clip_from_row(row, parquet, name, where);
      if (!clip) {
        ++too_long;
        return;
      }
      TurnMedia media;
      media.audios.push_back("wav," + base64_encode(clip->wav));
      media.audio_duration_seconds = clip->seconds;
      add_row_entry(out, config, osl, std::string(kSpeechPrompt)).parts.edit().turn_media.push_back(std::move(media));
    });
  }
  return out;
}

}  // namespace aiperf
