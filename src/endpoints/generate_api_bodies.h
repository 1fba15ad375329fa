#pragma once
// Request bodies of the two non-OpenAI text-generation APIs (workloads-and-endpoints.md §7.3):
// Hugging Face TGI's /generate and Solido's RAG prompt API. Both send one turn's texts alone:
// neither API has roles, so the CLI refuses history and system prompts for them.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "config/profile_config.h"
#include "dataset/dataset.h"

namespace aiperf {

// huggingface_generate: {"inputs": the turn's texts joined with " ", "parameters":
// {"max_new_tokens"?, ...--extra-inputs...}}, then the turn's own extra members at top level.
// --extra-inputs go inside `parameters` (TGI's generation options live there), unlike every
// other endpoint. No model (TGI serves one) and no stream flag (the path decides).
std::string build_tgi_generate_body(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn);

// solido_rag: {"query": [the turn's texts], "filters": {"family":"Solido","tool":"SDE"},
// "inference_model": model}; the caller merges --extra-inputs and row extras on top.
nlohmann::ordered_json solido_rag_fields(const DatasetEntry& entry, uint32_t turn, const std::string& model);

}  // namespace aiperf
