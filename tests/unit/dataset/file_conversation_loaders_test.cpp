// Loaders for multi_turn, random_pool, bailian_trace and burst_gpt_trace files
// (workloads-and-endpoints.md §3.2, §3.3, §3.5, §3.7).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "dataset/image_uuids.h"
#include "dataset/loaders/input_file_dataset.h"
#include "tokenizer/word_tokenizer.h"
#include "../support/file_dataset_config.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using TextFile = test_support::TempTextFile;

using test_support::file_dataset_config;

FileDataset load(const std::string& text, CustomDatasetType type) {
  TextFile f(text);
  return load_input_file(file_dataset_config(f.path, type), WordTokenizer("w"));
}

using test_support::file_dataset_error;

using test_support::word_count;

constexpr auto kMultiTurn = CustomDatasetType::multi_turn;
constexpr auto kPool = CustomDatasetType::random_pool;
constexpr auto kBailian = CustomDatasetType::bailian_trace;
constexpr auto kBurst = CustomDatasetType::burst_gpt_trace;
constexpr auto kSingle = CustomDatasetType::single_turn;

TEST(MultiTurnFile, ConversationsWithTurnsDelaysRolesAndHoistedSystemTurn) {
  FileDataset d = load(
      "{\"session_id\": \"c1\", \"turns\": [{\"role\": \"system\", \"text\": \"Answer tersely.\"}, "
      "{\"text\": \"What is a mutex?\"}, {\"text\": \"Give a C++ example.\", \"delay\": 2000, \"output_length\": 200}]}\n"
      "\n"
      "{\"turns\": [{\"texts\": [\"one\"], \"timestamp\": 5}, {\"text\": \"two\", \"role\": \"assistant\", \"timestamp\": 9}]}\n",
      kMultiTurn);
  ASSERT_EQ(d.dataset.entries.size(), 2u);
  const DatasetEntry& a = d.dataset.entries[0];
  EXPECT_EQ(a.conversation_id, "c1");
  EXPECT_EQ(a.parts->system_message, "Answer tersely.");
  EXPECT_EQ(a.prompt.str(), "What is a mutex?");
  ASSERT_EQ(a.later_turns.size(), 1u);
  EXPECT_EQ(a.later_turns[0].prompt.str(), "Give a C++ example.");
  EXPECT_EQ(a.later_turns[0].delay_ms, 2000.0);
  EXPECT_EQ(a.later_turns[0].max_tokens, 200);
  EXPECT_TRUE(a.resend_history);
  const DatasetEntry& b = d.dataset.entries[1];
  EXPECT_EQ(b.conversation_id, "session_000001");
  EXPECT_FALSE(b.parts->system_message);
  EXPECT_EQ(b.later_turns.at(0).role, "assistant");
  EXPECT_EQ(b.later_turns.at(0).timestamp_ms, 9.0);
  EXPECT_EQ(d.timestamps_ms, (std::vector<std::optional<double>>{std::nullopt, 5.0}));
  EXPECT_EQ(d.lines, (std::vector<size_t>{1, 3}));
}

TEST(MultiTurnFile, SystemTurnStaysATurnOffChatAndWithDispatchFields) {
  FileDataset d = load("{\"turns\": [{\"role\": \"system\", \"text\": \"s\", \"output_length\": 3}, {\"text\": \"u\"}]}\n",
                       kMultiTurn);
  EXPECT_FALSE(d.dataset.entries[0].parts->system_message);
  EXPECT_EQ(d.dataset.entries[0].parts->role, "system");
}

