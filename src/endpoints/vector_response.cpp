#include "endpoints/vector_response.h"

#include <simdjson.h>

#include "endpoints/parser_release.h"

namespace aiperf {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

int64_t array_size(element e, const char* key) {
  array a;
  if (e[key].get_array().get(a)) return 0;
  return int64_t(a.size());
}

// Upstream's OpenAI embeddings parser insists on the `object` tag of every vector.
VectorResult openai_embeddings(element doc) {
  VectorResult r;
  array data;
  if (doc["data"].get_array().get(data)) return r;
  for (element item : data) {
    std::string_view tag;
    if (item["object"].get_string().get(tag) || tag != "embedding")
      return {0, ErrorDetails{std::nullopt, "ValueError",
                              "Embeddings response data[] entry is not an object of type 'embedding'"}};
    ++r.items;
  }
  return r;
}

// vLLM's chat-style embedding servers vary: the OpenAI list, or a bare list of vectors.
VectorResult generic_embeddings(element doc) {
  array data;
  if (!doc["data"].get_array().get(data)) {
    int64_t n = 0;
    for (element item : data) n += item["embedding"].get_array().error() ? 0 : 1;
    if (n > 0) return {n, std::nullopt};
  }
  if (int64_t n = array_size(doc, "embeddings")) return {n, std::nullopt};
  array single;
  if (!doc["embedding"].get_array().get(single) && single.size() > 0) return {1, std::nullopt};
  return {};
}

}  // namespace

VectorResult read_vector_response(EndpointType type, PaddedJson json) {
  thread_local simdjson::dom::parser parser;
  const ParserRelease release(parser);  // after the document is read
  element doc;
  if (parser.parse(json.data(), json.size(), false).get(doc)) return {};
  switch (type) {
    case EndpointType::embeddings:
    case EndpointType::nim_embeddings: return openai_embeddings(doc);
    case EndpointType::chat_embeddings: return generic_embeddings(doc);
    case EndpointType::nim_rankings: return {array_size(doc, "rankings"), std::nullopt};
    case EndpointType::cohere_rankings: return {array_size(doc, "results"), std::nullopt};
    case EndpointType::hf_tei_rankings: {
      array top;
      if (!doc.get_array().get(top)) return {int64_t(top.size()), std::nullopt};
      return {array_size(doc, "results"), std::nullopt};
    }
    default: return {};
  }
}

}  // namespace aiperf
