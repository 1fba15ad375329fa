#include "metrics/audio_metrics.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(AudioMetrics, DurationAndInverseRealTimeFactor) {
  RecordMetrics m;
  m[MetricId::request_latency] = 250e6;  // 0.25 s
  add_audio_metrics(2.0, m);
  EXPECT_DOUBLE_EQ(*m[MetricId::audio_duration], 2.0);
  EXPECT_DOUBLE_EQ(*m[MetricId::rtfx], 8.0);
}

TEST(AudioMetrics, AbsentWithoutAudioOrLatency) {
  RecordMetrics no_audio;
  no_audio[MetricId::request_latency] = 1e9;
  add_audio_metrics(std::nullopt, no_audio);
  EXPECT_FALSE(no_audio[MetricId::audio_duration]);
  EXPECT_FALSE(no_audio[MetricId::rtfx]);
  RecordMetrics error_record;  // no request_latency: not a valid record
  add_audio_metrics(1.0, error_record);
  EXPECT_FALSE(error_record[MetricId::audio_duration]);
  EXPECT_FALSE(error_record[MetricId::rtfx]);
}

TEST(AudioMetrics, CatalogueRows) {
  EXPECT_EQ(metric_by_tag("rtfx"), MetricId::rtfx);
  EXPECT_EQ(metric_info(MetricId::rtfx).display_order, 850);
  EXPECT_TRUE(metric_info(MetricId::rtfx).flags & kLargerIsBetter);
  EXPECT_TRUE(metric_info(MetricId::rtfx).console);
  EXPECT_FALSE(metric_info(MetricId::audio_duration).console);
  EXPECT_STREQ(metric_info(MetricId::audio_duration).unit, "sec");
}

}  // namespace
}  // namespace aiperf
