#include "mock_server/generate_api_request.h"

#include "mock_server/prompt_tokens.h"

namespace aiperf::mock {

using nlohmann::json;

std::string read_tgi_generate_request(const json& body, CompletionRequest& out) {
  auto inputs = body.find("inputs");
  if (inputs == body.end() || !inputs->is_string()) return "'inputs' must be a string";
  append_prompt_text(out.prompt_text, inputs->get_ref<const std::string&>());
  auto params = body.find("parameters");
  if (params == body.end() || params->is_null()) return {};
  if (!params->is_object()) return "'parameters' must be an object";
  auto max_new = params->find("max_new_tokens");
  if (max_new == params->end() || max_new->is_null()) return {};
  // TGI refuses 0 as well: a generation must produce a token.
  if (!max_new->is_number_integer() || max_new->get<int64_t>() < 1)
    return "'parameters.max_new_tokens' must be a positive integer";
  out.max_tokens = max_new->get<int64_t>();
  return {};
}

std::string read_solido_rag_request(const json& body, CompletionRequest& out) {
  auto query = body.find("query");
  if (query == body.end() || !query->is_array()) return "'query' must be a list of strings";
  for (const json& q : *query) {
    if (!q.is_string()) return "'query' must be a list of strings";
    append_prompt_text(out.prompt_text, q.get_ref<const std::string&>());
  }
  auto filters = body.find("filters");
  if (filters == body.end() || !filters->is_object()) return "'filters' must be an object";
  if (auto m = body.find("inference_model"); m != body.end() && !m->is_null()) {
    if (!m->is_string()) return "'inference_model' must be a string";
    out.model = m->get<std::string>();
  }
  return {};
}

}  // namespace aiperf::mock
