#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "endpoints/request_builder.h"
#include "export/exporter.h"
#include "../support/temp_dir.h"
#include "../support/file_bytes.h"

namespace aiperf {
namespace {

using test_support::read_file;

// Requests whose bodies are built when sent (a trace's hash-block prompts) are built here one
// at a time, in their conversation's place, among prepared ones.
TEST(InputsJson, BuildsSendTimeBodiesInTheirConversationsPlace) {
  testing::TempDir tmp;
  std::vector<PreparedRequest> requests{
      {"a", R"({"n":1})"},
      {"b", "", {}, {}, true},
      {"a", "", {}, {}, true},
  };
  std::vector<size_t> asked;
  write_inputs_json(tmp.path / "inputs.json", requests, {}, [&](size_t i) {
    asked.push_back(i);
    return std::vector<std::string>{R"({"built":)" + std::to_string(i) + "}", R"({"later":true})"};
  });
  EXPECT_EQ(asked, (std::vector<size_t>{2, 1}));  // a's second request is written with a
  EXPECT_EQ(read_file(tmp.path / "inputs.json"), R"({
  "data": [
    {
      "session_id": "a",
      "payloads": [
        {
          "n": 1
        },
        {
          "built": 2
        },
        {
          "later": true
        }
      ]
    },
    {
      "session_id": "b",
      "payloads": [
        {
          "built": 1
        },
        {
          "later": true
        }
      ]
    }
  ]
})");
  EXPECT_FALSE(std::filesystem::exists(tmp.path / "inputs.json.partial"));
}

TEST(InputsJson, GroupsPayloadsBySessionKeepingBodyKeyOrder) {
  testing::TempDir tmp;
  std::vector<PreparedRequest> requests{
      {"s1", R"({"model":"m","messages":[{"role":"user","content":"hi"}],"stream":true})"},
      {"s2", R"({"model":"m","max_completion_tokens":5})"},
      {"s1", R"({"model":"m","n":1})"},
  };
  write_inputs_json(tmp.path / "inputs.json", requests);
  EXPECT_EQ(read_file(tmp.path / "inputs.json"),
            R"({
  "data": [
    {
      "session_id": "s1",
      "payloads": [
        {
          "model": "m",
          "messages": [
            {
              "role": "user",
              "content": "hi"
            }
          ],
          "stream": true
        },
        {
          "model": "m",
          "n": 1
        }
      ]
    },
    {
      "session_id": "s2",
      "payloads": [
        {
          "model": "m",
          "max_completion_tokens": 5
        }
      ]
    }
  ]
})");
  EXPECT_FALSE(std::filesystem::exists(tmp.path / "inputs.json.partial"));
}

TEST(InputsJson, EmptyListStillHasData) {
  testing::TempDir tmp;
  write_inputs_json(tmp.path / "inputs.json", {});
  EXPECT_EQ(read_file(tmp.path / "inputs.json"), "{\n  \"data\": []\n}");
}

TEST(InputsJson, BadBodyNamesTheConversation) {
  testing::TempDir tmp;
  try {
    write_inputs_json(tmp.path / "inputs.json", {{"conv-7", "{not json"}});
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("conv-7"), std::string::npos);
  }
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

TEST(InputsJson, LaterTurnsFollowTheirConversationsFirstTurn) {
  testing::TempDir tmp;
  std::vector<PreparedRequest> requests{{"s1", R"({"n":1})", {R"({"n":2})", R"({"n":3})"}}, {"s2", R"({"n":9})", {}}};
  write_inputs_json(tmp.path / "inputs.json", requests);
  const std::string text = read_file(tmp.path / "inputs.json");
  const size_t one = text.find("\"n\": 1"), two = text.find("\"n\": 2"), three = text.find("\"n\": 3"),
               nine = text.find("\"n\": 9");
  ASSERT_NE(three, std::string::npos) << text;
  EXPECT_LT(one, two);
  EXPECT_LT(two, three);
  EXPECT_LT(three, nine);
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

// Multipart runs (docs/outputs.md, "Multipart bodies"): each form read back as a JSON object.
TEST(InputsJson, MultipartBodiesAreWrittenAsForms) {
  testing::TempDir tmp;
  const std::string form =
      "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"audio.wav\"\r\nContent-Type: audio/wav\r\n\r\n"
      "RIFF\r\n--B\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nw\r\n--B--\r\n";
  write_inputs_json(tmp.path / "inputs.json", {{"s1", form}}, "B");
  EXPECT_EQ(read_file(tmp.path / "inputs.json"), R"({
  "data": [
    {
      "session_id": "s1",
      "payloads": [
        {
          "file": {
            "b64_data": "UklGRg==",
            "filename": "audio.wav",
            "content_type": "audio/wav"
          },
          "model": "w"
        }
      ]
    }
  ]
})");
  EXPECT_THROW(write_inputs_json(tmp.path / "bad.json", {{"s9", R"({"model":"m"})"}}, "B"), std::runtime_error);
}

}  // namespace
}  // namespace aiperf