TEST(MultiTurnFile, BadInputNamesFileLineAndTurn) {
  EXPECT_THAT(file_dataset_error("", kMultiTurn), HasSubstr("the file has no records"));
  EXPECT_THAT(file_dataset_error("{\"turns\": []}\n", kMultiTurn), HasSubstr("line 1: 'turns' must be a non-empty list"));
  EXPECT_THAT(file_dataset_error("{\"text\": \"x\"}\n", kMultiTurn), HasSubstr("line 1: missing required field 'turns'"));
  EXPECT_THAT(file_dataset_error("{\"turns\": [{\"text\": \"a\"}]}\n{\"turns\": [{\"text\": \"a\"}, {\"delay\": 5}]}\n", kMultiTurn),
              HasSubstr(", line 2, turn 2: missing required field 'text'"));
  EXPECT_THAT(file_dataset_error("{\"turns\": [{\"text\": \"a\"}, 3]}\n", kMultiTurn), HasSubstr("line 1, turn 2: expected a JSON object"));
  EXPECT_THAT(file_dataset_error("{\"turns\": [{\"text\": \"a\", \"timestamp\": 9}, {\"text\": \"b\", \"timestamp\": 4}]}\n", kMultiTurn),
              HasSubstr("line 1, turn 2: 'timestamp' 4.0 is before the previous turn's 9.0"));
  EXPECT_THAT(file_dataset_error("{\"turns\": [{\"text\": \"a\"}, {\"text\": \"b\", \"timestamp\": 4, \"delay\": 1}]}\n", kMultiTurn),
              HasSubstr("mutually exclusive"));
  EXPECT_THAT(file_dataset_error("{\"turns\": [{\"text\": \"a\", \"image\": \"x.png\"}]}\n", kMultiTurn),
              HasSubstr("line 1, turn 1: image file 'x.png' not found"));
  EXPECT_THAT(file_dataset_error("{\"turns\": [{\"text\": \"a\", \"delay\": 5}]}\n", kMultiTurn),
              HasSubstr("'delay' on a conversation's first turn"));
  EXPECT_THAT(file_dataset_error("{\"turns\": [{\"text\": \"a\"}, {\"text\": \"b\"}]}\n", kMultiTurn, EndpointType::completions),
              HasSubstr("line 1: a multi-turn conversation needs a chat endpoint"));
  // Wrong type: a single_turn file read as multi_turn.
  EXPECT_THAT(file_dataset_error("{\"text\": \"a\"}\n", kMultiTurn), HasSubstr("missing required field 'turns'"));
}

// single_turn rows sharing a session_id (§3.1): one conversation, its rows in file order as
// turns that resend no history, each keeping its own media, extra, role, length and delay.
TEST(SingleTurnSessions, RowsOfASessionAreItsTurnsInFileOrder) {
  TextFile f(
      "{\"session_id\": \"s\", \"text\": \"first\", \"image\": \"data:image/png;base64,AAAA\", \"timestamp\": 10}\n"
      "{\"text\": \"alone\"}\n"
      "{\"session_id\": \"s\", \"text\": \"second\", \"delay\": 250, \"output_length\": 9, \"role\": \"tool\"}\n"
      "{\"session_id\": \"s\", \"text\": \"third\", \"extra\": {\"seed\": 3}, \"timestamp\": 40}\n");
  ProfileConfig c = file_dataset_config(f.path, kSingle);
  c.conversation_turn_delay_ratio = 2;
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 2u);
  const DatasetEntry& s = d.dataset.entries[0];
  EXPECT_EQ(s.conversation_id, "s");
  EXPECT_FALSE(s.resend_history);
  EXPECT_EQ(s.prompt.str(), "first");
  ASSERT_EQ(s.later_turns.size(), 2u);
  EXPECT_EQ(s.later_turns[0].prompt.str(), "second");
  EXPECT_EQ(s.later_turns[0].delay_ms, 500.0);
  EXPECT_EQ(s.later_turns[0].max_tokens, 9);
  EXPECT_EQ(s.later_turns[0].role, "tool");
  EXPECT_EQ(s.later_turns[1].timestamp_ms, 40.0);
  ASSERT_EQ(s.parts->turn_media.size(), 1u);
  EXPECT_EQ(s.parts->turn_media[0].images, std::vector<std::string>{"data:image/png;base64,AAAA"});
  ASSERT_EQ(s.parts->turn_extra_bodies.size(), 3u);
  EXPECT_EQ(s.parts->turn_extra_bodies[2], "{\"seed\":3}");
  EXPECT_EQ(d.dataset.entries[1].prompt.str(), "alone");
  EXPECT_EQ(d.timestamps_ms, (std::vector<std::optional<double>>{10.0, std::nullopt}));
  EXPECT_EQ(d.lines, (std::vector<size_t>{1, 2}));
}

