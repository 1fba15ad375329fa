#include "export/csv_summary.h"

#include <gtest/gtest.h>

#include "run_summary_fixture.h"

namespace aiperf {
namespace {

TEST(CsvSummary, TwoSectionsSortedByTagWithCrlf) {
  EXPECT_EQ(summary_csv(testing::sample_summary()),
            "Metric,avg,min,max,sum,p1,p5,p10,p25,p50,p75,p90,p95,p99,std\r\n"
            "Output Sequence Length (tokens),250.00,240,260,1000,241.00,242.00,243.00,245.00,250.00,255.00,"
            "257.00,258.00,259.00,1.50\r\n"
            "Output Token Throughput Per User (tokens/sec/user),329.10,319.10,339.10,1316.40,320.10,321.10,"
            "322.10,324.10,329.10,334.10,336.10,337.10,338.10,1.50\r\n"
            "Request Latency (ms),812.55,802.55,822.55,3250.20,803.55,804.55,805.55,807.55,812.55,817.55,"
            "819.55,820.55,821.55,1.50\r\n"
            "Time to First Token (ms),41.07,31.07,51.07,164.28,32.07,33.07,34.07,36.07,41.07,46.07,48.07,"
            "49.07,50.07,1.50\r\n"
            "\r\n"
            "Metric,Value\r\n"
            "Benchmark Duration (sec),20.31\r\n"
            "Output Token Throughput (tokens/sec),3077.30\r\n"
            "Request Count,4\r\n"
            "Request Error Rate (%),20.00\r\n"
            "Request Throughput (requests/sec),12.31\r\n");
}

TEST(CsvSummary, MissingValuesAreEmptyCellsAndNamesAreQuotedWhenNeeded) {
  RunSummary s;
  MetricResult m = testing::distribution("x", "Latency, total", "ms", 1, 5);
  m.std.reset();
  m.min.reset();
  s.metrics.push_back(m);
  EXPECT_EQ(summary_csv(s),
            "Metric,avg,min,max,sum,p1,p5,p10,p25,p50,p75,p90,p95,p99,std\r\n"
            "\"Latency, total (ms)\",5.00,,15.00,20.00,-4.00,-3.00,-2.00,0.00,5.00,10.00,12.00,13.00,14.00,\r\n");
}

TEST(CsvSummary, OnlySingleValueSectionWhenNoDistributions) {
  RunSummary s;
  s.metrics.push_back(testing::aggregate("total_osl", "Total Output Sequence Length", "tokens", -1, 1000));
  s.metrics.push_back(testing::aggregate("error_request_count", "Error Request Count", "requests", -1, 3));
  EXPECT_EQ(summary_csv(s),
            "Metric,Value\r\n"
            "Error Request Count,3\r\n"
            "Total Output Sequence Length (tokens),1000\r\n");
}

TEST(CsvSummary, MetricNameDropsCountLikeUnits) {
  EXPECT_EQ(csv_metric_name(testing::aggregate("a", "Request Count", "requests", 1, 0)), "Request Count");
  EXPECT_EQ(csv_metric_name(testing::aggregate("a", "Things", "count", 1, 0)), "Things");
  EXPECT_EQ(csv_metric_name(testing::aggregate("a", "Bare", "", 1, 0)), "Bare");
  EXPECT_EQ(csv_metric_name(testing::aggregate("a", "Request Throughput", "requests/sec", 1, 0)),
            "Request Throughput (requests/sec)");
}

}  // namespace
}  // namespace aiperf
