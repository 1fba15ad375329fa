#include "metrics/record_processor.h"

#include <limits>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../endpoints/raw_record_builder.h"
#include "word_count_tokenizer.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;
using testing::WordCountTokenizer;

constexpr int64_t kWallAtMonoZero = 1'700'000'000'000'000'000;

class RecordProcessorTest : public ::testing::Test {
 protected:
  RecordProcessorTest() {
    config.model_names = {"m"};
    config.endpoint_type = EndpointType::chat;
    config.streaming = true;
    requests.push_back({"conv_0", R"({"messages":[{"role":"user","content":"one two three"}],"model":"m","stream":true})"});
    requests.push_back({"conv_1", R"({"messages":[{"role":"system","content":"sys"},{"role":"user","content":"four five"}],"model":"m"})"});
  }

  RecordProcessor& processor() {
    if (!proc) proc = std::make_unique<RecordProcessor>(metrics_settings(config), tokenizer, requests, anchor, &jsonl);
    return *proc;
  }

  // The spec's golden record: start 100 ns, content at 120 and 200 ns, 3 tokens each.
  static RawRecordBuilder golden() {
    return RawRecordBuilder().start(100).ack(110).chat_delta(120, "a b c").chat_delta(200, " d e f")
        .done(210).end(220);
  }

  static const MetricResult& get(const RunSummary& s, const std::string& tag) {
    const MetricResult* m = s.find(tag);
    if (!m) throw std::runtime_error("missing metric " + tag);
    return *m;
  }

  std::vector<nlohmann::ordered_json> jsonl_lines() const {
    std::vector<nlohmann::ordered_json> out;
    std::istringstream in(jsonl.str());
    for (std::string line; std::getline(in, line);) out.push_back(nlohmann::ordered_json::parse(line));
    return out;
  }

  ProfileConfig config;
  WordCountTokenizer tokenizer;
  std::vector<PreparedRequest> requests;
  ClockAnchor anchor{kWallAtMonoZero, 0};
  std::ostringstream jsonl;
  std::unique_ptr<RecordProcessor> proc;
};

TEST_F(RecordProcessorTest, GoldenStreamingRecord) {
  processor().process(golden().build());
  RunSummary s = processor().summarize();
  EXPECT_EQ(s.valid_count, 1);
  EXPECT_EQ(s.error_count, 0);
  EXPECT_DOUBLE_EQ(get(s, "time_to_first_token").avg, 20 / 1e6);  // 20 ns in ms
  EXPECT_DOUBLE_EQ(get(s, "time_to_second_token").avg, 80 / 1e6);
  EXPECT_DOUBLE_EQ(get(s, "request_latency").avg, 100 / 1e6);    // last content chunk, not [DONE]
  EXPECT_DOUBLE_EQ(get(s, "decode_duration").avg, 80 / 1e6);
  EXPECT_DOUBLE_EQ(get(s, "output_sequence_length").avg, 6);
  EXPECT_DOUBLE_EQ(get(s, "output_token_count").avg, 6);
  EXPECT_DOUBLE_EQ(get(s, "input_sequence_length").avg, 3);
  EXPECT_DOUBLE_EQ(get(s, "inter_token_latency").avg, 16.0 / 1e6);
  EXPECT_DOUBLE_EQ(get(s, "inter_chunk_latency").avg, 80 / 1e6);
  EXPECT_DOUBLE_EQ(get(s, "output_token_throughput_per_user").avg, 1e9 / 16.0);
  EXPECT_NEAR(get(s, "e2e_output_token_throughput").avg, 6 / 100e-9, 1e-3);
  EXPECT_FALSE(s.find("reasoning_token_count"));
  EXPECT_FALSE(s.find("total_reasoning_tokens"));
  EXPECT_FALSE(s.find("error_request_count"));
  EXPECT_DOUBLE_EQ(get(s, "request_count").avg, 1);
  EXPECT_DOUBLE_EQ(get(s, "request_error_rate").avg, 0);
  EXPECT_DOUBLE_EQ(get(s, "completed_request_count").avg, 1);
}

