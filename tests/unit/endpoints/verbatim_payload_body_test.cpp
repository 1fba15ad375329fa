// raw_payload and inputs_json (workloads-and-endpoints.md §3.12): bodies kept byte for byte.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dataset/loaders/input_file_dataset.h"
#include "endpoints/request_builder.h"
#include "tokenizer/word_tokenizer.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using TextFile = test_support::TempTextFile;

ProfileConfig verbatim_config(const std::string& path, CustomDatasetType type) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.input_file = path;
  c.custom_dataset_type = type;
  return c;
}

std::string verbatim_error(const std::string& text, CustomDatasetType type) {
  TextFile f(text);
  try {
    load_input_file(verbatim_config(f.path, type), WordTokenizer("w"));
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(RawPayloadLoader, EachLineIsASingleTurnBodySentUnchanged) {
  const std::string a = R"({"messages": [{"role":"user","content":"hi"}],  "z": 1, "a": 2.50})";
  const std::string b = R"({"model":"x","messages":[]})";
  TextFile f("\n  " + a + "  \r\n\n" + b + "\n");
  ProfileConfig c = verbatim_config(f.path, CustomDatasetType::raw_payload);
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 2u);
  EXPECT_EQ(d.lines, (std::vector<size_t>{2, 4}));
  EXPECT_EQ(d.dataset.entries[0].turn_count(), 1u);
  std::vector<PreparedRequest> requests = prepare_requests(c, d.dataset);
  EXPECT_EQ(requests[0].body, a);  // spacing, key order and number text as in the file
  EXPECT_EQ(requests[1].body, b);
}

TEST(RawPayloadLoader, RowsWithoutAMessagesListAreRefusedWithTheirLine) {
  EXPECT_THAT(verbatim_error("{\"messages\": []}\n{\"prompt\": \"x\"}\n", CustomDatasetType::raw_payload),
              HasSubstr(", line 2: a raw_payload row needs a 'messages' list"));
  EXPECT_THAT(verbatim_error("[1]\n", CustomDatasetType::raw_payload), HasSubstr(", line 1: not a JSON object"));
}

TEST(InputsJsonLoader, SessionsKeepTheirIdsAndTurnBodies) {
  TextFile f(R"({"data": [
    {"session_id": "s-1", "payloads": [{"z": 1, "messages": [{"role": "user", "content": "Hi"}]},
                                       {"messages": [], "max_completion_tokens": 16}]},
    {"session_id": "s-2", "payloads": [{"messages": [], "x": "caf\u00e9"}]}]})");
  ProfileConfig c = verbatim_config(f.path, CustomDatasetType::inputs_json);
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 2u);
  const DatasetEntry& s1 = d.dataset.entries[0];
  EXPECT_EQ(s1.conversation_id, "s-1");
  EXPECT_EQ(s1.turn_count(), 2u);
  EXPECT_FALSE(s1.resend_history);
  std::vector<PreparedRequest> requests = prepare_requests(c, d.dataset);
  EXPECT_EQ(requests[0].body, R"({"z":1,"messages":[{"role":"user","content":"Hi"}]})");
  EXPECT_EQ(build_turn_body(c, s1, 1, std::vector<std::string>{"a live reply is not added"}),
            R"({"messages":[],"max_completion_tokens":16})");
  EXPECT_EQ(requests[0].later_turn_previews, (std::vector<std::string>{R"({"messages":[],"max_completion_tokens":16})"}));
  EXPECT_EQ(requests[1].body, "{\"messages\":[],\"x\":\"caf\xc3\xa9\"}");
  EXPECT_EQ(requests[1].conversation_id, "s-2");
}

TEST(InputsJsonLoader, MalformedDocumentsNameTheProblem) {
  EXPECT_THAT(verbatim_error("{\"data\": 3}", CustomDatasetType::inputs_json), HasSubstr("object with a 'data' list"));
  EXPECT_THAT(verbatim_error(R"({"data": [{"session_id": 1, "payloads": [{}]}]})", CustomDatasetType::inputs_json),
              HasSubstr("data[0]: 'session_id' must be a string"));
  EXPECT_THAT(verbatim_error(R"({"data": [{"session_id": "a", "payloads": []}]})", CustomDatasetType::inputs_json),
              HasSubstr("data[0]: 'payloads' must be a non-empty list"));
  EXPECT_THAT(verbatim_error(R"({"data": [{"session_id": "a", "payloads": [[]]}]})", CustomDatasetType::inputs_json),
              HasSubstr("data[0].payloads[0] is not a JSON object"));
  EXPECT_THAT(verbatim_error("{\"data\": [", CustomDatasetType::inputs_json), HasSubstr("invalid JSON"));
}

}  // namespace
}  // namespace aiperf
