#pragma once
// JSON request bodies of the image endpoints (workloads-and-endpoints.md §6.5): the fields the
// endpoint builds itself; --extra-inputs and a turn's own extras are merged on top by the caller.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "config/profile_config.h"
#include "dataset/dataset.h"

namespace aiperf {

// image_generation: {"prompt": the turn's first text, "model", "response_format": "b64_json",
// "n": 1} and "stream": true when streaming (absent otherwise, as upstream sends it).
nlohmann::ordered_json image_generation_fields(const EndpointSettings& config, const DatasetEntry& entry,
                                               uint32_t turn, const std::string& model);

// image_retrieval (NIM /v1/infer): {"input": [{"type": "image_url", "url": <image>}, ...]}, one
// entry per image of the turn, no model. Throws ConfigError naming the conversation and turn
// when the turn has no image: the request would be meaningless.
nlohmann::ordered_json image_retrieval_fields(const DatasetEntry& entry, uint32_t turn);

}  // namespace aiperf
