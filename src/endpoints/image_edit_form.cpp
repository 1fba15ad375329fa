// image_edit (workloads-and-endpoints.md §6.5): `prompt`, `model`, `response_format=b64_json`,
// `n=1`, --extra-inputs and the turn's extras, then the turn's first image: an `image` file part
// decoded from its data URL (or bare base64), or a `url` field when it is an http(s) URL (an
// SGLang extension). `prompt`, `image`, `url` and `mask` cannot be overridden from extras.
#include <stdexcept>

#include "endpoints/form_body.h"

namespace aiperf {
namespace {

std::string turn_text(const DatasetEntry& entry, uint32_t turn) {
  if (turn > 0) return entry.later_turns.at(turn - 1).prompt.str();
  if (entry.prompt.empty())
    for (const std::string& text : entry.parts->more_texts)
      if (!text.empty()) return text;
  return entry.prompt.str();
}

ConfigError turn_error(const DatasetEntry& entry, uint32_t turn, const std::string& what) {
  return ConfigError("--endpoint-type image_edit: conversation '" + entry.conversation_id + "' turn " +
                     std::to_string(turn) + ": " + what);
}

}  // namespace

std::vector<FormPart> image_edit_form_parts(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn) {
  const TurnMedia* media = turn < entry.parts->turn_media.size() ? &entry.parts->turn_media[turn] : nullptr;
  if (!media || media->images.empty())
    throw turn_error(entry, turn, "has no image to edit (synthetic images: set --image-width-mean and --image-height-mean)");
  const std::string& image = media->images.front();
  const bool remote = image.starts_with("http://") || image.starts_with("https://");
  nlohmann::ordered_json fields{{"prompt", turn_text(entry, turn)},
                                {"model", form_turn_model(config, entry, turn)},
                                {"response_format", "b64_json"},
                                {"n", 1}};
  if (remote) fields["url"] = image;
  std::vector<FormPart> parts;
  append_fields_with_extras(parts, std::move(fields), config, entry, turn, {"prompt", "image", "url", "mask"});
  if (remote) return parts;
  DecodedMedia decoded;
  try {
    decoded = decode_media(image);
  } catch (const std::invalid_argument& e) {
    throw turn_error(entry, turn, e.what());
  }
  parts.push_back({"image", std::move(decoded.bytes), "image." + decoded.extension, decoded.mime});
  return parts;
}

}  // namespace aiperf