TEST_F(RecordProcessorTest, RecordMetricsCarryFullStatisticsInDisplayUnits) {
  for (int64_t latency_ms : {1, 2, 3, 4}) {
    processor().process(RawRecordBuilder().start(1'000).chat_delta(1'000 + latency_ms * 1'000'000, "x y")
                            .end(2'000 + latency_ms * 1'000'000).build());
  }
  const RunSummary s = processor().summarize();
  const MetricResult& r = get(s, "request_latency");
  EXPECT_TRUE(r.distribution);
  EXPECT_EQ(r.unit, "ms");
  EXPECT_EQ(r.header, "Request Latency");
  EXPECT_EQ(r.display_order, 300);
  EXPECT_TRUE(r.console);
  EXPECT_EQ(r.count, 4);
  EXPECT_DOUBLE_EQ(r.sum, 10);
  EXPECT_DOUBLE_EQ(r.avg, 2.5);
  EXPECT_DOUBLE_EQ(*r.p50, 2.5);
  EXPECT_DOUBLE_EQ(*r.min, 1);
  EXPECT_DOUBLE_EQ(*r.max, 4);
  EXPECT_NEAR(*r.std, 1.1180, 1e-4);
  const MetricResult& count = get(s, "request_count");
  EXPECT_FALSE(count.distribution);
  EXPECT_FALSE(count.p50);
  EXPECT_TRUE(count.integer_samples);
}

TEST_F(RecordProcessorTest, NonStreamingRunHasNoStreamingMetrics) {
  config.streaming = false;
  processor().process(golden().build());  // even though the server streamed
  processor().process(RawRecordBuilder().start(100)
                          .body(300, R"({"choices":[{"message":{"content":"a b c d"}}]})").end(300).build());
  RunSummary s = processor().summarize();
  for (const char* tag : {"time_to_first_token", "time_to_second_token", "inter_token_latency",
                          "inter_chunk_latency", "decode_duration", "output_token_throughput_per_user"})
    EXPECT_FALSE(s.find(tag)) << tag;
  EXPECT_EQ(get(s, "request_latency").count, 2);
  EXPECT_EQ(get(s, "output_sequence_length").count, 2);
  EXPECT_EQ(get(s, "e2e_output_token_throughput").count, 2);
}

TEST_F(RecordProcessorTest, StreamingRunSkipsStreamingMetricsForARecordThatDidNotStream) {
  processor().process(RawRecordBuilder().start(100)
                          .body(300, R"({"choices":[{"message":{"content":"a b c d"}}]})").end(300).build());
  RunSummary s = processor().summarize();
  EXPECT_FALSE(s.find("time_to_first_token"));
  EXPECT_FALSE(s.find("inter_token_latency"));
  EXPECT_DOUBLE_EQ(get(s, "request_latency").avg, 200 / 1e6);
}

// A scheduled record (rate mode) sent 30 ns late: the send-anchored metrics do not see the
// wait, the schedule-anchored twins do, and send_lag is the difference.
TEST_F(RecordProcessorTest, ScheduledRecordsGetScheduleAnchoredTwins) {
  RawRecord late = golden().build();
  late.scheduled_ns = 70;
  processor().process(late);
  RawRecord failed = RawRecordBuilder().start(100).status(500, "Internal Server Error").body(150, "x")
                         .end(150).build();
  failed.scheduled_ns = 90;
  processor().process(failed);
  RunSummary s = processor().summarize();
  EXPECT_DOUBLE_EQ(get(s, "time_to_first_token").avg, 20 / 1e6);
  EXPECT_DOUBLE_EQ(get(s, "time_to_first_token_from_schedule").avg, 50 / 1e6);
  EXPECT_DOUBLE_EQ(get(s, "request_latency").avg, 100 / 1e6);
  EXPECT_DOUBLE_EQ(get(s, "request_latency_from_schedule").avg, 130 / 1e6);
  EXPECT_EQ(get(s, "request_latency_from_schedule").count, 1);  // errors have no latency
  EXPECT_EQ(get(s, "send_lag").count, 2);                       // but were sent: lag counted
  EXPECT_TRUE(get(s, "request_latency_from_schedule").console);
  auto lines = jsonl_lines();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_DOUBLE_EQ(lines[0]["metrics"]["request_latency_from_schedule"]["value"].get<double>(), 130 / 1e6);
  EXPECT_EQ(lines[0]["metrics"]["time_to_first_token_from_schedule"]["unit"], "ms");
  EXPECT_FALSE(lines[1]["metrics"].contains("request_latency_from_schedule"));
}

TEST_F(RecordProcessorTest, ClosedLoopRecordsHaveNoScheduleAnchoredMetrics) {
  processor().process(golden().build());  // scheduled_ns 0
  RunSummary s = processor().summarize();
  for (const char* tag : {"send_lag", "request_latency_from_schedule", "time_to_first_token_from_schedule"})
    EXPECT_FALSE(s.find(tag)) << tag;
}

TEST_F(RecordProcessorTest, ServerTokenCountsComeFromUsage) {
  config.use_server_token_count = true;
  processor().process(
      RawRecordBuilder().start(100).chat_delta(120, "a").chat_delta(200, "b")
          .data(205, R"({"choices":[],"usage":{"prompt_tokens":7,"completion_tokens":10,"completion_tokens_details":{"reasoning_tokens":4}}})")
          .done(210).end(220).build());
  RunSummary s = processor().summarize();
  EXPECT_DOUBLE_EQ(get(s, "input_sequence_length").avg, 7);
  EXPECT_DOUBLE_EQ(get(s, "output_token_count").avg, 6);
  EXPECT_DOUBLE_EQ(get(s, "reasoning_token_count").avg, 4);
  EXPECT_DOUBLE_EQ(get(s, "output_sequence_length").avg, 10);
  EXPECT_DOUBLE_EQ(get(s, "inter_token_latency").avg, 80.0 / 9 / 1e6);
  EXPECT_EQ(tokenizer.calls, 0);
}

TEST_F(RecordProcessorTest, ServerTokenCountsWithoutUsageAreAbsent) {
  config.use_server_token_count = true;
  processor().process(golden().build());
  RunSummary s = processor().summarize();
  EXPECT_FALSE(s.find("input_sequence_length"));
  EXPECT_FALSE(s.find("output_sequence_length"));
  EXPECT_FALSE(s.find("inter_token_latency"));
  EXPECT_TRUE(s.find("request_latency"));
}

TEST_F(RecordProcessorTest, ReasoningIsCountedSeparatelyAndIncludedInOsl) {
  processor().process(RawRecordBuilder().start(100)
                          .data(120, R"({"choices":[{"delta":{"reasoning_content":"let me think"}}]})")
                          .chat_delta(200, "yes")
                          .end(220).build());
  RunSummary s = processor().summarize();
  EXPECT_DOUBLE_EQ(get(s, "reasoning_token_count").avg, 3);
  EXPECT_DOUBLE_EQ(get(s, "output_token_count").avg, 1);
  EXPECT_DOUBLE_EQ(get(s, "output_sequence_length").avg, 4);
  EXPECT_DOUBLE_EQ(get(s, "total_reasoning_tokens").avg, 3);
  EXPECT_DOUBLE_EQ(get(s, "total_osl").avg, 4);
  EXPECT_DOUBLE_EQ(get(s, "time_to_first_token").avg, 20 / 1e6);  // reasoning is a first token
}

TEST_F(RecordProcessorTest, OutputTextIsConcatenatedBeforeEncoding) {
  // "hel" + "lo world" is two words once joined, three if each chunk were encoded alone.
  processor().process(RawRecordBuilder().start(100).chat_delta(120, "hel").chat_delta(200, "lo world")
                          .end(220).build());
  EXPECT_DOUBLE_EQ(get(processor().summarize(), "output_sequence_length").avg, 2);
}

TEST_F(RecordProcessorTest, ZeroOutputTokensLeaveOslAbsent) {
  processor().process(RawRecordBuilder().start(100).chat_delta(120, " ").end(220).build());
  RunSummary s = processor().summarize();
  EXPECT_EQ(s.valid_count, 1);
  EXPECT_FALSE(s.find("output_token_count"));
  EXPECT_FALSE(s.find("output_sequence_length"));
  EXPECT_FALSE(s.find("total_osl"));
  EXPECT_FALSE(s.find("output_token_throughput"));
  EXPECT_TRUE(s.find("time_to_first_token"));
}

TEST_F(RecordProcessorTest, IslIsCountedFromTheSentBodyOncePerDatasetEntry) {
  processor().process(golden().dataset_index(1).build());
  processor().process(golden().dataset_index(1).build());
  RunSummary s = processor().summarize();
  EXPECT_DOUBLE_EQ(get(s, "input_sequence_length").avg, 3);  // "sys four five"
  EXPECT_DOUBLE_EQ(get(s, "total_isl").avg, 6);
  EXPECT_EQ(tokenizer.calls, 1 + 2);  // one ISL encode, one output encode per record
}

TEST_F(RecordProcessorTest, LaterTurnsCountTheBodyTheyReallySent) {
  // A later turn's body was built at send time with the history; the prepared body of its
  // conversation (3 words) must not be what is counted.
  RawRecord later = golden().dataset_index(0).build();
  later.turn_index = 1;
  later.request_body =
      R"({"messages":[{"role":"user","content":"one two three"},{"role":"assistant","content":"x y"},)"
      R"({"role":"user","content":"six"}],"model":"m"})";
  processor().process(later);
  EXPECT_DOUBLE_EQ(get(processor().summarize(), "input_sequence_length").avg, 6);
  EXPECT_EQ(jsonl_lines().at(0)["metadata"]["turn_index"], 1);
}

TEST_F(RecordProcessorTest, WarmupRecordsNeverEnterProfilingStatistics) {
  processor().process(golden().phase(BenchmarkPhase::warmup).build());
  processor().process(RawRecordBuilder().start(1).status(500, "Internal Server Error").body(2, "x")
                          .end(2).phase(BenchmarkPhase::warmup).build());
  processor().process(golden().build());
  RunSummary s = processor().summarize();
  EXPECT_EQ(s.valid_count, 1);
  EXPECT_EQ(s.error_count, 0);
  EXPECT_EQ(s.warmup_count, 2);
  EXPECT_TRUE(s.errors.empty());
  EXPECT_DOUBLE_EQ(get(s, "request_count").avg, 1);
  EXPECT_FALSE(s.find("error_request_count"));

  RunSummary warm;
  warm.metrics = s.warmup_metrics;
  EXPECT_DOUBLE_EQ(get(warm, "request_count").avg, 1);
  EXPECT_DOUBLE_EQ(get(warm, "error_request_count").avg, 1);
  EXPECT_EQ(jsonl_lines()[0]["metadata"]["benchmark_phase"], "warmup");
}

TEST_F(RecordProcessorTest, NoWarmupMeansNoWarmupMetrics) {
  processor().process(golden().build());
  EXPECT_TRUE(processor().summarize().warmup_metrics.empty());
}

TEST_F(RecordProcessorTest, ErrorsAreSummarisedInFirstSeenOrder) {
  auto failed = [](int code, const char* reason) {
    return RawRecordBuilder().start(100).status(code, reason).body(150, "overloaded").end(150).build();
  };
  processor().process(failed(503, "Service Unavailable"));
  processor().process(golden().build());
  processor().process(failed(500, "Internal Server Error"));
  processor().process(failed(503, "Service Unavailable"));
  RunSummary s = processor().summarize();
  ASSERT_EQ(s.errors.size(), 2u);
  EXPECT_EQ(s.errors[0].error.code, 503);
  EXPECT_EQ(s.errors[0].count, 2);
  EXPECT_EQ(s.errors[1].error.code, 500);
  EXPECT_EQ(s.errors[1].count, 1);
  EXPECT_EQ(s.error_count, 3);
  EXPECT_DOUBLE_EQ(get(s, "error_request_count").avg, 3);
  EXPECT_DOUBLE_EQ(get(s, "completed_request_count").avg, 4);
  EXPECT_DOUBLE_EQ(get(s, "request_error_rate").avg, 75);
  EXPECT_EQ(get(s, "error_isl").count, 3);
  EXPECT_DOUBLE_EQ(get(s, "total_error_isl").avg, 9);
  EXPECT_EQ(get(s, "request_latency").count, 1);  // errors never enter latency
  EXPECT_FALSE(get(s, "error_isl").console);
}

TEST_F(RecordProcessorTest, AllFailedRunHasNoRequestCountOrDuration) {
  processor().process(RawRecordBuilder().start(100).status(500, "Internal Server Error").body(150, "x")
                          .end(150).build());
  RunSummary s = processor().summarize();
  EXPECT_FALSE(s.find("request_count"));
  EXPECT_FALSE(s.find("benchmark_duration"));
  EXPECT_FALSE(s.find("request_throughput"));
  EXPECT_DOUBLE_EQ(get(s, "request_error_rate").avg, 100);
}

TEST_F(RecordProcessorTest, BenchmarkDurationSpansFirstStartToLastContentResponse) {
  // Record A: wall start W+100, latency 100. Record B: wall start W+150, latency 300.
  processor().process(golden().build());
  processor().process(RawRecordBuilder().start(150).chat_delta(200, "a b").chat_delta(450, " c")
                          .done(900).end(950).build());
  RunSummary s = processor().summarize();
  EXPECT_DOUBLE_EQ(get(s, "min_request_timestamp").avg, double(kWallAtMonoZero + 100));
  EXPECT_DOUBLE_EQ(get(s, "max_response_timestamp").avg, double(kWallAtMonoZero + 450));
  const MetricResult& d = get(s, "benchmark_duration");
  EXPECT_EQ(d.unit, "sec");
  EXPECT_DOUBLE_EQ(d.avg, 350e-9);  // [DONE] at 900 and stream end at 950 do not count
  EXPECT_DOUBLE_EQ(get(s, "request_throughput").avg, 2 / 350e-9);
  EXPECT_DOUBLE_EQ(get(s, "output_token_throughput").avg, (6 + 3) / 350e-9);
  EXPECT_DOUBLE_EQ(get(s, "input_token_throughput").avg, (3 + 3) / 350e-9);
  EXPECT_DOUBLE_EQ(get(s, "total_token_throughput").avg, (6 + 9) / 350e-9);
}

TEST_F(RecordProcessorTest, JsonlLineForAValidRecord) {
  RawRecord r = golden().build();
  r.session_num = 3;
  r.x_request_id = "req-1";
  r.x_correlation_id = "corr-1";
  r.credit_issued_ns = 90;
  r.worker_id = 2;
  processor().process(std::move(r));
  const std::string text = jsonl.str();
  EXPECT_EQ(text.back(), '\n');
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
  EXPECT_EQ(text.rfind(
                R"({"metadata":{"session_num":3,"x_request_id":"req-1","x_correlation_id":"corr-1",)"
                R"("conversation_id":"conv_0","turn_index":0,"credit_issued_ns":1700000000000000090,)"
                R"("request_start_ns":1700000000000000100,"request_ack_ns":1700000000000000110,)"
                R"("request_end_ns":1700000000000000210,"worker_id":"worker_2",)"
                R"("record_processor_id":"record_processor_0","benchmark_phase":"profiling"},"metrics":{)"
                R"("time_to_first_token":{"value":0.00002,"unit":"ms"},)",
                0),
            0u)
      << text;

  nlohmann::ordered_json line = jsonl_lines().at(0);
  std::vector<std::string> tags;
  for (auto& [tag, m] : line["metrics"].items()) tags.push_back(tag);
  EXPECT_EQ(tags, (std::vector<std::string>{
                      "time_to_first_token", "time_to_second_token", "time_to_first_output_token",
                      "request_latency", "decode_duration", "full_decode_duration",
                      "inter_token_latency", "full_response_inter_token_latency",
                      "output_token_throughput_per_user",
                      "full_response_output_token_throughput_per_user",
                      "e2e_output_token_throughput", "prefill_throughput_per_user",
                      "output_sequence_length", "input_sequence_length", "output_token_count",
                      "credit_to_start_latency", "effective_latency"}));
  // From the credit (90) to the send (100) and to request_end_ns (210, the last raw chunk).
  EXPECT_DOUBLE_EQ(line["metrics"]["credit_to_start_latency"]["value"].get<double>(), 1e-05);
  EXPECT_DOUBLE_EQ(line["metrics"]["effective_latency"]["value"].get<double>(), 1.2e-04);
  EXPECT_EQ(line["metrics"]["output_sequence_length"]["value"], 6);
  EXPECT_TRUE(line["metrics"]["output_sequence_length"]["value"].is_number_integer());
  EXPECT_DOUBLE_EQ(line["metrics"]["inter_token_latency"]["value"].get<double>(), 1.6e-05);
  EXPECT_EQ(line["metrics"]["output_token_throughput_per_user"]["unit"], "tokens/sec/user");
  EXPECT_FALSE(line.contains("error"));
  EXPECT_FALSE(line["metadata"].contains("was_cancelled"));
}

// SSE messages whose data is not JSON: each record's count in its metadata (absent at 0), the
// run's totals in the summary for the one warning.
TEST_F(RecordProcessorTest, InvalidJsonSseMessagesAreCountedPerRecordAndPerRun) {
  processor().process(golden().data(205, "{broken").data(206, "nope").build());
  processor().process(golden().build());
  processor().process(golden().data(207, "[1,").build());
  auto lines = jsonl_lines();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0]["metadata"]["invalid_sse_messages"], 2);
  EXPECT_FALSE(lines[1]["metadata"].contains("invalid_sse_messages"));
  EXPECT_EQ(lines[2]["metadata"]["invalid_sse_messages"], 1);
  EXPECT_FALSE(lines[0].contains("error"));  // skipped, not an error
  RunSummary s = processor().summarize();
  EXPECT_EQ(s.invalid_sse_messages, 3);
  EXPECT_EQ(s.records_with_invalid_sse, 2);
}

