// num_images, image_throughput and image_latency (metrics-and-outputs.md §1.7), from hand-made
// request bodies and parsed records.
#include "metrics/image_metrics.h"

#include <gtest/gtest.h>

#include "../endpoints/raw_record_builder.h"
#include "metrics/record_metrics.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

TEST(RequestImageCount, ImagePartsOfEveryBodyShape) {
  EXPECT_EQ(request_image_count(R"({"messages":[{"role":"user","content":[{"type":"text","text":"hi"},)"
                                R"({"type":"image_url","image_url":{"url":"data:image/png;base64,AA"}},)"
                                R"({"type":"image_url","image_url":{"url":"https://x/y.png"}}]}],"model":"m"})"),
            2);
  EXPECT_EQ(request_image_count(R"({"input":[{"type":"image_url","url":"data:image/png;base64,AA"}]})"), 1);
  EXPECT_EQ(request_image_count(R"({"input":[{"role":"user","content":[{"type":"input_image","image_url":"u"}]}]})"),
            1);
  EXPECT_EQ(request_image_count(R"({"messages":[{"role":"user","content":[{"type":"image","source":)"
                                R"({"type":"base64","media_type":"image/png","data":"AA"}}]}]})"),
            1);
  EXPECT_EQ(request_image_count(R"({"messages":[{"role":"user","content":"no images"}]})"), 0);
  EXPECT_EQ(request_image_count("not json"), std::nullopt);
}

TEST(ImageCountSource, ByEndpoint) {
  EXPECT_EQ(image_count_source(EndpointType::chat), ImageCountSource::request);
  EXPECT_EQ(image_count_source(EndpointType::image_retrieval), ImageCountSource::request);
  EXPECT_EQ(image_count_source(EndpointType::image_edit), ImageCountSource::request);
  EXPECT_EQ(image_count_source(EndpointType::image_generation), ImageCountSource::response);
  EXPECT_EQ(image_count_source(EndpointType::embeddings), ImageCountSource::none);
  EXPECT_EQ(image_count_source(EndpointType::completions), ImageCountSource::none);
}

TEST(ImageMetricValues, ThroughputAndLatencyPerImage) {
  // 4 images in 200 ms: 20 images/sec, 50 ms/image.
  const ImageMetricValues v = image_metric_values(4, 200e6);
  EXPECT_EQ(v.num_images, 4);
  EXPECT_DOUBLE_EQ(*v.image_throughput, 20.0);
  EXPECT_DOUBLE_EQ(*v.image_latency_ns, 50e6);
  EXPECT_FALSE(image_metric_values(0, 200e6).num_images);
  EXPECT_FALSE(image_metric_values(std::nullopt, 200e6).num_images);
  EXPECT_FALSE(image_metric_values(2, 0).image_throughput);
}

ParsedRecord parse_as(EndpointType type, const RawRecord& raw) {
  ProfileConfig config;
  config.model_names = {"m"};
  config.endpoint_type = type;
  config.streaming = raw.event_stream;
  return parse_record(config.endpoint_type, raw);
}

TEST(ImageRecordMetrics, GenerationCountsFinishedImagesNotPreviews) {
  // Two previews, then the image at 1000 + 250 ms.
  RawRecord raw = RawRecordBuilder()
                      .start(1000)
                      .sse(1000 + 50'000'000, "data: {\"type\":\"image_generation.partial_image\",\"b64_json\":\"A\","
                                              "\"partial_image_index\":0}\n\n")
                      .sse(1000 + 90'000'000, "data: {\"type\":\"image_generation.partial_image\",\"b64_json\":\"B\","
                                              "\"partial_image_index\":1}\n\n")
                      .sse(1000 + 250'000'000, "data: {\"type\":\"image_generation.completed\",\"b64_json\":\"C\"}\n\n")
                      .end(1000 + 251'000'000)
                      .build();
  const ParsedRecord parsed = parse_as(EndpointType::image_generation, raw);
  ASSERT_FALSE(parsed.error);
  RecordMetricOptions o;
  o.streaming = true;
  o.produces_tokens = false;
  o.images = ImageCountSource::response;
  TokenCounts t;
  t.input = 3;
  const RecordMetrics m = compute_record_metrics(raw, parsed, t, o);
  EXPECT_DOUBLE_EQ(*m[MetricId::request_latency], 250e6);
  EXPECT_EQ(m[MetricId::num_images], 1);
  EXPECT_DOUBLE_EQ(*m[MetricId::image_throughput], 4.0);
  EXPECT_DOUBLE_EQ(*m[MetricId::image_latency], 250e6);
  EXPECT_EQ(m[MetricId::input_sequence_length], 3);
  // No tokens come back: no token or streaming-token metric.
  EXPECT_FALSE(m[MetricId::time_to_first_token]);
  EXPECT_FALSE(m[MetricId::output_sequence_length]);
  EXPECT_FALSE(m[MetricId::inter_token_latency]);
}

TEST(ImageRecordMetrics, RequestImagesAndAbsentWithout) {
  RawRecord raw = RawRecordBuilder().start(1000).body(1000 + 100'000'000, R"({"data":[{"index":0},{"index":1}]})").end(1000 + 100'000'000).build();
  const ParsedRecord parsed = parse_as(EndpointType::image_retrieval, raw);
  ASSERT_FALSE(parsed.error);
  RecordMetricOptions o;
  o.produces_tokens = false;
  o.images = ImageCountSource::request;
  TokenCounts t;
  t.request_images = 2;
  RecordMetrics m = compute_record_metrics(raw, parsed, t, o);
  EXPECT_EQ(m[MetricId::num_images], 2);
  EXPECT_DOUBLE_EQ(*m[MetricId::image_throughput], 20.0);
  EXPECT_DOUBLE_EQ(*m[MetricId::image_latency], 50e6);
  t.request_images = 0;  // a chat request without images
  m = compute_record_metrics(raw, parsed, t, o);
  EXPECT_FALSE(m[MetricId::num_images]);
  EXPECT_FALSE(m[MetricId::image_throughput]);
  o.images = ImageCountSource::none;
  t.request_images = 2;
  EXPECT_FALSE(compute_record_metrics(raw, parsed, t, o)[MetricId::num_images]);
}

TEST(ImageRecordMetrics, ErrorRecordsHaveNone) {
  RawRecord raw = RawRecordBuilder().start(1000).body(2000, R"({"data":[]})").end(2000).build();
  const ParsedRecord parsed = parse_as(EndpointType::image_generation, raw);
  ASSERT_TRUE(parsed.error);
  RecordMetricOptions o;
  o.produces_tokens = false;
  o.images = ImageCountSource::response;
  EXPECT_FALSE(compute_record_metrics(raw, parsed, TokenCounts{}, o)[MetricId::num_images]);
}

}  // namespace
}  // namespace aiperf
