// sagemaker_data_capture (workloads-and-endpoints.md §3.8): captured chat bodies replayed as
// single-turn requests at their inferenceTime, with the run's model and streaming settings.
#include <filesystem>
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "dataset/loaders/input_file_dataset.h"
#include "endpoints/request_builder.h"
#include "tokenizer/word_tokenizer.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using TextFile = test_support::TempTextFile;

// One capture line; `input`/`output` are the data strings already escaped for JSON.
std::string capture(const std::string& input, const std::string& time, const std::string& encoding = "JSON",
                    const std::string& output = R"({\"usage\":{\"prompt_tokens\":9}})") {
  return R"({"captureData":{"endpointInput":{"observedContentType":"application/json","mode":"INPUT","data":")" +
         input + R"(","encoding":")" + encoding +
         R"("},"endpointOutput":{"mode":"OUTPUT","data":")" + output +
         R"(","encoding":"JSON"}},"eventMetadata":{"eventId":"e","inferenceTime":")" + time +
         R"("},"eventVersion":"0"})";
}

ProfileConfig capture_config(const std::string& path) {
  ProfileConfig c;
  c.model_names = {"served"};
  c.input_file = path;
  c.custom_dataset_type = CustomDatasetType::sagemaker_data_capture;
  return c;
}

std::string capture_error(const std::string& text) {
  TextFile f(text);
  try {
    load_input_file(capture_config(f.path), WordTokenizer("w"));
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(SageMakerDataCapture, JsonAndBase64RecordsAreSortedByTimeAndReplayLiterally) {
  const std::string json_body = R"({\"model\":\"old\",\"stream\":false,\"messages\":[{\"role\":\"system\",\"content\":\"be brief\"},{\"role\":\"user\",\"content\":\"List three primes\"}],\"max_tokens\":32})";
  const std::string b64_body =
      "eyJtZXNzYWdlcyI6IFt7InJvbGUiOiAidXNlciIsICJjb250ZW50IjogImI2NCBoZWxsbyJ9XSwgInRvb2xzIjogW3sidHlwZSI6ICJmdW5j"
      "dGlvbiIsICJmdW5jdGlvbiI6IHsibmFtZSI6ICJmIn19XSwgIm1heF9jb21wbGV0aW9uX3Rva2VucyI6IDV9";
  TextFile f(capture(json_body, "2026-03-02T10:15:04Z") + "\n\n" + capture(b64_body, "2026-03-02T10:15:01Z", "BASE64") +
             "\n");
  ProfileConfig c = capture_config(f.path);
  c.streaming = true;
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 2u);
  // Sorted by time: the base64 record (10:15:01) first, 3 s before the other.
  ASSERT_TRUE(d.timestamps_ms[0] && d.timestamps_ms[1]);
  EXPECT_DOUBLE_EQ(*d.timestamps_ms[1] - *d.timestamps_ms[0], 3000.0);
  EXPECT_DOUBLE_EQ(*d.timestamps_ms[1], 1772446504000.0);  // 2026-03-02T10:15:04Z in Unix ms
  EXPECT_EQ(d.lines[0], 3u);

  const auto first = nlohmann::json::parse(build_request_body(c, d.dataset.entries[0]));
  EXPECT_EQ(first["messages"], nlohmann::json::parse(R"([{"role":"user","content":"b64 hello"}])"));
  EXPECT_EQ(first["tools"][0]["function"]["name"], "f");
  EXPECT_EQ(first["max_completion_tokens"], 5);
  EXPECT_EQ(first["model"], "served");
  EXPECT_EQ(first["stream"], true);
  EXPECT_EQ(first["stream_options"]["include_usage"], true);

  const DatasetEntry& second = d.dataset.entries[1];
  EXPECT_EQ(second.max_tokens, 32);
  EXPECT_EQ(second.intended_input_tokens, 9);  // usage.prompt_tokens of the captured reply
  const auto body = nlohmann::json::parse(build_request_body(c, second));
  EXPECT_EQ(body["messages"].size(), 2u);
  EXPECT_EQ(body["messages"][1]["content"], "List three primes");
  EXPECT_FALSE(body.contains("tools"));
}

TEST(SageMakerDataCapture, DirectoriesAreSearchedRecursively) {
  const auto dir = std::filesystem::temp_directory_path() / ("aiperf_smdc_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "2026/03/02/10");
  std::filesystem::create_directories(dir / "2026/03/02/11");
  const std::string body = R"({\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]})";
  std::ofstream(dir / "2026/03/02/11/b.jsonl") << capture(body, "2026-03-02T11:00:00Z") << "\n";
  std::ofstream(dir / "2026/03/02/10/a.jsonl") << capture(body, "2026-03-02T10:59:59Z") << "\n"
                                               << capture(body, "2026-03-02T10:00:00Z") << "\n";
  std::ofstream(dir / "2026/notes.txt") << "not a capture\n";
  FileDataset d = load_input_file(capture_config(dir.string()), WordTokenizer("w"));
  std::filesystem::remove_all(dir);
  ASSERT_EQ(d.dataset.entries.size(), 3u);
  EXPECT_DOUBLE_EQ(*d.timestamps_ms[1] - *d.timestamps_ms[0], 3599000.0);
  EXPECT_DOUBLE_EQ(*d.timestamps_ms[2] - *d.timestamps_ms[1], 1000.0);
}

TEST(SageMakerDataCapture, BadRecordsNameTheFileAndLine) {
  const std::string ok = capture(R"({\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]})", "2026-03-02T10:00:00Z");
  EXPECT_THAT(capture_error(ok + "\n{not json\n"), HasSubstr(", line 2"));
  EXPECT_THAT(capture_error(ok + "\n" + capture(R"({\"prompt\":\"x\"})", "2026-03-02T10:00:00Z") + "\n"),
              HasSubstr(", line 2: captureData.endpointInput.data is not an OpenAI chat body"));
  EXPECT_THAT(capture_error(capture(R"({\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]})", "yesterday") + "\n"),
              HasSubstr(", line 1: eventMetadata.inferenceTime 'yesterday' is not an ISO-8601 time"));
  EXPECT_THAT(capture_error(capture(R"({\"messages\":[]})", "2026-13-02T10:00:00Z") + "\n"),
              HasSubstr("line 1: captureData.endpointInput.data is not an OpenAI chat body"));
  EXPECT_THAT(capture_error(capture("@@@@", "2026-03-02T10:00:00Z", "BASE64") + "\n"),
              HasSubstr("line 1: captureData.endpointInput.data is not valid base64"));
  EXPECT_THAT(capture_error(capture(R"({\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]})", "2026-02-30T10:00:00Z") + "\n"),
              HasSubstr("is not an ISO-8601 time"));
}

TEST(SageMakerDataCapture, IgnoreTraceDelaysDropsTheTimestamps) {
  TextFile f(capture(R"({\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]})", "2026-03-02T10:00:00+01:00") + "\n");
  ProfileConfig c = capture_config(f.path);
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  EXPECT_DOUBLE_EQ(*d.timestamps_ms[0], 1772442000000.0);
  c.ignore_trace_delays = true;
  EXPECT_FALSE(load_input_file(c, WordTokenizer("w")).timestamps_ms[0].has_value());
}

}  // namespace
}  // namespace aiperf