// image_uuids (§3.1): aligned with the images, null for none; ids past the images are
// uuid-only slots (an empty image string).
TEST(ImageUuids, AlignedWithImagesAndUuidOnlySlots) {
  FileDataset d = load(
      "{\"text\": \"t\", \"images\": [\"data:image/png;base64,AAAA\", \"https://x/b.png\"], \"image_uuids\": [null, \"b\", \"c\"]}\n"
      "{\"text\": \"t\", \"image\": \"data:image/png;base64,AAAA\"}\n",
      kSingle);
  const TurnMedia& m = d.dataset.entries[0].parts->turn_media.at(0);
  EXPECT_EQ(m.images, (std::vector<std::string>{"data:image/png;base64,AAAA", "https://x/b.png", ""}));
  EXPECT_EQ(m.image_uuids, (std::vector<std::string>{"", "b", "c"}));
  EXPECT_TRUE(d.dataset.entries[1].parts->turn_media.at(0).image_uuids.empty());
  // uuid-only rows count as carrying an image.
  EXPECT_EQ(load("{\"image_uuids\": [\"only\"]}\n", kSingle).dataset.entries[0].parts->turn_media.at(0).images,
            std::vector<std::string>{""});
}

TEST(ImageUuids, BadInput) {
  EXPECT_THAT(file_dataset_error("{\"text\": \"t\", \"image_uuids\": \"a\"}\n", kSingle),
              HasSubstr("line 1: 'image_uuids' must be a list of strings"));
  EXPECT_THAT(file_dataset_error("{\"text\": \"t\", \"image\": \"data:image/png;base64,AA\", \"image_uuids\": [5]}\n", kSingle),
              HasSubstr("line 1: 'image_uuids' entry 0 must be a non-empty string or null, got 5"));
  EXPECT_THAT(file_dataset_error("{\"text\": \"t\", \"image_uuids\": [null]}\n", kSingle),
              HasSubstr("entry 0 must be a non-empty string (it stands for an image the row does not carry)"));
  EXPECT_THAT(file_dataset_error("{\"text\": \"t\", \"image\": \"data:image/png;base64,AA\", \"image_uuids\": [\"a\"]}\n", kSingle,
                         EndpointType::responses),
              HasSubstr("--endpoint-type responses has no place for them"));
  EXPECT_THAT(file_dataset_error("{\"turns\": [{\"text\": \"t\", \"image_uuids\": [\"\"]}]}\n", kMultiTurn),
              HasSubstr("line 1, turn 1: 'image_uuids' entry 0 must be a non-empty string"));
}

// --uuid-and-strip: within a session, an image an earlier row sent goes as a uuid-only
// reference; ids come from the row or from the content (xxh3-64); another session, or a
// repeat inside one row, still sends the bytes.
TEST(UuidAndStrip, RepeatedImagesOfASessionBecomeUuidOnlyReferences) {
  const std::string a = "data:image/png;base64,AAAA", b = "data:image/png;base64,BBBB";
  TextFile f("{\"session_id\": \"s\", \"text\": \"1\", \"images\": [\"" + a + "\", \"" + a + "\"]}\n"
             "{\"session_id\": \"s\", \"text\": \"2\", \"images\": [\"" + a + "\", \"" + b + "\"], \"image_uuids\": [null, \"bee\"]}\n"
             "{\"session_id\": \"s\", \"text\": \"3\", \"images\": [\"" + b + "\"], \"image_uuids\": [\"bee\"]}\n"
             "{\"session_id\": \"t\", \"text\": \"4\", \"images\": [\"" + a + "\"]}\n");
  ProfileConfig c = file_dataset_config(f.path, kSingle);
  c.uuid_and_strip = true;
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  const std::string ua = content_image_uuid(a);
  EXPECT_EQ(ua, "c4a60ab824c912a1");  // XXH3-64 of the data URL
  const auto& s = d.dataset.entries.at(0).parts->turn_media;
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].images, (std::vector<std::string>{a, a}));
  EXPECT_EQ(s[0].image_uuids, (std::vector<std::string>{ua, ua}));
  EXPECT_EQ(s[1].images, (std::vector<std::string>{"", b}));
  EXPECT_EQ(s[1].image_uuids, (std::vector<std::string>{ua, "bee"}));
  EXPECT_EQ(s[2].images, std::vector<std::string>{""});
  const TurnMedia& t = d.dataset.entries.at(1).parts->turn_media.at(0);
  EXPECT_EQ(t.images, std::vector<std::string>{a});
  EXPECT_EQ(t.image_uuids, std::vector<std::string>{ua});
  EXPECT_EQ(content_image_uuid(""), "2d06800538d394c2");
}

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "aiperf_pool_XXXXXX").string();
    path = ::mkdtemp(tmpl.data());
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  void write(const std::string& name, const std::string& text) const { std::ofstream(path / name) << text; }
};

