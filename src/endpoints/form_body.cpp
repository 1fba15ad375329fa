#include "endpoints/form_body.h"

#include <iostream>
#include <mutex>
#include <set>

#include "common/log.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// Bodies are built before the run on one thread, and later turns by the workers: the set of
// keys already warned about is shared.
void warn_reserved_once(std::string_view endpoint, const std::string& key) {
  static std::mutex mutex;
  static std::set<std::string> warned;
  std::lock_guard lock(mutex);
  if (!warned.insert(std::string(endpoint) + '\0' + key).second) return;
  console_notes() << "warning: --endpoint-type " << endpoint << ": extra input '" << key
            << "' is set by the endpoint itself and cannot be overridden; ignored\n";
}

}  // namespace

const std::string& form_turn_model(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn) {
  if (turn < entry.parts->turn_models.size() && !entry.parts->turn_models[turn].empty()) return entry.parts->turn_models[turn];
  return entry.model.empty() ? config.model_names.front() : entry.model;
}

void append_fields_with_extras(std::vector<FormPart>& parts, ojson fields, const EndpointSettings& config,
                               const DatasetEntry& entry, uint32_t turn,
                               std::initializer_list<std::string_view> reserved) {
  auto merge = [&](const ojson& extras) {
    for (const auto& [key, value] : extras.items()) {
      bool is_reserved = false;
      for (std::string_view r : reserved) is_reserved = is_reserved || key == r;
      if (is_reserved)
        warn_reserved_once(endpoint_type_name(config.endpoint_type), key);
      else
        fields[key] = value;
    }
  };
  merge(config.extra_inputs);
  if (turn < entry.parts->turn_extra_bodies.size() && !entry.parts->turn_extra_bodies[turn].empty())
    merge(ojson::parse(entry.parts->turn_extra_bodies[turn]));
  for (const auto& [key, value] : fields.items()) append_form_fields(parts, key, value);
}

std::string build_form_body(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn) {
  std::vector<FormPart> parts;
  switch (config.endpoint_type) {
    case EndpointType::audio_transcription:
      parts = audio_transcription_form_parts(config, entry, turn);
      break;
    case EndpointType::image_edit: parts = image_edit_form_parts(config, entry, turn); break;
    case EndpointType::video_generation:
      parts = video_generation_form_parts(config, entry, turn);
      break;
    default:
      // The CLI only turns multipart on for the form endpoints; one without a case here has
      // not been taught its fields yet, and sending an empty form would hide that.
      throw ConfigError(std::string("--endpoint-type ") + endpoint_type_name(config.endpoint_type) +
                        ": multipart/form-data bodies are not implemented for this endpoint yet");
  }
  return encode_multipart_form(parts, config.multipart_boundary);
}

}  // namespace aiperf
