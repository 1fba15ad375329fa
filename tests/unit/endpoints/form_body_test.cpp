#include "endpoints/form_body.h"

#include <gtest/gtest.h>

#include "common/base64.h"
#include "endpoints/request_builder.h"
#include "../support/endpoint_fixtures.h"

namespace aiperf {
namespace {

ProfileConfig transcription_config() {
  return testing::multipart_config(EndpointType::audio_transcription, "whisper", "BOUNDARY");
}

DatasetEntry entry_with_audio(const std::string& audio) {
  DatasetEntry e;
  e.conversation_id = "session_000007";
  e.prompt = "ignored by transcription";
  e.parts.edit().turn_media.push_back({.images = {}, .audios = {audio}, .audio_duration_seconds = 1.5});
  return e;
}

TEST(AudioTranscriptionForm, FilePartThenModelThenExtras) {
  ProfileConfig c = transcription_config();
  c.extra_inputs = {{"response_format", "verbose_json"}, {"timestamp_granularities[]", {"word", "segment"}},
                    {"temperature", 0}, {"language", nullptr}};
  DatasetEntry e = entry_with_audio("wav," + base64_encode("RIFF....WAVEfmt "));
  e.parts.edit().turn_extra_bodies = {R"({"model":"turn-model","prompt":"hint"})"};
  EXPECT_EQ(audio_transcription_form_parts(c, e, 0),
            (std::vector<FormPart>{{"file", "RIFF....WAVEfmt ", "audio.wav", "audio/wav"},
                                   {"model", "turn-model", "", ""},
                                   {"response_format", "verbose_json", "", ""},
                                   {"timestamp_granularities[]", "word", "", ""},
                                   {"timestamp_granularities[]", "segment", "", ""},
                                   {"temperature", "0", "", ""},
                                   {"prompt", "hint", "", ""}}));
}

TEST(AudioTranscriptionForm, FileCannotBeOverriddenByExtras) {
  ProfileConfig c = transcription_config();
  c.extra_inputs = {{"file", "not a file"}};
  const std::vector<FormPart> parts = audio_transcription_form_parts(c, entry_with_audio("mp3,AAAA"), 0);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0], (FormPart{"file", std::string(3, '\0'), "audio.mp3", "audio/mpeg"}));
  EXPECT_EQ(parts[1], (FormPart{"model", "whisper", "", ""}));
}

TEST(AudioTranscriptionForm, TurnWithoutAudioIsAConfigErrorNamingTheConversation) {
  DatasetEntry e;
  e.conversation_id = "session_000003";
  try {
    build_form_body(transcription_config(), e, 0);
    FAIL() << "no error";
  } catch (const ConfigError& err) {
    EXPECT_NE(std::string(err.what()).find("session_000003 turn 1 has no audio"), std::string::npos) << err.what();
    EXPECT_NE(std::string(err.what()).find("--audio-length-mean"), std::string::npos) << err.what();
  }
}

TEST(FormBody, RequestBuilderSendsMultipartRunsThroughTheFormBuilder) {
  const ProfileConfig c = transcription_config();
  const DatasetEntry e = entry_with_audio("wav," + base64_encode("RIFF"));
  EXPECT_EQ(build_request_body(c, e),
            "--BOUNDARY\r\nContent-Disposition: form-data; name=\"file\"; filename=\"audio.wav\"\r\n"
            "Content-Type: audio/wav\r\n\r\nRIFF\r\n"
            "--BOUNDARY\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper\r\n--BOUNDARY--\r\n");
}

TEST(FormBody, EndpointWithoutAFormBuilderIsAnErrorNotAnEmptyForm) {
  // Every form endpoint has its builder; a JSON endpoint forced to multipart must not send an empty form.
  ProfileConfig c = transcription_config();
  c.endpoint_type = EndpointType::chat;
  EXPECT_THROW(build_form_body(c, entry_with_audio("wav,AAAA"), 0), ConfigError);
}

}  // namespace
}  // namespace aiperf
