#pragma once
// One speech dataset row's audio as the WAV clip a request carries (docs/datasets.md, "Speech
// datasets"); load_speech_files (public_dataset.h) builds the dataset from these.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace aiperf {

struct SpeechClip {
  std::string wav;  // 16-bit PCM WAV file, the source's rate and channels
  double seconds = 0;
};

// The row's `audio`: {"bytes": <audio file>} from Parquet (HF's Audio struct, raw bytes in the
// JSON string), or {"array", "sampling_rate"} (JSON rows). nullopt: longer than
// kMaxSpeechClipSeconds. Throws ConfigError "--public-dataset <dataset>: <where>: ..." for a
// missing or NULL audio, bytes libsndfile cannot read, or a malformed array.
std::optional<SpeechClip> speech_clip_from_row(const nlohmann::json& row, bool from_parquet, const std::string& dataset,
                                               const std::string& where);

}  // namespace aiperf