TEST(RandomPool, FilePoolSizedByEntriesAndDeterministicPerSeed) {
  TextFile f("{\"text\": \"a\"}\n{\"text\": \"b\"}\n{\"texts\": [\"c\"]}\n");
  ProfileConfig c = file_dataset_config(f.path, kPool);
  c.num_dataset_entries = 40;
  c.num_dataset_entries_given = true;
  FileDataset one = load_input_file(c, WordTokenizer("w"));
  FileDataset two = load_input_file(c, WordTokenizer("w"));
  ASSERT_EQ(one.dataset.entries.size(), 40u);
  std::set<std::string> seen;
  for (size_t i = 0; i < 40; ++i) {
    EXPECT_EQ(one.dataset.entries[i].prompt.str(), two.dataset.entries[i].prompt.str());
    EXPECT_TRUE(one.dataset.entries[i].parts->more_texts.empty());
    seen.insert(one.dataset.entries[i].prompt.str());
  }
  EXPECT_EQ(seen, (std::set<std::string>{"a", "b", "c"}));  // with replacement, every row drawn
  EXPECT_EQ(one.dataset.entries[0].conversation_id, "session_000000");
  c.num_dataset_entries_given = false;
  c.request_count = 5;
  EXPECT_EQ(load_input_file(c, WordTokenizer("w")).dataset.entries.size(), 5u);
}

TEST(RandomPool, DirectoryMergesOneSampleOfEveryPoolIntoOneRequest) {
  TempDir dir;
  dir.write("questions.jsonl", "{\"text\": \"q1\"}\n{\"text\": \"q2\"}\n");
  dir.write("contexts.jsonl", "{\"texts\": [{\"name\": \"context\", \"contents\": [\"ctx\"]}]}\n");
  FileDataset d = load_input_file(file_dataset_config(dir.path.string(), kPool), WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 100u);  // upstream's default entry count
  for (const DatasetEntry& e : d.dataset.entries) {
    EXPECT_EQ(e.prompt.str(), "ctx");  // pools in file-name order: contexts, then questions
    ASSERT_EQ(e.parts->more_texts.size(), 1u);
    EXPECT_TRUE(e.parts->more_texts[0] == "q1" || e.parts->more_texts[0] == "q2");
  }
}

TEST(RandomPool, BadInput) {
  EXPECT_THAT(file_dataset_error("{\"text\": \"a\"}\n{\"text\": \"a\", \"timestamp\": 3}\n", kPool),
              HasSubstr("line 2: field 'timestamp' is not allowed in a random_pool row"));
  EXPECT_THAT(file_dataset_error("\n", kPool), HasSubstr("the file has no records"));
  EXPECT_THAT(file_dataset_error("{\"input_length\": 3}\n", kPool), HasSubstr("line 1: missing required field 'text'"));
  TempDir empty;
  EXPECT_THROW(load_input_file(file_dataset_config(empty.path.string(), kPool), WordTokenizer("w")), ConfigError);
}

TEST(BailianTrace, ParentChainsFormConversationsSentWithoutHistory) {
  FileDataset d = load(
      "{\"chat_id\": 42, \"parent_chat_id\": 41, \"timestamp\": 14.0, \"input_length\": 70, \"output_length\": 5, "
      "\"type\": \"text\", \"turn\": 2, \"hash_ids\": [100, 101, 102, 103, 104]}\n"
      "{\"chat_id\": 41, \"parent_chat_id\": -1, \"timestamp\": 12.5, \"input_length\": 40, \"output_length\": 9, "
      "\"type\": \"text\", \"turn\": 1, \"hash_ids\": [100, 101, 102]}\n"
      "{\"chat_id\": 7, \"timestamp\": 13, \"input_length\": 3}\n",
      kBailian);
  ASSERT_EQ(d.dataset.entries.size(), 2u);
  const DatasetEntry& a = d.dataset.entries[0];
  EXPECT_EQ(a.conversation_id, "41");
  EXPECT_FALSE(a.resend_history);
  EXPECT_EQ(word_count(a.prompt.str()), 40u);
  EXPECT_EQ(a.max_tokens, 9);
  ASSERT_EQ(a.later_turns.size(), 1u);
  EXPECT_EQ(word_count(a.later_turns[0].prompt.str()), 70u);
  EXPECT_EQ(a.later_turns[0].timestamp_ms, 14000.0);
  // 16-token blocks: the shared hash ids 100..102 give the same first 40 tokens.
  EXPECT_EQ(a.later_turns[0].prompt.str().substr(0, a.prompt.str().size()), a.prompt.str());
  EXPECT_EQ(d.timestamps_ms, (std::vector<std::optional<double>>{12500.0, 13000.0}));
  EXPECT_EQ(d.lines, (std::vector<size_t>{2, 3}));
}

