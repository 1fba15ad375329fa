#include "mock_server/transcription_replies.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace aiperf::mock {
namespace {

void put32(std::string& s, uint32_t v) {
  for (int i = 0; i < 4; ++i) s += char((v >> (8 * i)) & 0xFF);
}
void put16(std::string& s, uint16_t v) {
  s += char(v & 0xFF);
  s += char(v >> 8);
}

// `count` MPEG-1 Layer III frames, 128 kbit/s at 44.1 kHz (417 bytes each, unpadded), joint
// stereo or mono, after an optional ID3v2 tag; the first frame a Xing header when asked.
std::string mp3(int count, bool mono, bool id3, bool xing) {
  std::string s;
  if (id3) s += std::string("ID3\x04\x00\x00\x00\x00\x00\x05", 10) + "abcde";
  for (int i = 0; i < count; ++i) {
    std::string frame(417, '\0');
    frame[0] = char(0xFF);
    frame[1] = char(0xFB);
    frame[2] = char(0x90);
    frame[3] = char(mono ? 0xC0 : 0x40);
    if (i == 0 && xing) frame.replace(36, 4, "Xing");
    s += frame;
  }
  return s;
}

// A PCM WAV of `frames` zero frames.
std::string wav(uint32_t rate, uint16_t channels, uint16_t bits, uint32_t frames) {
  const uint32_t data = frames * channels * (bits / 8);
  std::string s = "RIFF";
  put32(s, 36 + data);
  s += "WAVEfmt ";
  put32(s, 16);
  put16(s, 1);
  put16(s, channels);
  put32(s, rate);
  put32(s, rate * channels * (bits / 8));
  put16(s, uint16_t(channels * (bits / 8)));
  put16(s, bits);
  s += "data";
  put32(s, data);
  s += std::string(data, '\0');
  return s;
}

std::string form(const std::string& file, const std::string& extra = "") {
  return "--bnd\r\nContent-Disposition: form-data; name=\"file\"; filename=\"audio.wav\"\r\n"
         "Content-Type: audio/wav\r\n\r\n" +
         file + "\r\n--bnd\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper\r\n" + extra + "--bnd--\r\n";
}

constexpr const char* kType = "multipart/form-data; boundary=bnd";

TEST(MockWav, ReadsTheHeaderAndDuration) {
  AudioFileInfo info;
  ASSERT_EQ(read_wav_info(wav(16000, 2, 16, 8000), info), "");
  EXPECT_EQ(info.format, 1);
  EXPECT_EQ(info.channels, 2);
  EXPECT_EQ(info.sample_rate, 16000);
  EXPECT_EQ(info.bits, 16);
  EXPECT_EQ(info.data_bytes, 32000);
  EXPECT_DOUBLE_EQ(info.duration_s, 0.5);
  EXPECT_EQ(read_wav_info("ID3\x03 mp3 bytes", info), "file is not a RIFF/WAVE file");
  std::string truncated = wav(8000, 1, 8, 100);
  truncated.resize(truncated.size() - 10);
  EXPECT_EQ(read_wav_info(truncated, info), "WAV data chunk is truncated");
}

TEST(MockTranscription, ParsesTheUploadAndItsFields) {
  TranscriptionRequest r;
  const std::string extra =
      "--bnd\r\nContent-Disposition: form-data; name=\"response_format\"\r\n\r\nverbose_json\r\n"
      "--bnd\r\nContent-Disposition: form-data; name=\"g[]\"\r\n\r\nword\r\n";
  ASSERT_EQ(parse_transcription_request(kType, form(wav(16000, 1, 16, 16000), extra), r), "");
  EXPECT_EQ(r.model, "whisper");
  EXPECT_EQ(r.response_format, "verbose_json");
  EXPECT_EQ(r.fields, (std::vector<std::pair<std::string, std::string>>{
                          {"model", "whisper"}, {"response_format", "verbose_json"}, {"g[]", "word"}}));
  EXPECT_EQ(r.filename, "audio.wav");
  EXPECT_EQ(r.file_content_type, "audio/wav");
  EXPECT_EQ(r.file_bytes, 44 + 32000);
  EXPECT_EQ(r.file_sha256.size(), 64u);
  EXPECT_DOUBLE_EQ(r.audio.duration_s, 1.0);
}

TEST(MockTranscription, RefusesWhatIsNeitherWavNorMp3) {
  TranscriptionRequest r;
  EXPECT_EQ(parse_transcription_request("application/json", "{}", r),
            "audio transcription needs Content-Type multipart/form-data with a boundary, got 'application/json'");
  EXPECT_EQ(parse_transcription_request(kType, "--bnd\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nm\r\n--bnd--", r),
            "no 'file' part in the form");
  TranscriptionRequest r2;
  EXPECT_EQ(parse_transcription_request(kType, form("not a wav"), r2), "'file' part: file is neither a RIFF/WAVE file nor an MP3 stream");
  TranscriptionRequest r3;
  EXPECT_EQ(parse_transcription_request(kType, "--bnd\r\nbroken", r3),
            "malformed multipart/form-data body: no closing boundary delimiter '--bnd--'");
  TranscriptionRequest r4;
  const std::string bad_format = "--bnd\r\nContent-Disposition: form-data; name=\"response_format\"\r\n\r\nxml\r\n";
  EXPECT_EQ(parse_transcription_request(kType, form(wav(8000, 1, 16, 80), bad_format), r4),
            "unknown response_format 'xml' (json, verbose_json, text, srt, vtt)");
}

TEST(MockTranscription, RepliesInEachFormat) {
  TranscriptionRequest r;
  ASSERT_EQ(parse_transcription_request(kType, form(wav(16000, 1, 16, 32000)), r), "");  // 2 s: 5 words
  const TranscriptionReply json_reply = transcription_reply(r, 7);
  EXPECT_EQ(json_reply.content_type, "application/json");
  const auto j = nlohmann::json::parse(json_reply.body);
  const std::string text = j["text"];
  EXPECT_EQ(std::count(text.begin(), text.end(), ' '), 4) << text;
  EXPECT_EQ(j["usage"]["input_tokens"], 20);
  EXPECT_EQ(j["usage"]["output_tokens"], 5);
  EXPECT_EQ(j["x_mock_received"]["fields"], nlohmann::json::parse(R"([["model","whisper"]])"));
  EXPECT_EQ(j["x_mock_received"]["file"]["sample_rate"], 16000);
  EXPECT_EQ(j["x_mock_received"]["file"]["duration"], 2.0);
  EXPECT_EQ(transcription_reply(r, 7).body, json_reply.body);  // deterministic

  r.response_format = "text";
  EXPECT_EQ(transcription_reply(r, 7).body, text);
  EXPECT_EQ(transcription_reply(r, 7).content_type, "text/plain; charset=utf-8");
  r.response_format = "srt";
  EXPECT_EQ(transcription_reply(r, 7).body, "1\n00:00:00,000 --> 00:00:02,000\n" + text + "\n\n");
  r.response_format = "vtt";
  EXPECT_EQ(transcription_reply(r, 7).body, "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n" + text + "\n\n");
  r.response_format = "verbose_json";
  const auto v = nlohmann::json::parse(transcription_reply(r, 7).body);
  EXPECT_EQ(v["duration"], 2.0);
  EXPECT_EQ(v["segments"][0]["text"], text);
}

TEST(MockTranscription, ReadsMp3FramesForTheDuration) {
  AudioFileInfo info;
  ASSERT_EQ(read_mp3_info(mp3(10, false, true, true), info), "");
  EXPECT_EQ(info.format, 0x55);
  EXPECT_EQ(info.sample_rate, 44100);
  EXPECT_EQ(info.channels, 2);
  EXPECT_EQ(info.bits, 0);
  EXPECT_EQ(info.data_bytes, 9 * 417);                   // the Xing frame is not audio
  EXPECT_DOUBLE_EQ(info.duration_s, 9 * 1152 / 44100.0);
  ASSERT_EQ(read_audio_info(mp3(3, true, false, false) + "TAG" + std::string(125, ' '), info), "");
  EXPECT_EQ(info.channels, 1);
  EXPECT_DOUBLE_EQ(info.duration_s, 3 * 1152 / 44100.0);  // the ID3v1 tag is not audio
}

TEST(MockTranscription, BadMp3SaysWhatIsWrong) {
  AudioFileInfo info;
  EXPECT_EQ(read_audio_info("OggS....", info), "file is neither a RIFF/WAVE file nor an MP3 stream");
  const std::string two = mp3(2, false, false, false);
  EXPECT_EQ(read_mp3_info(two.substr(0, 600), info), "MP3 frame at byte 417 is truncated");
  EXPECT_EQ(read_mp3_info(two + "junk", info), "MP3 frame sync lost at byte 834");
  std::string layer2 = two;
  layer2[1] = char(0xFD);  // layer bits 10: Layer II
  EXPECT_EQ(read_mp3_info(layer2, info), "not MPEG Layer III audio (layer bits 2)");
}

}  // namespace
}  // namespace aiperf::mock
