#include "endpoints/generate_api_bodies.h"

#include <vector>

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// The turn's non-empty texts: the prompt, then (first turn) the further texts of a row.
std::vector<std::string> turn_texts(const DatasetEntry& entry, uint32_t turn) {
  std::vector<std::string> texts;
  const std::string prompt = (turn == 0 ? entry.prompt : entry.later_turns.at(turn - 1).prompt).str();
  if (!prompt.empty()) texts.push_back(prompt);
  if (turn == 0)
    for (const std::string& t : entry.parts->more_texts)
      if (!t.empty()) texts.push_back(t);
  return texts;
}

}  // namespace

std::string build_tgi_generate_body(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn) {
  std::string inputs;
  for (const std::string& t : turn_texts(entry, turn)) {
    if (!inputs.empty()) inputs.push_back(' ');
    inputs += t;
  }
  ojson parameters = ojson::object();
  const std::optional<int64_t>& max_tokens = turn == 0 ? entry.max_tokens : entry.later_turns.at(turn - 1).max_tokens;
  if (max_tokens) parameters["max_new_tokens"] = *max_tokens;
  for (const auto& [key, value] : config.extra_inputs.items()) parameters[key] = value;
  ojson body{{"inputs", std::move(inputs)}, {"parameters", std::move(parameters)}};
  if (turn < entry.parts->turn_extra_bodies.size() && !entry.parts->turn_extra_bodies[turn].empty()) {
    ojson extra = ojson::parse(entry.parts->turn_extra_bodies[turn]);
    for (auto& [key, value] : extra.items()) body[key] = std::move(value);
  }
  return body.dump();
}

ojson solido_rag_fields(const DatasetEntry& entry, uint32_t turn, const std::string& model) {
  return ojson{{"query", turn_texts(entry, turn)},
               {"filters", {{"family", "Solido"}, {"tool", "SDE"}}},
               {"inference_model", model}};
}

}  // namespace aiperf