TEST_F(RecordProcessorTest, JsonlLineForAnErrorRecord) {
  processor().process(RawRecordBuilder().start(100).status(500, "Internal Server Error")
                          .body(150, R"({"error":"engine overloaded"})").end(160).build());
  nlohmann::ordered_json line = jsonl_lines().at(0);
  EXPECT_EQ(line["metadata"]["request_end_ns"], kWallAtMonoZero + 160);  // the error time
  EXPECT_FALSE(line["metadata"].contains("request_ack_ns"));
  EXPECT_FALSE(line["metadata"].contains("credit_issued_ns"));
  EXPECT_EQ(line["metrics"].dump(), R"({"error_isl":{"value":3,"unit":"tokens"}})");
  EXPECT_EQ(line["error"].dump(),
            R"({"code":500,"type":"Internal Server Error","message":"{\"error\":\"engine overloaded\"}"})");
}

TEST_F(RecordProcessorTest, JsonlOmitsErrorCodeWhenThereIsNone) {
  processor().process(RawRecordBuilder().start(100).data(120, R"({"choices":[]})").end(130).build());
  nlohmann::ordered_json line = jsonl_lines().at(0);
  EXPECT_FALSE(line["error"].contains("code"));
  EXPECT_EQ(line["error"]["type"], "InvalidInferenceResultError");
}

