#pragma once
// What the mock reads from Hugging Face TGI (/generate, /generate_stream) and Solido RAG
// (/rag/api/prompt) request bodies. Each returns "" or a one-line message for a 400 reply.
#include <string>

#include <nlohmann/json.hpp>

#include "mock_server/mock_request.h"

namespace aiperf::mock {

// `inputs` (a string, required) and `parameters` (an object, optional) with max_new_tokens.
std::string read_tgi_generate_request(const nlohmann::json& body, CompletionRequest& out);

// `query` (a list of strings, required), `filters` (an object, required), `inference_model`
// (a string, the model to report).
std::string read_solido_rag_request(const nlohmann::json& body, CompletionRequest& out);

}  // namespace aiperf::mock
