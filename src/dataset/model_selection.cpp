#include "dataset/model_selection.h"

#include <random>

#include "common/rng_stream.h"

namespace aiperf {

void assign_turn_models(const DatasetBuildSettings& config, Dataset& dataset) {
  const std::vector<std::string>& names = config.model_names;
  if (names.size() < 2) return;
  std::mt19937_64 rng = make_rng_stream(config.random_seed, "composer.turn.model_selection");
  std::uniform_int_distribution<size_t> pick(0, names.size() - 1);
  size_t next = 0;
  auto choose = [&]() -> const std::string& {
    return config.model_selection == ModelSelection::random ? names[pick(rng)] : names[next++ % names.size()];
  };
  for (DatasetEntry& e : dataset.entries) {
    if (!e.recorded->raw_bodies.empty()) continue;  // sent byte for byte: the body names its model
    if (!e.agentic->turns.empty()) {
      for (MessageTurn& t : e.agentic.edit().turns)
        if (t.model.empty()) t.model = choose();
      continue;
    }
    e.model = choose();
    e.parts.edit().turn_models.assign(e.turn_count(), std::string());
    e.parts.edit().turn_models[0] = e.model;
    for (uint32_t t = 1; t < e.turn_count(); ++t) e.parts.edit().turn_models[t] = choose();
  }
}

}  // namespace aiperf
