// Media, role, extra and several texts in single_turn / multi_turn / random_pool rows
// (workloads-and-endpoints.md §3.1-§3.3): local files embedded, URLs passed through, and the
// errors that name the file and line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "common/base64.h"
#include "dataset/loaders/input_file_dataset.h"
#include "media/wav_encoder.h"
#include "tokenizer/word_tokenizer.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

const std::string kPngBytes = std::string("\x89PNG\r\n\x1a\n", 8) + "not-decoded-payload";

// A folder under /tmp with the dataset file and its media; removed when the test ends.
struct RowFolder {
  fs::path dir;
  RowFolder() {
    std::string tmpl = (fs::temp_directory_path() / "aiperf_rowmedia_XXXXXX").string();
    dir = ::mkdtemp(tmpl.data());
  }
  ~RowFolder() { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& bytes) const {
    fs::create_directories((dir / name).parent_path());
    std::ofstream(dir / name, std::ios::binary) << bytes;
  }
  // One second of 8 kHz mono 16-bit silence.
  void write_wav(const std::string& name, size_t frames = 8000) const {
    std::vector<int16_t> samples(frames, 0);
    write(name, encode_wav_pcm16(samples, 8000, 1));
  }
};

FileDataset load_rows(const RowFolder& f, const std::string& rows, CustomDatasetType type,
                      EndpointType endpoint = EndpointType::chat) {
  f.write("rows.jsonl", rows);
  ProfileConfig c;
  c.model_names = {"m"};
  c.random_seed = 7;
  c.input_file = (f.dir / "rows.jsonl").string();
  c.custom_dataset_type = type;
  c.endpoint_type = endpoint;
  c.num_dataset_entries = 3;
  c.num_dataset_entries_given = true;
  return load_input_file(c, WordTokenizer("w"));
}

