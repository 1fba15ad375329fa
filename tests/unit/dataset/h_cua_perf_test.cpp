// --public-dataset h_cua_perf (workloads-and-endpoints.md §3.11): the zstd line stream, the
// trajectory selection filters, the screenshot window, and the verbatim request bodies.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <zstd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dataset/public/h_cua_selection.h"
#include "dataset/public/public_dataset.h"
#include "dataset/screenshot_window.h"
#include "dataset/text_line_stream.h"
#include "tokenizer/word_tokenizer.h"
#include "config/env_settings.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ojson = nlohmann::ordered_json;

std::string zstd(const std::string& text, int level = 3) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), level);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// One recorded request of trajectory `sid`, turn `turn`: a system prompt, the task with a
// screenshot part (uuid included, as the dataset has it), tools and tool_choice.
std::string record(const std::string& sid, int turn, int delay_ms, int output_length) {
  return "{\"session_id\": \"" + sid + "\", \"delay\": " + std::to_string(delay_ms) +
         ", \"messages\": [{\"role\": \"system\", \"content\": \"You control a desktop.\"}, {\"role\": \"user\", "
         "\"content\": [{\"type\": \"text\", \"text\": \"" + sid + " step " + std::to_string(turn) +
         "\"}, {\"type\": \"image_url\", \"image_url\": {\"url\": \"data:image/png;base64,iVBOR" + sid +
         std::to_string(turn) + "\"}, \"uuid\": \"9f2c\"}]}], \"tools\": [{\"type\": \"function\", \"function\": "
         "{\"name\": \"click\", \"parameters\": {\"type\": \"object\"}}}], \"output_length\": " +
         std::to_string(output_length) + ", \"extra\": {\"tool_choice\": \"auto\"}}\n";
}

// Trajectories a (3 requests), b (1), c (2).
std::string trace() {
  return record("a", 0, 0, 10) + record("a", 1, 250, 11) + record("a", 2, 500, 12) + record("b", 0, 0, 20) +
         record("c", 0, 0, 30) + record("c", 1, 40, 31);
}
const char* kManifest = "{\"session_turns\": {\"a\": 3, \"b\": 1, \"c\": 2}, \"num_turns\": 6}";

class HCuaPerfTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/aiperf_hcua_XXXXXX";
    root_ = ::mkdtemp(tmpl);
    for (const char* v : {"AIPERF_DATASET_CACHE_DIR", "HF_HUB_CACHE", "HF_HUB_OFFLINE"}) {
      const char* old = std::getenv(v);
      saved_.emplace_back(v, old ? std::optional<std::string>(old) : std::nullopt);
    }
    ::setenv("AIPERF_DATASET_CACHE_DIR", (root_ / "cache").c_str(), 1);
    ::setenv("HF_HUB_CACHE", (root_ / "hub").c_str(), 1);
    ::setenv("HF_HUB_OFFLINE", "1", 1);  // a missing file is an error here, never a download
    load_env_settings();
  }
  void TearDown() override {
    for (const auto& [v, old] : saved_) old ? (void)::setenv(v, old->c_str(), 1) : (void)::unsetenv(v);
    load_env_settings();
    fs::remove_all(root_);
  }
  void write(const fs::path& p, const std::string& bytes) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << bytes;
  }
  ProfileConfig config() {
    ProfileConfig c;
    c.model_names = {"cua-model"};
    c.streaming = true;
    c.public_dataset = "h_cua_perf";
    return c;
  }
  Dataset load(const ProfileConfig& c) { return load_public_dataset(c, tok_, notes_); }
  std::string error(const ProfileConfig& c) {
    try {
      load(c);
    } catch (const ConfigError& e) {
      return e.what();
    }
    ADD_FAILURE() << "no ConfigError";
    return "";
  }
  static ProfileConfig with(ProfileConfig c, std::vector<std::pair<std::string, std::string>> filters) {
    c.dataset_filters = std::move(filters);
    return c;
  }

  fs::path root_;
  std::vector<std::pair<const char*, std::optional<std::string>>> saved_;
  WordTokenizer tok_{"w"};
  std::ostringstream notes_;
};