TEST_F(RecordProcessorTest, NoJsonlStreamMeansNothingWritten) {
  RecordProcessor p(metrics_settings(config), tokenizer, requests, anchor, nullptr);
  p.process(golden().build());
  EXPECT_EQ(p.summarize().valid_count, 1);
}

// Goodput (§1.4, §3): 200 ns latency SLO. Golden latency 100 ns (good), a second record
// 300 ns (not good), one failed record (never good). Duration = max response 400 − min start
// 100 = 300 ns.
TEST_F(RecordProcessorTest, GoodputCountsRecordsMeetingEverySlo) {
  config.goodput = {{"request_latency", 0.0002}};  // ms
  processor().process(golden().build());
  processor().process(RawRecordBuilder().start(100).chat_delta(400, "x y").end(410).build());
  processor().process(RawRecordBuilder().start(100).status(500, "Internal Server Error").body(150, "x")
                          .end(150).build());
  RunSummary s = processor().summarize();
  EXPECT_DOUBLE_EQ(get(s, "good_request_count").avg, 1);
  EXPECT_DOUBLE_EQ(get(s, "good_request_fraction").avg, 1.0 / 3);
  EXPECT_DOUBLE_EQ(get(s, "goodput").avg, 1 / 300e-9);
  EXPECT_DOUBLE_EQ(get(s, "request_throughput").avg, 2 / 300e-9);
  EXPECT_EQ(get(s, "goodput").unit, "requests/sec");
  EXPECT_TRUE(get(s, "goodput").console);
  EXPECT_EQ(get(s, "goodput").display_order, 1000);
}