TEST(BailianTrace, BadInput) {
  EXPECT_THAT(file_dataset_error("{\"timestamp\": 1, \"input_length\": 3}\n", kBailian), HasSubstr("line 1: missing required field 'chat_id'"));
  EXPECT_THAT(file_dataset_error("{\"chat_id\": 1, \"input_length\": 3}\n", kBailian), HasSubstr("missing required field 'timestamp'"));
  EXPECT_THAT(file_dataset_error("{\"chat_id\": 1, \"timestamp\": 1, \"input_length\": 3}\n{\"chat_id\": 1, \"timestamp\": 2, \"input_length\": 3}\n",
                         kBailian),
              HasSubstr("line 2: chat_id 1 already used on line 1"));
  EXPECT_THAT(file_dataset_error("{\"chat_id\": 1, \"timestamp\": 5, \"input_length\": 3, \"turn\": 1}\n"
                         "{\"chat_id\": 2, \"parent_chat_id\": 1, \"timestamp\": 4, \"input_length\": 3, \"turn\": 2}\n",
                         kBailian),
              HasSubstr("line 2: turn 2 of conversation 1 has a timestamp before that of line 1"));
  EXPECT_THAT(file_dataset_error("{\"chat_id\": 1, \"timestamp\": 5, \"input_length\": 3}\n{\"chat_id\": 2, \"timestamp\": 5,\n", kBailian),
              HasSubstr("line 2: invalid JSON"));
  EXPECT_THAT(file_dataset_error("", kBailian), HasSubstr("the file has no records"));
  EXPECT_THAT(file_dataset_error("{\"chat_id\": 1, \"timestamp\": 1, \"input_length\": 40, \"hash_ids\": [1, 2, 3, 4]}\n", kBailian),
              HasSubstr("line 1: "));
}

TEST(BurstGptTrace, RowsBecomeTimedRequestsOfExactLength) {
  FileDataset d = load(
      "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n"
      "0.0,ChatGPT,412,96,508,Conversation log\n"
      "0.73,GPT-4,12,244,1534,\"API, log\"\n"
      "1.5,GPT-4,30,0,30,Conversation log\n",
      kBurst);
  ASSERT_EQ(d.dataset.entries.size(), 2u);  // the 0-response row is skipped (and reported)
  EXPECT_EQ(word_count(d.dataset.entries[0].prompt.str()), 412u);
  EXPECT_EQ(d.dataset.entries[0].max_tokens, 96);
  EXPECT_EQ(word_count(d.dataset.entries[1].prompt.str()), 12u);
  EXPECT_EQ(d.timestamps_ms, (std::vector<std::optional<double>>{0.0, 730.0}));
  EXPECT_EQ(d.lines, (std::vector<size_t>{2, 3}));
}

TEST(BurstGptTrace, BadInput) {
  EXPECT_THAT(file_dataset_error("", kBurst), HasSubstr("the file has no records"));
  EXPECT_THAT(file_dataset_error("Timestamp,Model,Response tokens\n1,a,3\n", kBurst),
              HasSubstr("line 1: the CSV header has no 'Request tokens' column"));
  EXPECT_THAT(file_dataset_error("Timestamp,Request tokens,Response tokens\nx,1,1\n", kBurst),
              HasSubstr("no usable records (every row was skipped, first at line 2)"));
  // Wrong type: a JSONL file read as burst_gpt_trace.
  EXPECT_THAT(file_dataset_error("{\"text\": \"a\"}\n", kBurst), HasSubstr("the CSV header has no 'Timestamp' column"));
}

}  // namespace
}  // namespace aiperf
