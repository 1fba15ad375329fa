#pragma once
// Reads the body of an embeddings or rankings response (workloads-and-endpoints.md §7.4):
// these carry vectors or scores, never text, so a record only learns how many came back.
#include <cstdint>
#include <optional>
#include <string>

#include "common/error_details.h"
#include "config/endpoint_catalog.h"
#include "endpoints/padded_json.h"

namespace aiperf {

struct VectorResult {
  int64_t items = 0;                  // embedding vectors or ranking scores; 0 = no content
  std::optional<ErrorDetails> error;  // a body upstream's parser rejects (ValueError)
};

//   embeddings / nim_embeddings: `data[]`, every element with `object == "embedding"`;
//   chat_embeddings:             `data[].embedding`, else `embeddings`, else `embedding`;
//   nim_rankings: `rankings[]`; cohere_rankings: `results[]`; hf_tei_rankings: a top-level
//   list, else `results[]`.
// Not JSON, or none of those: 0 items (the record then has no content: an error record).
// `json` gains capacity for the parser's padding; its contents are left unchanged.
VectorResult read_vector_response(EndpointType type, PaddedJson json);

}  // namespace aiperf