TEST_F(RecordProcessorTest, GoodputMetricsExistOnlyWithTheFlag) {
  processor().process(golden().build());
  RunSummary s = processor().summarize();
  for (const char* tag : {"good_request_count", "goodput", "good_request_fraction"}) EXPECT_FALSE(s.find(tag)) << tag;
}

TEST_F(RecordProcessorTest, GoodputWithNothingGoodIsZeroNotAbsent) {
  config.goodput = {{"request_latency", 0}};
  processor().process(golden().build());
  RunSummary s = processor().summarize();
  EXPECT_DOUBLE_EQ(get(s, "good_request_count").avg, 0);
  EXPECT_DOUBLE_EQ(get(s, "good_request_fraction").avg, 0);
}

TEST_F(RecordProcessorTest, BadGoodputTagFailsAtConstruction) {
  config.goodput = {{"no_such_metric", 1}};
  EXPECT_THROW(processor(), ConfigError);
}

// Counting metrics (§1.2, §1.3, §1.5) and usage totals.
TEST_F(RecordProcessorTest, CountsAndUsageTotals) {
  requests.push_back({"conv_2", R"({"messages":[{"role":"user","content":"hi"}],"max_completion_tokens":6})"});
  const std::string usage =
      R"({"choices":[],"usage":{"prompt_tokens":4,"completion_tokens":6,"total_tokens":10,)"
      R"("prompt_tokens_details":{"cached_tokens":1}}})";
  // OSL 6 of 6 requested: no mismatch; usage prompt 4 vs ISL 1 (300 %): discrepant.
  processor().process(golden().dataset_index(2).data(205, usage).build());
  // OSL 2 of 6 requested: mismatch; no usage.
  processor().process(RawRecordBuilder().start(100).dataset_index(2).chat_delta(150, "x y").end(160).build());
  RawRecord cancelled = RawRecordBuilder().start(100).end(120).build();
  cancelled.was_cancelled = true;
  cancelled.cancellation_ns = 120;
  processor().process(cancelled);
  RunSummary s = processor().summarize();
  EXPECT_DOUBLE_EQ(get(s, "cancelled_request_count").avg, 1);
  EXPECT_DOUBLE_EQ(get(s, "error_request_count").avg, 1);
  EXPECT_DOUBLE_EQ(get(s, "streamed_request_count").avg, 2);
  EXPECT_DOUBLE_EQ(get(s, "osl_mismatch_count").avg, 1);
  EXPECT_DOUBLE_EQ(get(s, "osl_mismatch_diff_pct").min.value(), (2.0 - 6) / 6 * 100);
  EXPECT_DOUBLE_EQ(get(s, "usage_discrepancy_count").avg, 1);
  EXPECT_DOUBLE_EQ(get(s, "usage_prompt_tokens_diff_pct").avg, 300);
  EXPECT_DOUBLE_EQ(get(s, "total_usage_prompt_tokens").avg, 4);
  EXPECT_DOUBLE_EQ(get(s, "total_usage_total_tokens").avg, 10);
  EXPECT_DOUBLE_EQ(get(s, "overall_usage_prompt_cache_read_pct").avg, 25);
  EXPECT_FALSE(s.find("total_usage_reasoning_tokens"));  // no record reported it
  EXPECT_FALSE(get(s, "osl_mismatch_count").console);
}

