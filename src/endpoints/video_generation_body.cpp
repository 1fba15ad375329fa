#include "endpoints/video_generation_body.h"

#include "endpoints/form_body.h"

namespace aiperf {

nlohmann::ordered_json video_generation_fields(const DatasetEntry& entry, uint32_t turn, const std::string& model) {
  const std::string text = (turn == 0 ? entry.prompt : entry.later_turns.at(turn - 1).prompt).str();
  // A turn whose leading text is empty (random_pool) still has a first text among the others.
  const std::string* prompt = &text;
  if (turn == 0 && prompt->empty())
    for (const std::string& t : entry.parts->more_texts)
      if (!t.empty()) {
        prompt = &t;
        break;
      }
  return nlohmann::ordered_json{{"prompt", *prompt}, {"model", model}};
}

// Upstream's default: the same fields as form fields (size, seconds, seed... from the extras as
// their text), nothing reserved.
std::vector<FormPart> video_generation_form_parts(const EndpointSettings& config, const DatasetEntry& entry,
                                                  uint32_t turn) {
  std::vector<FormPart> parts;
  append_fields_with_extras(parts, video_generation_fields(entry, turn, form_turn_model(config, entry, turn)), config,
                            entry, turn, {});
  return parts;
}

}  // namespace aiperf
