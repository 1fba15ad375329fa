// Replays recorded RawRecords (tests/fixtures/export_run/records.json) through the record
// processor and the exporters, and compares every output file field by field with the
// checked-in expected files, which follow metrics-and-outputs.md §7 (values hand-checked in
// the assertions at the bottom). AIPERF_UPDATE_FIXTURES=1 rewrites expected/ instead.
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../endpoints/raw_record_builder.h"
#include "../metrics/word_count_tokenizer.h"
#include "export/csv_summary.h"
#include "export/json_summary.h"
#include "export/timeslice_export.h"
#include "metrics/record_processor.h"
#include "../support/file_bytes.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

const fs::path kFixtureDir = fs::path(AIPERF_TEST_FIXTURES_DIR) / "export_run";

using test_support::read_file;

RawRecord record_from(const ojson& j) {
  testing::RawRecordBuilder b;
  b.start(j["start_ns"]).ack(j["ack_ns"]).end(j["end_ns"]).dataset_index(j["dataset_index"]);
  if (j.value("phase", "profiling") == "warmup") b.phase(BenchmarkPhase::warmup);
  if (j.contains("status")) {
    b.status(j["status"], j["reason"]).body(j["end_ns"], j["error_body"].get<std::string>());
  } else {
    for (const auto& c : j["content"]) b.chat_delta(c[0], c[1].get<std::string>());
    b.done(j["done_ns"]);
  }
  RawRecord r = b.build();
  r.session_num = j["session_num"];
  r.worker_id = j["worker_id"];
  r.x_request_id = j["x_request_id"];
  r.x_correlation_id = j["x_correlation_id"];
  r.credit_issued_ns = j["credit_issued_ns"];
  return r;
}

// Structural equality: same keys in the same order, same types, numbers equal to 1e-12.
void expect_same(const ojson& expected, const ojson& actual, const std::string& path) {
  if (expected.is_number_float() || actual.is_number_float()) {
    ASSERT_TRUE(actual.is_number()) << path << ": expected a number, got " << actual.dump();
    EXPECT_EQ(expected.is_number_float(), actual.is_number_float()) << path << ": int vs float " << actual.dump();
    const double e = expected.get<double>(), a = actual.get<double>();
    EXPECT_NEAR(a, e, 1e-12 * std::max(1.0, std::fabs(e))) << path;
    return;
  }
  ASSERT_EQ(expected.type(), actual.type()) << path << ": " << actual.dump();
  if (expected.is_object()) {
    std::vector<std::string> ek, ak;
    for (const auto& [k, v] : expected.items()) ek.push_back(k);
    for (const auto& [k, v] : actual.items()) ak.push_back(k);
    ASSERT_EQ(ek, ak) << path << ": keys or key order differ";
    for (const auto& k : ek) expect_same(expected[k], actual[k], path + "." + k);
  } else if (expected.is_array()) {
    ASSERT_EQ(expected.size(), actual.size()) << path;
    for (size_t i = 0; i < expected.size(); ++i) expect_same(expected[i], actual[i], path + "[" + std::to_string(i) + "]");
  } else {
    EXPECT_EQ(expected, actual) << path;
  }
}

// input_config is our own shape and changes with every new flag; aiperf_version with every release.
ojson without_volatile(ojson doc) {
  doc.erase("input_config");
  doc.erase("aiperf_version");
  return doc;
}

class FixtureRun : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("TZ", "UTC", 1);  // start_time/end_time are local times
    tzset();
    fixture = ojson::parse(read_file(kFixtureDir / "records.json"));
    config.model_names = {"m"};
    config.endpoint_type = EndpointType::chat;
    config.streaming = true;
    config.slice_duration = fixture["slice_duration_s"].get<double>();
    config.cli_command = "aiperf profile -m m --streaming --slice-duration 1";
    for (const auto& r : fixture["requests"]) requests.push_back({r["conversation_id"], r["body"]});

    std::ostringstream jsonl;
    ClockAnchor anchor{fixture["anchor_wall_ns"].get<int64_t>(), 0};
    RecordProcessor processor(metrics_settings(config), tokenizer, requests, anchor, &jsonl);
    for (const auto& r : fixture["records"]) processor.process(record_from(r));
    summary = processor.summarize();

    RunInfo info;
    info.benchmark_id = "5f0c1e0d9b4a4c7e8e2f7a51d3c2b1aa";
    info.start_wall_ns = anchor.to_wall(fixture["profiling_start_ns"]);
    info.end_wall_ns = anchor.to_wall(fixture["profiling_end_ns"]);
    actual["profile_export_aiperf.json"] = dump_pretty(summary_json(config, summary, info));
    actual["profile_export_aiperf.csv"] = summary_csv(summary);
    actual["profile_export.jsonl"] = jsonl.str();
    actual["profile_export_aiperf_timeslices.json"] = dump_pretty(timeslices_json(config, summary.timeslices));
    actual["profile_export_aiperf_timeslices.csv"] = timeslices_csv(summary.timeslices);

    if (const char* update = std::getenv("AIPERF_UPDATE_FIXTURES"); update && *update)
      for (const auto& [name, text] : actual) std::ofstream(kFixtureDir / "expected" / name, std::ios::binary) << text;
  }

  std::string expected(const std::string& name) const { return read_file(kFixtureDir / "expected" / name); }

  ojson fixture;
  ProfileConfig config;
  testing::WordCountTokenizer tokenizer;
  std::vector<PreparedRequest> requests;
  RunSummary summary;
  std::map<std::string, std::string> actual;
};

