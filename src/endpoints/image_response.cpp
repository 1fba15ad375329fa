#include "endpoints/image_response.h"

#include <simdjson.h>

#include "endpoints/parser_release.h"

namespace aiperf {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

std::string string_or_empty(object o, const char* key) {
  std::string_view s;
  if (o[key].get_string().get(s)) return {};
  return std::string(s);
}

bool has_string(object o, const char* key) {
  std::string_view s;
  return !o[key].get_string().get(s) && !s.empty();
}

void read_generated(object root, ImageResult& r) {
  r.size = string_or_empty(root, "size");
  r.quality = string_or_empty(root, "quality");
  r.output_format = string_or_empty(root, "output_format");
  r.background = string_or_empty(root, "background");
  array data;
  if (!root["data"].get_array().get(data)) {
    for (element item : data) {
      object io;
      if (item.get_object().get(io)) continue;
      if (has_string(io, "b64_json") || has_string(io, "url")) ++r.images;
      if (r.revised_prompt.empty()) r.revised_prompt = string_or_empty(io, "revised_prompt");
    }
    return;
  }
  // A streaming event carries its image at the top level.
  if (!has_string(root, "b64_json")) return;
  r.images = 1;
  int64_t index = 0;
  if (!root["partial_image_index"].get_int64().get(index)) r.partial_image_index = index;
  const std::string type = string_or_empty(root, "type");
  r.partial = type.ends_with(".partial_image") || (type.empty() && r.partial_image_index);
}

}  // namespace

ImageResult read_image_response(EndpointType type, PaddedJson json) {
  thread_local simdjson::dom::parser parser;
  const ParserRelease release(parser);  // after the document is read
  ImageResult r;
  object root;
  if (parser.parse(json.data(), json.size(), false).get_object().get(root)) return r;
  if (type == EndpointType::image_retrieval) {
    array data;
    if (!root["data"].get_array().get(data)) r.retrieval_items = int64_t(data.size());
    return r;
  }
  read_generated(root, r);
  return r;
}

void add_image_response(EndpointType type, PaddedJson json, ParsedResponse& out) {
  const ImageResult r = read_image_response(type, json);
  out.images = r.images;
  out.partial_image = r.partial;
  out.vector_items = r.retrieval_items;
}

}  // namespace aiperf