TEST_F(RecordProcessorTest, CleanRunHasNoCancelledOrJudgedCounts) {
  config.streaming = false;
  processor().process(golden().build());
  RunSummary s = processor().summarize();
  for (const char* tag : {"cancelled_request_count", "streamed_request_count", "osl_mismatch_count",
                          "usage_discrepancy_count", "total_usage_prompt_tokens"})
    EXPECT_FALSE(s.find(tag)) << tag;
}

TEST_F(RecordProcessorTest, ServerTokenCountsTakeRequestedOslFromTheBody) {
  config.use_server_token_count = true;
  requests.push_back({"conv_2", R"({"messages":[{"role":"user","content":"hi"}],"max_tokens":4})"});
  processor().process(golden().dataset_index(2)
                          .data(205, R"({"choices":[],"usage":{"prompt_tokens":2,"completion_tokens":5}})")
                          .build());
  RunSummary s = processor().summarize();
  EXPECT_DOUBLE_EQ(get(s, "osl_mismatch_diff_pct").avg, 25);
  EXPECT_FALSE(s.find("usage_completion_tokens_diff_pct"));  // usage is the count itself
  EXPECT_EQ(tokenizer.calls, 0);
}

// adj_* (§2.4): latencies 100, 200, 300 ns plus one failed request = one +inf sample.
TEST_F(RecordProcessorTest, ErrorAdjustedPercentilesCountFailuresAsInfinite) {
  for (int64_t latency : {300, 100, 200})
    processor().process(RawRecordBuilder().start(1000).chat_delta(1000 + latency, "x").end(1000 + latency).build());
  processor().process(RawRecordBuilder().start(1000).status(500, "Internal Server Error").body(1100, "x")
                          .end(1100).build());
  RunSummary s = processor().summarize();
  const double inf = std::numeric_limits<double>::infinity();
  const MetricResult& adj = get(s, "adj_request_latency");
  EXPECT_EQ(adj.header, "Request Latency (error-adjusted)");
  EXPECT_EQ(adj.unit, "ms");
  EXPECT_FALSE(adj.console);
  EXPECT_EQ(adj.count, 4);
  EXPECT_EQ(adj.avg, inf);
  EXPECT_EQ(adj.sum, inf);
  EXPECT_FALSE(adj.std);
  EXPECT_DOUBLE_EQ(*adj.min, 100 / 1e6);
  EXPECT_EQ(*adj.max, inf);
  EXPECT_DOUBLE_EQ(*adj.p1, 100 / 1e6);
  EXPECT_DOUBLE_EQ(*adj.p25, 200 / 1e6);
  EXPECT_DOUBLE_EQ(*adj.p50, 300 / 1e6);
  EXPECT_EQ(*adj.p90, inf);
  EXPECT_EQ(*adj.p99, inf);
  EXPECT_DOUBLE_EQ(*get(s, "request_latency").p50, 200 / 1e6);  // the base metric is untouched
  // Single-chunk records: TTFT exists, ITL does not (OSL 1), so no adj_inter_token_latency.
  EXPECT_EQ(get(s, "adj_time_to_first_token").count, 4);
  EXPECT_FALSE(s.find("adj_inter_token_latency"));
  EXPECT_FALSE(s.find("adj_output_sequence_length"));
}

TEST_F(RecordProcessorTest, CleanRunHasNoErrorAdjustedMetrics) {
  processor().process(golden().build());
  EXPECT_FALSE(processor().summarize().find("adj_request_latency"));
}

// Sweep-line input: wall start and end of every record, failed ones included (§2.5).
TEST_F(RecordProcessorTest, SweepLineSeesEveryRequestsLife) {
  processor().process(golden().build());  // 100..220, first token at 120
  processor().process(RawRecordBuilder().start(220).status(500, "Internal Server Error").body(320, "x")
                          .end(320).build());  // a failed request holding a slot 220..320
  RunSummary s = processor().summarize();
  EXPECT_DOUBLE_EQ(get(s, "effective_concurrency").avg, 1);
  EXPECT_DOUBLE_EQ(get(s, "effective_prefill_concurrency").avg, 20.0 / 220);
  EXPECT_DOUBLE_EQ(get(s, "active_prefill_throughput").avg, 3 / 20e-9);  // ISL 3 over TTFT 20 ns
}

}  // namespace
}  // namespace aiperf