TEST_F(HCuaPerfTest, ZstdTraceBecomesVerbatimMultiTurnBodies) {
  write(root_ / "cache/h_cua.jsonl.zst", zstd(trace()));
  write(root_ / "cache/h_cua.meta.json", kManifest);
  Dataset d = load(config());
  ASSERT_EQ(d.entries.size(), 3u);
  const DatasetEntry& a = d.entries[0];
  EXPECT_EQ(a.conversation_id, "a");
  EXPECT_FALSE(a.resend_history);
  ASSERT_EQ(a.recorded->raw_bodies.size(), 3u);
  ASSERT_EQ(a.turn_count(), 3u);
  EXPECT_EQ(a.later_turns[0].delay_ms, 250);
  EXPECT_EQ(a.later_turns[1].delay_ms, 500);
  // The recorded messages and tools go byte for byte, the image part's uuid included.
  const std::string line = record("a", 1, 250, 11);
  const std::string messages = line.substr(line.find("[{\"role\""), line.find("], \"tools\"") + 1 - line.find("[{\"role\""));
  EXPECT_EQ(a.recorded->raw_bodies[1], "{\"messages\":" + messages +
                                 ",\"tools\":[{\"type\": \"function\", \"function\": {\"name\": \"click\", \"parameters\": "
                                 "{\"type\": \"object\"}}}],\"model\":\"cua-model\",\"stream\":true,"
                                 "\"max_completion_tokens\":11,\"tool_choice\":\"auto\","
                                 "\"stream_options\":{\"include_usage\":true}}");
  EXPECT_TRUE(ojson::accept(a.recorded->raw_bodies[1]));
  EXPECT_EQ(d.entries[1].conversation_id, "b");
  EXPECT_EQ(d.entries[1].turn_count(), 1u);
  EXPECT_EQ(d.entries[2].later_turns[0].delay_ms, 40);
  EXPECT_THAT(notes_.str(), HasSubstr("kept 3 trajectories (6 requests) of 3 read (3 in the manifest)"));
}

TEST_F(HCuaPerfTest, PlainJsonlFromTheHubCacheAndRunSettings) {
  fs::path snap = root_ / "hub/datasets--Hcompany--h_cua_perf/snapshots/0123abc";
  write(root_ / "hub/datasets--Hcompany--h_cua_perf/refs/main", "0123abc");
  write(snap / "h_cua.jsonl", trace());  // no manifest: read anyway, and said so
  ProfileConfig c = config();
  c.streaming = false;
  c.use_legacy_max_tokens = true;
  c.extra_inputs = nlohmann::json::parse(R"({"temperature": 0, "tool_choice": "none"})");
  Dataset d = load(c);
  ASSERT_EQ(d.entries.size(), 3u);
  const ojson body = ojson::parse(d.entries[1].recorded->raw_bodies[0]);
  EXPECT_EQ(body["stream"], false);
  EXPECT_FALSE(body.contains("stream_options"));
  EXPECT_EQ(body["max_tokens"], 20);
  EXPECT_EQ(body["temperature"], 0);
  EXPECT_EQ(body["tool_choice"], "auto");  // the record's extra merges last
  EXPECT_EQ(body["messages"][1]["content"][1]["uuid"], "9f2c");
  EXPECT_THAT(notes_.str(), HasSubstr("record counts not checked"));

  c.endpoint_type = EndpointType::completions;
  EXPECT_THAT(error(c), HasSubstr("needs --endpoint-type chat"));
}

TEST_F(HCuaPerfTest, MissingFilesNameEveryDirectorySearched) {
  const std::string e = error(config());
  EXPECT_THAT(e, HasSubstr("--public-dataset h_cua_perf: neither h_cua.jsonl.zst nor h_cua.jsonl found; searched " +
                           (root_ / "cache").string() + ", " + (root_ / "hub").string()));
  EXPECT_THAT(e, HasSubstr("huggingface-cli download --repo-type dataset Hcompany/h_cua_perf"));
}

TEST_F(HCuaPerfTest, MalformedLinesNameFileAndLine) {
  const fs::path file = root_ / "cache/h_cua.jsonl.zst";
  write(file, zstd(record("a", 0, 0, 10) + "\n{\"session_id\": \"a\", \"messages\": 3}\n"));
  EXPECT_EQ(error(config()), "--public-dataset h_cua_perf: " + file.string() + ", line 3: 'messages' must be a list");
  write(file, zstd(record("a", 0, 0, 10) + "not json\n"));
  EXPECT_EQ(error(config()), "--public-dataset h_cua_perf: " + file.string() + ", line 2: expected a JSON object");
  write(file, zstd(record("a", 0, 0, 10) + record("b", 0, 0, 10) + record("a", 1, 0, 10)));
  EXPECT_THAT(error(config()), HasSubstr(", line 3: session 'a' appeared before"));
  write(file, zstd(trace()));
  write(root_ / "cache/h_cua.meta.json", "{\"session_turns\": {\"a\": 2, \"b\": 1, \"c\": 2}}");
  EXPECT_THAT(error(config()), HasSubstr("line 3: session 'a' has more than the 2 records the manifest says"));
  write(root_ / "cache/h_cua.meta.json", "{\"session_turns\": {\"a\": 4, \"b\": 1, \"c\": 2}}");
  EXPECT_THAT(error(config()), HasSubstr("line 1: session 'a' has 3 records, the manifest says 4"));
  write(root_ / "cache/h_cua.meta.json", "{\"sessions\": 3}");
  EXPECT_THAT(error(config()), HasSubstr("h_cua.meta.json: expected a JSON object with a 'session_turns' object"));
  fs::remove(root_ / "cache/h_cua.meta.json");
  const std::string whole = zstd(trace());
  write(file, whole.substr(0, whole.size() - 5));
  EXPECT_THAT(error(config()), HasSubstr("truncated"));
}

