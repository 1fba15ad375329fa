#include "endpoints/image_bodies.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// The first non-empty text of the turn: an image model takes one prompt.
std::string first_text(const DatasetEntry& entry, uint32_t turn) {
  if (turn > 0) return entry.later_turns.at(turn - 1).prompt.str();
  if (entry.prompt.empty())
    for (const std::string& text : entry.parts->more_texts)
      if (!text.empty()) return text;
  return entry.prompt.str();
}

}  // namespace

ojson image_generation_fields(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn,
                              const std::string& model) {
  ojson body{{"prompt", first_text(entry, turn)}, {"model", model}, {"response_format", "b64_json"}, {"n", 1}};
  if (config.streaming) body["stream"] = true;
  return body;
}

ojson image_retrieval_fields(const DatasetEntry& entry, uint32_t turn) {
  ojson input = ojson::array();
  if (turn < entry.parts->turn_media.size())
    for (const std::string& url : entry.parts->turn_media[turn].images) input.push_back({{"type", "image_url"}, {"url", url}});
  if (input.empty())
    throw ConfigError("--endpoint-type image_retrieval needs at least one image per turn, but conversation '" +
                      entry.conversation_id + "' turn " + std::to_string(turn) +
                      " has none (synthetic images: set --image-width-mean and --image-height-mean)");
  return ojson{{"input", std::move(input)}};
}

}  // namespace aiperf
