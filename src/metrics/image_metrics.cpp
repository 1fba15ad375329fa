#include "metrics/image_metrics.h"

#include <simdjson.h>

#include "common/multipart_parser.h"

namespace aiperf {
namespace {

using simdjson::dom::element;

bool is_image_part_type(std::string_view type) {
  return type == "image_url" || type == "input_image" || type == "image";
}

int64_t count_image_parts(element e) {
  int64_t n = 0;
  simdjson::dom::array list;
  simdjson::dom::object members;
  if (!e.get_array().get(list)) {
    for (element item : list) n += count_image_parts(item);
  } else if (!e.get_object().get(members)) {
    for (auto field : members) {
      std::string_view type;
      if (field.key == "type" && !field.value.get_string().get(type) && is_image_part_type(type)) ++n;
      else n += count_image_parts(field.value);
    }
  }
  return n;
}

}  // namespace

ImageCountSource image_count_source(EndpointType type) {
  switch (type) {
    case EndpointType::chat:
    case EndpointType::chat_embeddings:
    case EndpointType::responses:
    case EndpointType::messages:
    case EndpointType::image_retrieval:
    case EndpointType::image_edit: return ImageCountSource::request;
    case EndpointType::image_generation: return ImageCountSource::response;
    default: return ImageCountSource::none;
  }
}

std::optional<int64_t> request_image_count(std::string_view body, std::string_view form_boundary) {
  if (!form_boundary.empty()) {
    const auto parts = parse_multipart_form(body, form_boundary);
    if (!parts) return std::nullopt;
    int64_t n = 0;
    for (const ParsedFormPart& p : *parts) n += p.name == "image" || p.name == "url" ? 1 : 0;
    return n;
  }
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(body.data(), body.size()).get(doc)) return std::nullopt;
  return count_image_parts(doc);
}

int64_t response_image_count(const ParsedRecord& record) {
  int64_t n = 0;
  for (const ParsedResponse& r : record.responses)
    if (!r.partial_image) n += r.images;
  return n;
}

ImageMetricValues image_metric_values(std::optional<int64_t> images, double request_latency_ns) {
  ImageMetricValues v;
  if (!images || *images <= 0) return v;
  v.num_images = double(*images);
  if (request_latency_ns <= 0) return v;
  v.image_throughput = *v.num_images / (request_latency_ns / 1e9);
  v.image_latency_ns = request_latency_ns / *v.num_images;
  return v;
}

}  // namespace aiperf