TEST_F(HCuaPerfTest, FiltersAndNumDatasetEntries) {
  write(root_ / "cache/h_cua.jsonl.zst", zstd(trace() + "this line is never read\n"));
  // The manifest says where each trajectory ends, so even the last one needs no line past it.
  write(root_ / "cache/h_cua.meta.json", kManifest);
  auto turns = [](const Dataset& d) {
    std::vector<std::pair<std::string, uint32_t>> out;
    for (const DatasetEntry& e : d.entries) out.emplace_back(e.conversation_id, e.turn_count());
    return out;
  };
  using V = std::vector<std::pair<std::string, uint32_t>>;
  ProfileConfig c = config();
  c.num_dataset_entries = 2;
  c.num_dataset_entries_given = true;
  // Reading stops once two trajectories are in: the bad last line is never parsed.
  EXPECT_EQ(turns(load(c)), (V{{"a", 3}, {"b", 1}}));
  EXPECT_THAT(notes_.str(), HasSubstr("stopped at --num-dataset-entries 2"));
  EXPECT_EQ(turns(load(with(c, {{"min_trace_length", "2"}}))), (V{{"a", 3}, {"c", 2}}));
  EXPECT_THAT(notes_.str(), HasSubstr("skipped 1 shorter than min_trace_length"));
  EXPECT_EQ(turns(load(with(c, {{"max_trace_length", "2"}}))), (V{{"a", 2}, {"b", 1}}));
  c.num_dataset_entries = 1;
  const Dataset one = load(with(c, {{"max_trace_length", "2"}}));
  EXPECT_EQ(ojson::parse(one.entries[0].recorded->raw_bodies[1])["max_completion_tokens"], 11);
  c.num_dataset_entries = 2;
  // a:3, b:1 have mean 2; cut toward 1.5 by one factor: a -> 2.
  EXPECT_EQ(turns(load(with(c, {{"avg_trace_length", "1.5"}}))), (V{{"a", 2}, {"b", 1}}));
  EXPECT_EQ(error(with(c, {{"max_trace_length", "0"}})), "--dataset-filter max_trace_length=0: must be >= 1");
  EXPECT_EQ(error(with(c, {{"avg_trace_length", "x"}})), "--dataset-filter avg_trace_length=x: expected a number > 0");
  EXPECT_EQ(error(with(c, {{"min_trace_length", "3"}, {"max_trace_length", "2"}})),
            "--dataset-filter: max_trace_length=2 is below min_trace_length=3");
  write(root_ / "cache/h_cua.jsonl.zst", zstd(trace()));
  EXPECT_EQ(error(with(c, {{"min_trace_length", "4"}})), "--public-dataset h_cua_perf: " +
                                                             (root_ / "cache/h_cua.jsonl.zst").string() +
                                                             ": no trajectory has 4+ requests (3 read)");
}

TEST(HCuaSelection, FitLengthsScalesByOneCommonFactor) {
  HCuaFilters f;
  f.avg_trace_length = 4;
  EXPECT_EQ(fit_h_cua_lengths(f, {10, 4, 2}), (std::vector<size_t>{8, 3, 2}));
  f.min_trace_length = 2;
  EXPECT_EQ(fit_h_cua_lengths(f, {10, 4, 2}), (std::vector<size_t>{7, 3, 2}));
  f.min_trace_length = 3;
  f.avg_trace_length = 5.5;
  EXPECT_EQ(fit_h_cua_lengths(f, {20, 10, 6, 3}), (std::vector<size_t>{11, 5, 3, 3}));
  f.avg_trace_length = 5;
  EXPECT_EQ(fit_h_cua_lengths(f, {3, 3}), (std::vector<size_t>{3, 3}));  // already below: unchanged
  EXPECT_EQ(h_cua_kept_length(f, 2), 0u);
  f.max_trace_length = 4;
  EXPECT_EQ(h_cua_kept_length(f, 9), 4u);
}

