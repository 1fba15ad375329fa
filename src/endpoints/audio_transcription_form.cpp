// audio_transcription (workloads-and-endpoints.md §6.5): the turn's first audio clip as the
// `file` part, `model`, then --extra-inputs and the turn's extras (response_format, language,
// timestamp_granularities[], ...). `file` cannot be overridden.
#include <stdexcept>

#include "endpoints/form_body.h"

namespace aiperf {

std::vector<FormPart> audio_transcription_form_parts(const EndpointSettings& config, const DatasetEntry& entry,
                                                     uint32_t turn) {
  const TurnMedia* media = turn < entry.parts->turn_media.size() ? &entry.parts->turn_media[turn] : nullptr;
  if (!media || media->audios.empty())
    throw ConfigError("--endpoint-type audio_transcription: conversation " + entry.conversation_id + " turn " +
                      std::to_string(turn + 1) +
                      " has no audio to transcribe (synthetic data needs --audio-length-mean > 0)");
  DecodedMedia audio;
  try {
    audio = decode_media(media->audios.front());
  } catch (const std::invalid_argument& e) {
    throw ConfigError("--endpoint-type audio_transcription: conversation " + entry.conversation_id + " turn " +
                      std::to_string(turn + 1) + ": " + e.what());
  }
  std::vector<FormPart> parts;
  parts.push_back({"file", std::move(audio.bytes), "audio." + audio.extension, audio.mime});
  append_fields_with_extras(parts, {{"model", form_turn_model(config, entry, turn)}}, config, entry, turn, {"file"});
  return parts;
}

}  // namespace aiperf
