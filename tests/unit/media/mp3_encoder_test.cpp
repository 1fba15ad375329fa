// --audio-format mp3 (workloads-and-endpoints.md §6.2): clips written through libsndfile's MPEG
// encoder, read back with the speech datasets' decoder (AudioBytesReader: libsndfile, mpg123),
// and the synthetic maker's mp3 form.
#include "media/mp3_encoder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/base64.h"
#include "media/audio_bytes_reader.h"
#include "media/synthetic_audio.h"

namespace aiperf {
namespace {

// An MPEG stream starts with an ID3v2 tag or a frame sync (11 set bits).
bool looks_like_mp3(const std::string& b) {
  return b.rfind("ID3", 0) == 0 || (b.size() > 1 && uint8_t(b[0]) == 0xFF && (uint8_t(b[1]) & 0xE0) == 0xE0);
}

std::vector<float> mp3_tone(double seconds, uint32_t rate, int channels) {
  std::vector<float> s(size_t(seconds * rate) * size_t(channels));
  for (size_t i = 0; i < s.size(); ++i) s[i] = 0.5f * float(std::sin(2 * M_PI * 440.0 * double(i / size_t(channels)) / rate));
  return s;
}

TEST(Mp3Encoder, DecodesBackAtTheRateChannelsAndLength) {
  for (auto [rate, channels] : {std::pair{16000u, 1}, std::pair{44100u, 2}, std::pair{8000u, 1}}) {
    const std::string mp3 = encode_mp3(mp3_tone(1.0, rate, channels), rate, uint16_t(channels));
    ASSERT_TRUE(looks_like_mp3(mp3)) << rate;
    AudioBytesReader back(mp3);  // libsndfile's MPEG decoder (mpg123)
    EXPECT_EQ(back.sample_rate_hz(), rate);
    EXPECT_EQ(back.channels(), channels);
    // The decoder may keep the encoder's delay and padding: within two frames of 1152.
    EXPECT_NEAR(double(back.frames()), double(rate), 2 * 1152.0) << rate;
    // Lossy but the same signal: its energy survives (a 0.5-amplitude sine has RMS 0.354).
    const std::vector<int16_t> pcm = back.read_pcm16();
    double sum = 0;
    for (int16_t v : pcm) sum += (v / 32768.0) * (v / 32768.0);
    EXPECT_NEAR(std::sqrt(sum / double(pcm.size())), 0.354, 0.05) << rate;
  }
}

TEST(Mp3Encoder, RefusesRatesMp3CannotCarry) {
  EXPECT_FALSE(mp3_sample_rate_supported(44000));
  EXPECT_TRUE(mp3_sample_rate_supported(11025));
  EXPECT_THROW(encode_mp3(mp3_tone(0.1, 44000, 1), 44000, 1), std::runtime_error);
}

TEST(SyntheticAudio, Mp3ClipsAreMp3AndDeterministic) {
  AudioConfig c;
  c.length_mean_s = 0.5;
  c.format = AudioFormat::mp3;
  c.sample_rates_khz = {24.0};
  SyntheticAudioMaker a(c, 9), b(c, 9);
  const std::string clip = a.next();
  ASSERT_EQ(clip.rfind("mp3,", 0), 0u);
  EXPECT_EQ(clip, b.next());
  EXPECT_DOUBLE_EQ(a.last_duration_seconds(), 0.5);
  const std::optional<std::string> bytes = base64_decode(std::string_view(clip).substr(4));
  ASSERT_TRUE(bytes);
  ASSERT_TRUE(looks_like_mp3(*bytes));
  AudioBytesReader back(*bytes);
  EXPECT_EQ(back.sample_rate_hz(), 24000u);
  EXPECT_EQ(back.channels(), 1);
}

}  // namespace
}  // namespace aiperf
