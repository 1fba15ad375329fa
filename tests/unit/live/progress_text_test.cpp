// `--ui-type simple`'s text: progress lines a log file can hold, and the §6.4 block.
#include <gtest/gtest.h>

#include "live/progress_text.h"

namespace aiperf {
namespace {

TEST(ProgressLine, CountedPhaseHasABarAPercentAndAnEta) {
  PhaseProgressView p;
  p.present = p.started = true;
  p.completed = 1234;
  p.errors = 2;
  p.request_target = 5000;
  p.elapsed_s = 27;
  const std::string line = progress_line("Profiling", p, 45.2, 83.0, 100, false);
  EXPECT_EQ(line.rfind("Profiling: 1,234/5,000 |", 0), 0u) << line;
  EXPECT_NE(line.find("| 24.7% [00:27<01:23, 45.2 req/s, 2 errors]"), std::string::npos) << line;
  EXPECT_EQ(line.find('\r'), std::string::npos);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_LE(line.size(), 100u);
}

TEST(ProgressLine, DurationPhaseShowsItsTimeAndAnOpenEndedOneNoBar) {
  PhaseProgressView p;
  p.present = p.started = true;
  p.completed = 80;
  p.duration_s = 60;
  p.elapsed_s = 15;
  EXPECT_NE(progress_line("Profiling", p, 5.3, 45.0, 120, true).find("25.0% [00:15/01:00, 5.3 req/s]"),
            std::string::npos);
  PhaseProgressView open;
  open.present = open.started = true;
  open.completed = 7;
  EXPECT_EQ(progress_line("Profiling", open, 1, std::nullopt, 120, true), "Profiling: 7 [00:00<--:--, 1.0 req/s]");
}

TEST(RealtimeBlock, CountersThenOneLinePerMetric) {
  LiveMetricsSnapshot snap;
  snap.span_s = 2;
  snap.summary.valid_count = 9;
  snap.summary.error_count = 1;
  MetricResult ttft;
  ttft.tag = "time_to_first_token";
  ttft.unit = "ms";
  ttft.distribution = true;
  ttft.avg = 20.5;
  ttft.p50 = 20.1;
  ttft.p90 = 22;
  ttft.p99 = 30;
  MetricResult isl;
  isl.tag = "input_sequence_length";
  isl.unit = "tokens";
  isl.distribution = true;
  isl.avg = 100;
  isl.sum = 900;
  isl.p50 = isl.p90 = isl.p99 = 100;
  MetricResult rate;
  rate.tag = "request_throughput";
  rate.avg = 4.5;
  snap.summary.metrics = {ttft, isl, rate};
  const std::string block = realtime_block(snap, 30, "profiling");
  EXPECT_EQ(block,
            "[realtime 00:30 profiling] 4.5 req/s · in 450 tok/s · out 0.0 tok/s · done 10 ok 9 err 1\n"
            "  ttft         avg 20.50  p50 20.10  p90 22.00  p99 30.00 ms\n"
            "  isl          avg 100.00  p50 100.00  p90 100.00  p99 100.00 tokens\n");
}

}  // namespace
}  // namespace aiperf