TEST_F(FixtureRun, SummaryJsonMatchesFieldByField) {
  const std::string name = "profile_export_aiperf.json";
  expect_same(without_volatile(ojson::parse(expected(name))), without_volatile(ojson::parse(actual[name])), "$");
  EXPECT_NE(actual[name].back(), '\n');  // json.dumps/orjson write no final newline
}

TEST_F(FixtureRun, TimeslicesJsonMatchesFieldByField) {
  const std::string name = "profile_export_aiperf_timeslices.json";
  expect_same(without_volatile(ojson::parse(expected(name))), without_volatile(ojson::parse(actual[name])), "$");
}

TEST_F(FixtureRun, CsvFilesMatchByteForByte) {
  for (const char* name : {"profile_export_aiperf.csv", "profile_export_aiperf_timeslices.csv"})
    EXPECT_EQ(expected(name), actual[name]) << name;
}

TEST_F(FixtureRun, RecordsJsonlMatchesLineByLine) {
  std::istringstream e(expected("profile_export.jsonl")), a(actual["profile_export.jsonl"]);
  std::string el, al;
  int line = 0;
  while (std::getline(e, el)) {
    ++line;
    ASSERT_TRUE(std::getline(a, al)) << "missing line " << line;
    expect_same(ojson::parse(el), ojson::parse(al), "line " + std::to_string(line));
  }
  EXPECT_FALSE(std::getline(a, al)) << "extra line: " << al;
}

// Values worked out by hand from records.json, so the expected files are checked, not just echoed.
TEST_F(FixtureRun, ExpectedFilesHoldHandComputedValues) {
  const ojson doc = ojson::parse(expected("profile_export_aiperf.json"));
  // TTFT: 20, 40 and 50 ms after the three successful starts.
  EXPECT_DOUBLE_EQ(doc["time_to_first_token"]["avg"].get<double>(), (20.0 + 40.0 + 50.0) / 3);
  EXPECT_DOUBLE_EQ(doc["time_to_first_token"]["min"].get<double>(), 20.0);
  // Request latency runs to the last content chunk, not [DONE]: 40, 60, 100 ms.
  EXPECT_DOUBLE_EQ(doc["request_latency"]["sum"].get<double>(), 200.0);
  EXPECT_EQ(doc["request_latency"]["count"], 3);
  // OSL: "a b c d e f", "x y z", "p q r s t" -> 6 + 3 + 5 words; integers stay integers.
  EXPECT_EQ(doc["output_sequence_length"]["sum"].dump(), "14");
  EXPECT_EQ(doc["output_sequence_length"]["max"].dump(), "6");
  // Benchmark duration: first start (100 ms) to last response (1300 + 100 ms) = 1.3 s.
  EXPECT_DOUBLE_EQ(doc["benchmark_duration"]["avg"].get<double>(), 1.3);
  EXPECT_DOUBLE_EQ(doc["request_throughput"]["avg"].get<double>(), 3 / 1.3);
  EXPECT_EQ(doc["request_count"]["avg"].dump(), "3.0");  // aggregates are floats in the JSON
  EXPECT_EQ(doc["error_summary"].dump(),
            R"([{"error_details":{"code":500,"type":"Internal Server Error","message":"{\"error\":\"engine overloaded\"}"},"count":1}])");
  EXPECT_EQ(doc["start_time"], "2026-01-02T14:05:11.100000");
  EXPECT_EQ(doc["end_time"], "2026-01-02T14:05:12.500000");
  ASSERT_TRUE(doc.contains("warmup_metrics"));
  EXPECT_DOUBLE_EQ(doc["warmup_metrics"]["request_latency"]["avg"].get<double>(), 29.999);

  const std::string csv = expected("profile_export_aiperf.csv");
  EXPECT_NE(csv.find("Request Latency (ms),66.67,40.00,100.00,200.00,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\r\n\r\nMetric,Value\r\n"), std::string::npos);
  EXPECT_NE(csv.find("Request Count,3\r\n"), std::string::npos);
  EXPECT_NE(csv.find("Error Request Count,1\r\n"), std::string::npos);

  // Slices of 1 s from the first start (100 ms): [0.1, 1.1) holds two requests, [1.1, 2.1) the
  // error and the last request and ends early at the last response ([DONE] at 1.401 s): incomplete.
  const ojson slices = ojson::parse(expected("profile_export_aiperf_timeslices.json"))["timeslices"];
  ASSERT_EQ(slices.size(), 2u);
  EXPECT_EQ(slices[0]["start_ns"], 1767362711100000000);
  EXPECT_EQ(slices[0]["end_ns"], 1767362712100000000);
  EXPECT_EQ(slices[0]["is_complete"], true);
  EXPECT_DOUBLE_EQ(slices[0]["request_throughput"]["avg"].get<double>(), 2.0);  // 2 requests / 1 s
  EXPECT_EQ(slices[1]["end_ns"], 1767362712401000000);
  EXPECT_EQ(slices[1]["is_complete"], false);
  EXPECT_DOUBLE_EQ(slices[1]["request_throughput"]["avg"].get<double>(), 1 / 0.301);
  EXPECT_EQ(slices[1]["error_request_count"]["avg"].get<double>(), 1.0);
  const std::string slice_csv = expected("profile_export_aiperf_timeslices.csv");
  EXPECT_EQ(slice_csv.substr(0, 34), "Timeslice,Metric,Unit,Stat,Value\r\n");
  EXPECT_NE(slice_csv.find("1,Request Throughput,requests/sec,avg,3.32\r\n"), std::string::npos);
  EXPECT_NE(slice_csv.find("0,Output Sequence Length,tokens,sum,9\r\n"), std::string::npos);
}

}  // namespace
}  // namespace aiperf
