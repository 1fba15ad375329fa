#pragma once
// Reads the responses of the image endpoints (workloads-and-endpoints.md §6.5, §7.4):
//   image_generation / image_edit, whole body: `data[]` items with `b64_json` or `url` (and
//     `revised_prompt`), beside `size`, `quality`, `output_format`, `background` and `usage`;
//   image_generation / image_edit, streaming: one event per image, `b64_json` with
//     `partial_image_index` on previews (`type` "image_generation.partial_image") and the
//     final image on "image_generation.completed" (or the image_edit.* twins);
//   image_retrieval: the `data` list, one entry per result.
// Usage and `error` members are read by read_openai_message, as for every JSON endpoint.
#include <cstdint>
#include <optional>
#include <string>

#include "config/endpoint_catalog.h"
#include "endpoints/padded_json.h"
#include "endpoints/response_parser.h"

namespace aiperf {

struct ImageResult {
  int64_t images = 0;            // images carried (b64_json or url); previews included
  bool partial = false;          // a streaming preview, not a finished image
  int64_t retrieval_items = 0;   // image_retrieval: entries of `data`
  std::optional<int64_t> partial_image_index;
  std::string revised_prompt;    // of the first data[] item that has one
  std::string size, quality, output_format, background;
};

// Not JSON, or none of the members above: an empty result (the record then has no content).
// `json` gains capacity for the parser's padding; its contents are left unchanged.
ImageResult read_image_response(EndpointType type, PaddedJson json);

// The endpoints whose messages read_image_response understands.
constexpr bool returns_images(EndpointType t) {
  return t == EndpointType::image_generation || t == EndpointType::image_edit || t == EndpointType::image_retrieval;
}

// Copies what the metrics need into `out`: images, partial_image and (retrieval) vector_items.
void add_image_response(EndpointType type, PaddedJson json, ParsedResponse& out);

}  // namespace aiperf
