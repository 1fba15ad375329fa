// The speech public datasets (librispeech, voxpopuli, gigaspeech, ami, spgispeech): audio bytes
// decoded with libsndfile (FLAC, WAV and MP3 made here with libsndfile itself), re-encoded as
// 16-bit WAV, long clips skipped, and clear errors naming the file and row.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sndfile.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "dataset/public/speech_clip.h"
#include "media/audio_bytes_reader.h"
#include "public_dataset_fixture.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using ::testing::HasSubstr;

// `frames` frames of a two-tone signal, interleaved, as 16-bit samples.
std::vector<int16_t> speech_tone(size_t frames, int channels, uint32_t rate) {
  std::vector<int16_t> s(frames * size_t(channels));
  for (size_t i = 0; i < frames; ++i)
    for (int c = 0; c < channels; ++c)
      s[i * size_t(channels) + size_t(c)] =
          int16_t(std::lround(12000 * std::sin(2 * M_PI * (300.0 + 150 * c) * double(i) / rate)) + int(i % 7) - 3);
  return s;
}

// An audio file written by libsndfile (`format`: SF_FORMAT_FLAC | SF_FORMAT_PCM_16, ...), as bytes.
std::string audio_file(const std::vector<int16_t>& samples, int channels, uint32_t rate, int format) {
  char tmpl[] = "/tmp/aiperf_speech_XXXXXX";
  const int fd = ::mkstemp(tmpl);
  ::close(fd);
  SF_INFO info{};
  info.samplerate = int(rate);
  info.channels = channels;
  info.format = format;
  SNDFILE* f = sf_open(tmpl, SFM_WRITE, &info);
  EXPECT_NE(f, nullptr) << sf_strerror(nullptr);
  if (!f) return "";
  sf_writef_short(f, samples.data(), sf_count_t(samples.size() / size_t(channels)));
  sf_close(f);
  std::ifstream in(tmpl, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  std::remove(tmpl);
  return s.str();
}

struct Wav {
  uint16_t format = 0, channels = 0, bits = 0;
  uint32_t rate = 0;
  std::vector<int16_t> samples;
};

Wav parse_wav(const std::string& w) {
  Wav out;
  EXPECT_EQ(w.substr(0, 4), "RIFF");
  EXPECT_EQ(w.substr(8, 8), "WAVEfmt ");
  std::memcpy(&out.format, w.data() + 20, 2);
  std::memcpy(&out.channels, w.data() + 22, 2);
  std::memcpy(&out.rate, w.data() + 24, 4);
  std::memcpy(&out.bits, w.data() + 34, 2);
  uint32_t bytes = 0;
  std::memcpy(&bytes, w.data() + 40, 4);
  EXPECT_EQ(w.size(), 44 + size_t(bytes));
  out.samples.resize(bytes / 2);
  std::memcpy(out.samples.data(), w.data() + 44, bytes);
  return out;
}

json bytes_row(const std::string& bytes) { return {{"audio", {{"bytes", bytes}, {"path", "clip.flac"}}}}; }

std::string clip_error(const json& row, bool parquet) {
  try {
    speech_clip_from_row(row, parquet, "librispeech", "f.parquet, row 3");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(AudioBytesReader, DecodesFlacMadeWithLibsndfile) {
  const std::vector<int16_t> src = speech_tone(8000, 1, 16000);
  const std::string flac = audio_file(src, 1, 16000, SF_FORMAT_FLAC | SF_FORMAT_PCM_16);
  ASSERT_EQ(flac.substr(0, 4), "fLaC");
  AudioBytesReader r(flac);
  EXPECT_EQ(r.sample_rate_hz(), 16000u);
  EXPECT_EQ(r.channels(), 1);
  EXPECT_EQ(r.frames(), 8000);
  EXPECT_DOUBLE_EQ(r.seconds(), 0.5);
  EXPECT_EQ(r.read_pcm16(), src);  // lossless, exactly
}

TEST(AudioBytesReader, RefusesWhatIsNotAudio) {
  try {
    AudioBytesReader r(std::string("definitely not an audio file, just text"));
    FAIL() << "read garbage";
  } catch (const AudioDecodeError& e) {
    EXPECT_STRNE(e.what(), "");
  }
  EXPECT_THROW(AudioBytesReader(std::string()), AudioDecodeError);
}

TEST(SpeechClip, FlacRowBecomesSixteenBitWavWithTheSameSamples) {
  const std::vector<int16_t> src = speech_tone(11025, 2, 22050);
  const std::optional<SpeechClip> clip =
      speech_clip_from_row(bytes_row(audio_file(src, 2, 22050, SF_FORMAT_FLAC | SF_FORMAT_PCM_16)), true, "librispeech", "w");
  ASSERT_TRUE(clip);
  EXPECT_DOUBLE_EQ(clip->seconds, 0.5);
  const Wav w = parse_wav(clip->wav);
  EXPECT_EQ(w.format, 1);
  EXPECT_EQ(w.channels, 2);
  EXPECT_EQ(w.rate, 22050u);
  EXPECT_EQ(w.bits, 16);
  EXPECT_EQ(w.samples, src);
}

TEST(SpeechClip, OtherFormatsAndDepthsAreConvertedToSixteenBits) {
  const std::vector<int16_t> src = speech_tone(4000, 1, 8000);
  // 24-bit WAV holding 16-bit values shifted up: libsndfile scales them back down exactly.
  const std::optional<SpeechClip> wav24 =
      speech_clip_from_row(bytes_row(audio_file(src, 1, 8000, SF_FORMAT_WAV | SF_FORMAT_PCM_24)), true, "ami", "w");
  ASSERT_TRUE(wav24);
  EXPECT_EQ(parse_wav(wav24->wav).samples, src);
  // MP3 (libsndfile 1.1+ with mpg123/lame): lossy, so only the shape is checked.
  const std::string mp3 = audio_file(speech_tone(16000, 1, 16000), 1, 16000, SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III);
  if (mp3.empty()) GTEST_SKIP() << "this libsndfile writes no MP3";
  const std::optional<SpeechClip> clip = speech_clip_from_row(bytes_row(mp3), true, "ami", "w");
  ASSERT_TRUE(clip);
  const Wav w = parse_wav(clip->wav);
  EXPECT_EQ(w.rate, 16000u);
  EXPECT_EQ(w.bits, 16);
  EXPECT_NEAR(clip->seconds, 1.0, 0.1);
}

TEST(SpeechClip, ClipsOverThirtySecondsAreSkipped) {
  const std::vector<int16_t> at30 = speech_tone(30 * 1000, 1, 1000), over = speech_tone(30 * 1000 + 1, 1, 1000);
  EXPECT_TRUE(speech_clip_from_row(bytes_row(audio_file(at30, 1, 1000, SF_FORMAT_FLAC | SF_FORMAT_PCM_16)), true, "x", "w"));
  EXPECT_FALSE(speech_clip_from_row(bytes_row(audio_file(over, 1, 1000, SF_FORMAT_FLAC | SF_FORMAT_PCM_16)), true, "x", "w"));
  EXPECT_FALSE(speech_clip_from_row({{"audio", {{"array", std::vector<double>(3001, 0.1)}, {"sampling_rate", 100}}}},
                                    false, "x", "w"));
}

TEST(SpeechClip, DecodedArrayRowsAreEncodedToo) {
  const std::optional<SpeechClip> mono =
      speech_clip_from_row({{"audio", {{"array", {0.0, 0.5, -0.5, 1.0}}, {"sampling_rate", 8000}}}}, false, "x", "w");
  ASSERT_TRUE(mono);
  EXPECT_DOUBLE_EQ(mono->seconds, 4.0 / 8000);
  const Wav w = parse_wav(mono->wav);
  EXPECT_EQ(w.rate, 8000u);
  EXPECT_EQ(w.channels, 1);
  EXPECT_EQ(w.samples, (std::vector<int16_t>{0, 16384, -16384, 32767}));
  const std::optional<SpeechClip> stereo = speech_clip_from_row(
      {{"audio", {{"array", {{0.0, 1.0}, {-1.0, 0.0}}}, {"sampling_rate", 16000}}}}, false, "x", "w");
  ASSERT_TRUE(stereo);
  EXPECT_EQ(parse_wav(stereo->wav).channels, 2);
  EXPECT_EQ(parse_wav(stereo->wav).samples, (std::vector<int16_t>{0, -32767, 32767, 0}));
}

TEST(SpeechClip, BadRowsNameTheFileAndRow) {
  const std::string prefix = "--public-dataset librispeech: f.parquet, row 3: ";
  EXPECT_THAT(clip_error(bytes_row("RIFF but not really a wave file at all"), true),
              HasSubstr(prefix + "'audio.bytes' is not audio libsndfile can read ("));
  EXPECT_EQ(clip_error({{"audio", nullptr}}, true), prefix + "'audio' is missing or NULL");
  EXPECT_EQ(clip_error({{"text", "x"}}, true), prefix + "'audio' is missing or NULL");
  EXPECT_THAT(clip_error({{"audio", "clip.flac"}}, true), HasSubstr(prefix + "'audio' must be an object"));
  EXPECT_THAT(clip_error({{"audio", {{"bytes", nullptr}, {"path", "a/b.flac"}}}}, true),
              HasSubstr(prefix + "'audio' holds only a path ('a/b.flac')"));
  EXPECT_THAT(clip_error(bytes_row("Zm9v"), false), HasSubstr(prefix + "'audio.bytes' cannot be read from JSON rows"));
  EXPECT_EQ(clip_error({{"audio", {{"array", {0.1}}, {"sampling_rate", 0}}}}, false),
            prefix + "'audio.sampling_rate' must be a positive integer (Hz)");
  EXPECT_EQ(clip_error({{"audio", {{"array", {0.1, "x"}}, {"sampling_rate", 8000}}}}, false),
            prefix + "'audio.array' must hold numbers");
  EXPECT_EQ(clip_error({{"audio", {{"array", {{0.1, 0.2}, {0.3}}}, {"sampling_rate", 8000}}}}, false),
            prefix + "'audio.array' channels must be lists of one length");
}

using SpeechDatasetTest = PublicDatasetFixture;

std::string array_line(size_t samples, int rate) {
  return json{{"audio", {{"array", std::vector<double>(samples, 0.25)}, {"sampling_rate", rate}}}, {"text", "t"}}.dump() +
         "\n";
}

TEST_F(SpeechDatasetTest, RowsBecomeTranscriptionRequestsAndLongClipsAreCounted) {
  const fs::path f = repo_snapshot("openslr/librispeech_asr") / "clean/test.jsonl";
  write(f, array_line(150, 100) + array_line(3100, 100) + array_line(2000, 100));
  write(repo_snapshot("openslr/librispeech_asr").parent_path() / "x/other/test.jsonl", "not read\n");
  ProfileConfig c = config("librispeech");
  c.osl_mean = 12;
  Dataset d = load(c);
  ASSERT_EQ(d.entries.size(), 2u);
  for (const DatasetEntry& e : d.entries) {
    EXPECT_EQ(e.prompt.str(), "Transcribe this audio.");
    EXPECT_EQ(e.max_tokens, 12);
    ASSERT_EQ(e.parts->turn_media.size(), 1u);
    ASSERT_EQ(e.parts->turn_media[0].audios.size(), 1u);
    EXPECT_TRUE(e.parts->turn_media[0].audios[0].starts_with("wav,UklGR")) << e.parts->turn_media[0].audios[0].substr(0, 12);
  }
  EXPECT_DOUBLE_EQ(*d.entries[0].parts->turn_media[0].audio_duration_seconds, 1.5);
  EXPECT_DOUBLE_EQ(*d.entries[1].parts->turn_media[0].audio_duration_seconds, 20.0);
  EXPECT_THAT(notes_.str(), HasSubstr("--public-dataset librispeech: 2 audio clips (2 turns) from " + f.string()));
  EXPECT_THAT(notes_.str(), HasSubstr("--public-dataset librispeech: skipped 1 clip longer than 30 s\n"));

  c.num_dataset_entries = 1;
  c.num_dataset_entries_given = true;
  EXPECT_EQ(load(c).entries.size(), 1u);
  EXPECT_THAT(notes_.str(), HasSubstr("skipped 0 clips longer than 30 s; stopped after the first 1 clips (--num-dataset-entries)"));

  c.endpoint_type = EndpointType::completions;
  EXPECT_THAT(error(c), HasSubstr("--public-dataset librispeech sends audio: use --endpoint-type chat"));
}

TEST_F(SpeechDatasetTest, EveryDatasetReadsItsSubsetAndSplit) {
  for (const auto& [name, repo, file] :
       std::vector<std::tuple<std::string, std::string, std::string>>{{"voxpopuli", "facebook/voxpopuli", "en/test.jsonl"},
                                                                      {"gigaspeech", "speechcolab/gigaspeech", "xs/test.jsonl"},
                                                                      {"ami", "edinburghcstr/ami", "ihm/test.jsonl"},
                                                                      {"spgispeech", "kensho/spgispeech", "test/test.jsonl"}}) {
    EXPECT_THAT(error(config(name)), HasSubstr("the HuggingFace dataset " + repo + " is not in the cache")) << name;
    write(repo_snapshot(repo) / file, array_line(80, 16000));
    EXPECT_EQ(load(config(name)).entries.size(), 1u) << name;
  }
}

TEST_F(SpeechDatasetTest, OnlyLongClipsIsAnError) {
  const fs::path f = repo_snapshot("edinburghcstr/ami") / "ihm/test.jsonl";
  write(f, array_line(3500, 100));
  EXPECT_EQ(error(config("ami")),
            "--public-dataset ami: " + f.string() + " hold no clip of 30 s or less (1 clip longer than 30 s)");
  write(f, "{\"audio\": null}\n");
  EXPECT_EQ(error(config("ami")), "--public-dataset ami: " + f.string() + ", line 1: 'audio' is missing or NULL");
}

}  // namespace
}  // namespace aiperf
