#pragma once
// The video_generation submit body (workloads-and-endpoints.md §6.5): the fields the endpoint
// builds itself, before --extra-inputs and the turn's own extras are merged over them.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "dataset/dataset.h"

namespace aiperf {

// {"prompt": the turn's first text, "model"}. Size, seconds, seed, fps and the rest come from
// --extra-inputs or the turn's extra body, as upstream leaves them to the user.
nlohmann::ordered_json video_generation_fields(const DatasetEntry& entry, uint32_t turn, const std::string& model);

}  // namespace aiperf