ojson image(const std::string& id) {
  return {{"type", "image_url"}, {"image_url", {{"url", "data:image/png;base64," + id}}}, {"uuid", id}};
}
ojson text(const std::string& t) { return {{"type", "text"}, {"text", t}}; }
ojson user(ojson parts) { return {{"role", "user"}, {"content", std::move(parts)}}; }
const std::string kOmitted = std::string("\n\n") + kImageOmittedPlaceholder + "\n\n\n\n";

TEST(ScreenshotWindow, RestoresEarlierScreenshotsAndDropsOlderOnes) {
  // As recorded: each request keeps only its newest screenshot.
  std::vector<ojson> requests = {
      ojson::array({user(ojson::array({text("step 0"), image("s0")}))}),
      ojson::array({user(ojson::array({text("step 0" + kOmitted)})), user(ojson::array({text("step 1"), image("s1")}))}),
      ojson::array({user(ojson::array({text("step 0" + kOmitted)})), user(ojson::array({text("step 1" + kOmitted)})),
                    user(ojson::array({text("step 2"), image("s2")}))}),
  };
  apply_screenshot_window(requests, 2);
  EXPECT_EQ(requests[0][0]["content"], ojson::array({text("step 0"), image("s0")}));
  // Request 1 now carries both screenshots: the placeholder is split back into text + image.
  EXPECT_EQ(requests[1][0]["content"], ojson::array({text("step 0"), image("s0")}));
  // Request 2 keeps the last two; the first stays a placeholder.
  EXPECT_EQ(requests[2][0]["content"], ojson::array({text("step 0" + kOmitted)}));
  EXPECT_EQ(requests[2][1]["content"], ojson::array({text("step 1"), image("s1")}));
  EXPECT_EQ(requests[2][2]["content"], ojson::array({text("step 2"), image("s2")}));

  apply_screenshot_window(requests, 1);  // and back down: older screenshots become placeholder text
  EXPECT_EQ(requests[1][0]["content"], ojson::array({text("step 0" + kOmitted)}));
  EXPECT_EQ(requests[2][1]["content"], ojson::array({text("step 1" + kOmitted)}));
  EXPECT_EQ(requests[2][2]["content"], ojson::array({text("step 2"), image("s2")}));
}

TEST(ScreenshotWindow, AShrinkingHistoryStartsANewWindow) {
  std::vector<ojson> requests = {
      ojson::array({user(ojson::array({text("a"), image("s0")})), user(ojson::array({text("b"), image("s1")}))}),
      // Compacted: one message; its slot 0 must not get s0 back.
      ojson::array({user(ojson::array({text("c" + kOmitted)}))}),
  };
  apply_screenshot_window(requests, 3);
  EXPECT_EQ(requests[1][0]["content"], ojson::array({text("c" + kOmitted)}));
}

TEST(TextLineStream, ReadsFramesLongLinesAndAFinalLineWithoutNewline) {
  char tmpl[] = "/tmp/aiperf_lines_XXXXXX";
  const fs::path dir = ::mkdtemp(tmpl);
  const std::string long_line(3 << 20, 'x');  // longer than one read chunk
  const std::string text = "one\n" + long_line + "\n\nlast";
  // Two zstd frames back to back, split mid-line, as `zstd` writes a multi-frame file.
  std::ofstream(dir / "t.jsonl.zst", std::ios::binary) << zstd(text.substr(0, 10)) << zstd(text.substr(10), 1);
  std::ofstream(dir / "t.jsonl", std::ios::binary) << text;
  for (const char* name : {"t.jsonl.zst", "t.jsonl"}) {
    TextLineStream lines((dir / name).string(), "x: ");
    std::vector<std::string> got;
    std::string_view line;
    while (lines.next(line)) got.emplace_back(line);
    EXPECT_EQ(got, (std::vector<std::string>{"one", long_line, "", "last"})) << name;
    EXPECT_EQ(lines.line_number(), 4u);
  }
  std::ofstream(dir / "bad.zst", std::ios::binary) << "not zstd at all";
  TextLineStream bad((dir / "bad.zst").string(), "x: ");
  std::string_view line;
  try {
    bad.next(line);
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr("x: " + (dir / "bad.zst").string() + ", line 1: not valid zstd data"));
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace aiperf
