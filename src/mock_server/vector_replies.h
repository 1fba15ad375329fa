#pragma once
// Embeddings and rankings requests and replies (workloads-and-endpoints.md §7.3, §7.4): the
// mock answers each with deterministic vectors or scores, one per input text or passage.
#include <cstdint>
#include <string>
#include <string_view>

namespace aiperf::mock {

enum class VectorApi { embeddings, nim_rankings, cohere_rerank, tei_rerank };

struct VectorRequest {
  std::string model;          // as sent; empty when absent
  int64_t items = 0;          // input texts (embeddings) or passages (rankings)
  std::string prompt_text;    // every text (rankings: the query first), joined as aiperf joins them
  int64_t prompt_tokens = 0;  // o200k_base tokens of prompt_text (prompt_tokens.h)
};

// Fills `out` from a JSON body. Returns "" on success, else a one-line message for a 400 reply.
std::string parse_vector_request(VectorApi api, std::string_view body, VectorRequest& out);

// The whole JSON reply body: `dimensions` floats per embedding, or one score per passage
// (best first, as rerankers sort them). Same seed, same request: same bytes.
void append_vector_body(std::string& out, VectorApi api, const VectorRequest& req, std::string_view model_json,
                        int64_t dimensions, uint64_t seed);

}  // namespace aiperf::mock