std::string row_error(const RowFolder& f, const std::string& rows, CustomDatasetType type,
                       EndpointType endpoint = EndpointType::chat) {
  try {
    load_rows(f, rows, type, endpoint);
  } catch (const ConfigError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ConfigError for: " << rows;
  return "";
}

constexpr auto kSingleType = CustomDatasetType::single_turn;
constexpr auto kMultiType = CustomDatasetType::multi_turn;
constexpr auto kPoolType = CustomDatasetType::random_pool;

TEST(RowMedia, SingleTurnRowWithEveryField) {
  RowFolder f;
  f.write("img/cat.png", kPngBytes);
  f.write_wav("clip.wav", 12000);
  f.write("movie.webm", "webm-bytes");
  FileDataset d = load_rows(
      f,
      "{\"texts\": [\"Describe it.\", \"Then name its colours.\"], \"image\": \"img/cat.png\", "
      "\"audios\": [\"clip.wav\", \"mp3,AAAA\"], \"videos\": [\"movie.webm\", \"https://v.example/x.mp4\"], "
      "\"role\": \"developer\", \"extra\": {\"temperature\": 0, \"top_k\": 3}}\n"
      "{\"images\": [\"https://img.example/a.jpg\", \"data:image/png;base64,AAAA\", {\"name\": \"n\", \"contents\": [\"" +
          (f.dir / "img/cat.png").string() + "\"]}]}\n",
      kSingleType);
  ASSERT_EQ(d.dataset.entries.size(), 2u);
  const DatasetEntry& e = d.dataset.entries[0];
  EXPECT_EQ(e.prompt.str(), "Describe it.");
  EXPECT_EQ(e.parts->more_texts, std::vector<std::string>{"Then name its colours."});
  EXPECT_EQ(e.parts->role, "developer");
  ASSERT_EQ(e.parts->turn_extra_bodies.size(), 1u);
  EXPECT_EQ(e.parts->turn_extra_bodies[0], "{\"temperature\":0,\"top_k\":3}");
  ASSERT_EQ(e.parts->turn_media.size(), 1u);
  const TurnMedia& m = e.parts->turn_media[0];
  EXPECT_EQ(m.images, std::vector<std::string>{"data:image/png;base64," + base64_encode(kPngBytes)});
  ASSERT_EQ(m.audios.size(), 2u);
  EXPECT_TRUE(m.audios[0].starts_with("wav,UklGR"));
  EXPECT_EQ(base64_decode(m.audios[0].substr(4)).value().size(), 44u + 2 * 12000);
  EXPECT_EQ(m.audios[1], "mp3,AAAA");
  ASSERT_TRUE(m.audio_duration_seconds.has_value());
  EXPECT_DOUBLE_EQ(*m.audio_duration_seconds, 1.5);
  EXPECT_EQ(m.videos, (std::vector<std::string>{"data:video/webm;base64," + base64_encode("webm-bytes"),
                                                "https://v.example/x.mp4"}));
  // A media-only row: no text, three images (URL and data URL untouched, an absolute path read).
  const DatasetEntry& only = d.dataset.entries[1];
  EXPECT_EQ(only.prompt.str(), "");
  EXPECT_EQ(only.parts->role, "user");
  EXPECT_TRUE(only.parts->turn_extra_bodies.empty());
  ASSERT_EQ(only.parts->turn_media.size(), 1u);
  EXPECT_EQ(only.parts->turn_media[0].images,
            (std::vector<std::string>{"https://img.example/a.jpg", "data:image/png;base64,AAAA",
                                      "data:image/png;base64," + base64_encode(kPngBytes)}));
  EXPECT_FALSE(only.parts->turn_media[0].audio_duration_seconds.has_value());
}

TEST(RowMedia, ImageTypeComesFromTheBytesAndAudioDataUrlsAreStripped) {
  RowFolder f;
  f.write("photo.png", std::string("\xff\xd8\xff\xe0", 4) + "jfif");  // a JPEG whatever its name
  f.write_wav("a.wav");
  const std::string wav_b64 = base64_encode(encode_wav_pcm16(std::vector<int16_t>(4000, 0), 8000, 1));
  FileDataset d = load_rows(f, "{\"text\": \"t\", \"image\": \"photo.png\", \"audio\": \"data:audio/wav;base64," + wav_b64 + "\"}\n", kSingleType);
  const TurnMedia& m = d.dataset.entries[0].parts->turn_media.at(0);
  EXPECT_TRUE(m.images.at(0).starts_with("data:image/jpeg;base64,"));
  EXPECT_EQ(m.audios.at(0), "wav," + wav_b64);
  EXPECT_DOUBLE_EQ(m.audio_duration_seconds.value(), 0.5);
  // A file whose name looks like "<fmt>,<b64>" is read as the file it is.
  f.write_wav("take,two.wav");
  FileDataset named = load_rows(f, "{\"audio\": \"take,two.wav\"}\n", kSingleType);
  EXPECT_TRUE(named.dataset.entries[0].parts->turn_media.at(0).audios.at(0).starts_with("wav,UklGR"));
}

TEST(RowMedia, BadRowsNameTheFileAndLine) {
  RowFolder f;
  f.write("note.txt", "plain text");
  f.write("clip.ogg", "OggS");
  f.write("movie.avi", "RIFF");
  f.write("broken.wav", "RIFFnot-a-wave");
  const std::string ok = "{\"text\": \"a\"}\n";
  EXPECT_THAT(row_error(f, ok + "{\"text\": \"a\", \"image\": \"missing.png\"}\n", kSingleType),
              HasSubstr("rows.jsonl, line 2: image file 'missing.png' not found (looked for " + (f.dir / "missing.png").string()));
  EXPECT_THAT(row_error(f, "{\"image\": \"note.txt\"}\n", kSingleType), HasSubstr("line 1: image file '" + (f.dir / "note.txt").string() + "' is not a PNG, JPEG"));
  EXPECT_THAT(row_error(f, "{\"audio\": \"clip.ogg\"}\n", kSingleType), HasSubstr("must be a .wav or .mp3 file"));
  EXPECT_THAT(row_error(f, "{\"audio\": \"broken.wav\"}\n", kSingleType), HasSubstr("is not a readable WAV file"));
  EXPECT_THAT(row_error(f, "{\"audio\": \"https://a.example/x.wav\"}\n", kSingleType), HasSubstr("URLs are not supported"));
  EXPECT_THAT(row_error(f, "{\"audio\": \"wav,@@@\"}\n", kSingleType), HasSubstr("does not hold valid base64"));
  EXPECT_THAT(row_error(f, "{\"video\": \"movie.avi\"}\n", kSingleType), HasSubstr("must be a .mp4 or .webm file"));
  EXPECT_THAT(row_error(f, "{\"image\": \"a.png\", \"images\": []}\n", kSingleType), HasSubstr("'image' and 'images' are mutually exclusive"));
  EXPECT_THAT(row_error(f, "{\"images\": [3]}\n", kSingleType), HasSubstr("'images' entries must be non-empty strings"));
  EXPECT_THAT(row_error(f, "{\"text\": \"a\", \"image_uuids\": {}}\n", kSingleType), HasSubstr("'image_uuids' must be a list"));
  EXPECT_THAT(row_error(f, "{\"text\": \"a\", \"extra\": [1]}\n", kSingleType), HasSubstr("line 1: 'extra' must be an object"));
  EXPECT_THAT(row_error(f, "{\"text\": \"a\", \"role\": \"\"}\n", kSingleType), HasSubstr("'role' must not be empty"));
  EXPECT_THAT(row_error(f, "{\"output_length\": 3}\n", kSingleType), HasSubstr("line 1: missing required field 'text'"));
  EXPECT_THAT(row_error(f, "{\"output_length\": 3}\n", kSingleType), HasSubstr("at least one modality is required"));
}

TEST(RowMedia, MediaOnlyReachEndpointsThatCarryThem) {
  RowFolder f;
  f.write("cat.png", kPngBytes);
  f.write_wav("a.wav");
  const std::string image_row = "{\"text\": \"a\", \"image\": \"cat.png\"}\n";
  const std::string audio_row = "{\"text\": \"a\", \"audio\": \"a.wav\"}\n";
  EXPECT_THAT(row_error(f, image_row, kSingleType, EndpointType::completions),
              HasSubstr("line 1: the row has images, which --endpoint-type completions cannot carry"));
  EXPECT_THAT(row_error(f, audio_row, kSingleType, EndpointType::embeddings), HasSubstr("the row has audio"));
  EXPECT_THAT(row_error(f, audio_row, kSingleType, EndpointType::image_retrieval), HasSubstr("the row has audio"));
  EXPECT_THAT(row_error(f, image_row, kSingleType, EndpointType::audio_transcription), HasSubstr("the row has images"));
  EXPECT_THAT(row_error(f, audio_row, kSingleType, EndpointType::messages), HasSubstr("messages cannot carry"));
  EXPECT_EQ(load_rows(f, image_row, kSingleType, EndpointType::responses).dataset.entries[0].parts->turn_media.size(), 1u);
  EXPECT_EQ(load_rows(f, audio_row, kSingleType, EndpointType::responses).dataset.entries[0].parts->turn_media.size(), 1u);
  EXPECT_EQ(load_rows(f, image_row, kSingleType, EndpointType::messages).dataset.entries[0].parts->turn_media.size(), 1u);
  EXPECT_EQ(load_rows(f, image_row, kSingleType, EndpointType::image_retrieval).dataset.entries[0].parts->turn_media.size(), 1u);
  EXPECT_EQ(load_rows(f, image_row, kSingleType, EndpointType::chat_embeddings).dataset.entries[0].parts->turn_media.size(), 1u);
  EXPECT_EQ(load_rows(f, audio_row, kSingleType, EndpointType::audio_transcription).dataset.entries[0].parts->turn_media.size(), 1u);
  // Several texts on completions stay a prompt list (no media involved).
  EXPECT_EQ(load_rows(f, "{\"texts\": [\"a\", \"b\"]}\n", kSingleType, EndpointType::completions).dataset.entries[0].parts->more_texts,
            std::vector<std::string>{"b"});
}

TEST(RowMedia, MultiTurnMediaAndExtraStayWithTheirTurns) {
  RowFolder f;
  f.write("cat.png", kPngBytes);
  f.write_wav("a.wav");
  FileDataset d = load_rows(
      f,
      "{\"turns\": [{\"role\": \"system\", \"text\": \"Be brief.\"}, {\"text\": \"hi\"}, "
      "{\"texts\": [\"look\", \"closely\"], \"image\": \"cat.png\", \"extra\": {\"seed\": 1}}, {\"audio\": \"a.wav\"}]}\n"
      "{\"turns\": [{\"role\": \"system\", \"text\": \"s\", \"image\": \"cat.png\"}, {\"text\": \"q\"}]}\n",
      kMultiType);
  const DatasetEntry& e = d.dataset.entries[0];
  EXPECT_EQ(e.parts->system_message.value_or(""), "Be brief.");
  EXPECT_EQ(e.prompt.str(), "hi");
  ASSERT_EQ(e.later_turns.size(), 2u);
  EXPECT_EQ(e.later_turns[0].prompt.str(), "look");
  EXPECT_EQ(e.later_turns[0].more_texts, std::vector<std::string>{"closely"});
  EXPECT_EQ(e.later_turns[1].prompt.str(), "");
  ASSERT_EQ(e.parts->turn_media.size(), 3u);  // turn index after the system turn is hoisted
  EXPECT_TRUE(e.parts->turn_media[0].images.empty());
  EXPECT_EQ(e.parts->turn_media[1].images.size(), 1u);
  EXPECT_EQ(e.parts->turn_media[2].audios.size(), 1u);
  EXPECT_DOUBLE_EQ(e.parts->turn_media[2].audio_duration_seconds.value(), 1.0);
  ASSERT_EQ(e.parts->turn_extra_bodies.size(), 2u);
  EXPECT_EQ(e.parts->turn_extra_bodies[0], "");
  EXPECT_EQ(e.parts->turn_extra_bodies[1], "{\"seed\":1}");
  // A system turn with media is not text-only: it stays a turn of its own.
  const DatasetEntry& kept = d.dataset.entries[1];
  EXPECT_FALSE(kept.parts->system_message.has_value());
  EXPECT_EQ(kept.parts->role, "system");
  EXPECT_EQ(kept.parts->turn_media.at(0).images.size(), 1u);
  EXPECT_THAT(row_error(f, "{\"turns\": [{\"text\": \"a\"}, {\"image\": \"gone.png\"}]}\n", kMultiType),
              HasSubstr("line 1, turn 2: image file 'gone.png' not found"));
}

TEST(RowMedia, RandomPoolRowsCarryMedia) {
  RowFolder f;
  f.write("cat.png", kPngBytes);
  FileDataset d = load_rows(f, "{\"text\": \"q\", \"image\": \"cat.png\"}\n", kPoolType);
  ASSERT_EQ(d.dataset.entries.size(), 3u);
  for (const DatasetEntry& e : d.dataset.entries) {
    EXPECT_EQ(e.prompt.str(), "q");
    ASSERT_EQ(e.parts->turn_media.size(), 1u);
    EXPECT_EQ(e.parts->turn_media[0].images, std::vector<std::string>{"data:image/png;base64," + base64_encode(kPngBytes)});
  }
  EXPECT_THAT(row_error(f, "{\"image\": \"cat.png\"}\n", kPoolType, EndpointType::completions), HasSubstr("cannot carry"));
  EXPECT_THAT(row_error(f, "{\"text\": \"q\", \"extra\": {}}\n", kPoolType), HasSubstr("'extra' is not allowed in a random_pool row"));
}

}  // namespace
}  // namespace aiperf
