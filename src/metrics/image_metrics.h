#pragma once
// The image metrics (metrics-and-outputs.md §1.7): num_images (hidden), image_throughput
// (images/sec) and image_latency (ms/image, kept in ns/image like every time).
#include <cstdint>
#include <optional>
#include <string_view>

#include "config/endpoint_catalog.h"
#include "endpoints/response_parser.h"

namespace aiperf {

// Where a record's images are counted. Upstream counts the image parts of the request
// payload, which is right for endpoints that take images in. image_generation sends none,
// so aiperf-cpp counts the finished images it got back instead (docs/metrics.md).
enum class ImageCountSource { none, request, response };

//   request:  chat, chat_embeddings, responses, messages, image_retrieval, image_edit;
//   response: image_generation;  none: every other endpoint.
ImageCountSource image_count_source(EndpointType type);

// Image content parts of a JSON request body: every object whose `type` is `image_url`
// (chat, image_retrieval), `input_image` (Responses API) or `image` (Anthropic); of a
// multipart form (`form_boundary` non-empty: image_edit), its `image` and `url` parts.
// nullopt when the body is neither.
std::optional<int64_t> request_image_count(std::string_view body, std::string_view form_boundary = {});

// Finished images of a parsed record (streamed previews are not results).
int64_t response_image_count(const ParsedRecord& record);

struct ImageMetricValues {
  std::optional<double> num_images;
  std::optional<double> image_throughput;   // images/sec
  std::optional<double> image_latency_ns;   // ns per image
};

// All absent for no images (0 is "no value" upstream) or a latency that is not positive.
ImageMetricValues image_metric_values(std::optional<int64_t> images, double request_latency_ns);

}  // namespace aiperf
