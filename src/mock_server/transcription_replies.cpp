#include "mock_server/transcription_replies.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "common/multipart_parser.h"
#include "common/sigv4.h"
#include "mock_server/mock_word_list.h"
#include "mock_server/error_injection.h"

namespace aiperf::mock {
namespace {

uint32_t le32(std::string_view b, size_t at) {
  return uint32_t(uint8_t(b[at])) | uint32_t(uint8_t(b[at + 1])) << 8 | uint32_t(uint8_t(b[at + 2])) << 16 |
         uint32_t(uint8_t(b[at + 3])) << 24;
}
uint16_t le16(std::string_view b, size_t at) { return uint16_t(uint8_t(b[at]) | uint8_t(b[at + 1]) << 8); }

std::string words_for(double duration_s, uint64_t seed) {
  const auto words = mock_words();
  const int64_t count = std::max<int64_t>(1, std::llround(duration_s * 2.5));
  std::string text;
  uint64_t state = seed;
  for (int64_t i = 0; i < count; ++i) {
    state = splitmix64(state);
    const std::string_view w = words[state % words.size()];
    text.append(i == 0 ? w.substr(1) : w);  // every entry has a leading space
  }
  return text;
}

// "00:00:01,500" (srt) or "00:00:01.500" (vtt).
std::string timestamp(double seconds, char decimal) {
  const int64_t ms = std::llround(seconds * 1000);
  char out[32];
  std::snprintf(out, sizeof out, "%02lld:%02lld:%02lld%c%03lld", (long long)(ms / 3600000),
                (long long)(ms / 60000 % 60), (long long)(ms / 1000 % 60), decimal, (long long)(ms % 1000));
  return out;
}

}  // namespace

std::string read_wav_info(std::string_view b, AudioFileInfo& out) {
  if (b.size() < 12 || b.substr(0, 4) != "RIFF" || b.substr(8, 4) != "WAVE") return "file is not a RIFF/WAVE file";
  bool have_fmt = false;
  size_t at = 12;
  while (at + 8 <= b.size()) {
    const std::string_view id = b.substr(at, 4);
    const uint32_t size = le32(b, at + 4);
    const size_t body = at + 8;
    if (id == "fmt ") {
      if (size < 16 || body + 16 > b.size()) return "WAV fmt chunk is truncated";
      out.format = le16(b, body);
      out.channels = le16(b, body + 2);
      out.sample_rate = le32(b, body + 4);
      out.bits = le16(b, body + 14);
      have_fmt = true;
    } else if (id == "data") {
      if (!have_fmt) return "WAV data chunk before its fmt chunk";
      if (out.channels == 0 || out.sample_rate == 0 || out.bits == 0) return "WAV fmt chunk has zero fields";
      if (body + size > b.size()) return "WAV data chunk is truncated";
      out.data_bytes = size;
      const int64_t frame = int64_t(out.channels) * ((out.bits + 7) / 8);
      out.duration_s = double(out.data_bytes) / double(frame * out.sample_rate);
      return "";
    }
    at = body + size + (size & 1);  // chunks are padded to even sizes
  }
  return have_fmt ? "WAV file has no data chunk" : "WAV file has no fmt chunk";
}

std::string read_mp3_info(std::string_view b, AudioFileInfo& out) {
  size_t at = 0;
  if (b.size() >= 10 && b.substr(0, 3) == "ID3") {  // ID3v2: a 10-byte header, then a syncsafe size
    const size_t size = size_t(uint8_t(b[6]) & 0x7F) << 21 | size_t(uint8_t(b[7]) & 0x7F) << 14 |
                        size_t(uint8_t(b[8]) & 0x7F) << 7 | size_t(uint8_t(b[9]) & 0x7F);
    at = 10 + size + ((uint8_t(b[5]) & 0x10) ? 10 : 0);  // a footer, when flagged
  }
  // Layer III bitrates (kbit/s) by index, MPEG-1 and MPEG-2/2.5; sample rates by version.
  static constexpr int kRateV1[16] = {0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0};
  static constexpr int kRateV2[16] = {0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0};
  static constexpr int kHz[4][3] = {{11025, 12000, 8000}, {0, 0, 0}, {22050, 24000, 16000}, {44100, 48000, 32000}};
  int64_t samples = 0, frames = 0;
  out = AudioFileInfo{.format = 0x55};
  while (at + 4 <= b.size()) {
    const auto h0 = uint8_t(b[at]), h1 = uint8_t(b[at + 1]), h2 = uint8_t(b[at + 2]), h3 = uint8_t(b[at + 3]);
    if (h0 == 'T' && h1 == 'A' && h2 == 'G' && b.size() - at == 128) break;  // ID3v1 at the end
    if (h0 != 0xFF || (h1 & 0xE0) != 0xE0) {
      if (frames == 0) return "file is neither a RIFF/WAVE file nor an MP3 stream";
      return "MP3 frame sync lost at byte " + std::to_string(at);
    }
    const int version = (h1 >> 3) & 3, layer = (h1 >> 1) & 3, rate_index = h2 >> 4, hz_index = (h2 >> 2) & 3;
    if (layer != 1) return "not MPEG Layer III audio (layer bits " + std::to_string(layer) + ")";
    if (version == 1 || hz_index == 3 || rate_index == 0 || rate_index == 15)
      return "bad MP3 frame header at byte " + std::to_string(at);
    const int kbps = version == 3 ? kRateV1[rate_index] : kRateV2[rate_index];
    const int hz = kHz[version][hz_index];
    const int per_frame = version == 3 ? 1152 : 576;
    const size_t length = size_t(per_frame / 8 * kbps * 1000 / hz + ((h2 >> 1) & 1));
    if (at + length > b.size()) return "MP3 frame at byte " + std::to_string(at) + " is truncated";
    // A Xing/Info frame (LAME's header) carries no audio; it sits in the first frame's side data.
    const std::string_view frame = b.substr(at, length);
    const bool info_frame = frames == 0 && (frame.find("Xing") != std::string_view::npos ||
                                            frame.find("Info") != std::string_view::npos);
    if (!info_frame) {
      samples += per_frame;
      out.data_bytes += int64_t(length);
    }
    out.sample_rate = hz;
    out.channels = (h3 >> 6) == 3 ? 1 : 2;
    ++frames;
    at += length;
  }
  if (frames == 0) return "MP3 stream has no frames";
  out.duration_s = double(samples) / double(out.sample_rate);
  return "";
}

std::string read_audio_info(std::string_view b, AudioFileInfo& out) {
  if (b.substr(0, 4) == "RIFF") return read_wav_info(b, out);
  return read_mp3_info(b, out);
}

std::string parse_transcription_request(std::string_view content_type, std::string_view body,
                                        TranscriptionRequest& out) {
  const std::optional<std::string> boundary = multipart_boundary_of(content_type);
  if (!boundary)
    return "audio transcription needs Content-Type multipart/form-data with a boundary, got '" +
           std::string(content_type) + "'";
  std::string error;
  const auto parts = parse_multipart_form(body, *boundary, &error);
  if (!parts) return "malformed multipart/form-data body: " + error;
  const ParsedFormPart* file = nullptr;
  for (const ParsedFormPart& p : *parts) {
    if (p.name == "file") {
      if (file) return "more than one 'file' part";
      file = &p;
      continue;
    }
    if (p.has_filename) return "unexpected file part '" + p.name + "'";
    out.fields.emplace_back(p.name, std::string(p.value));
    if (p.name == "model") out.model = std::string(p.value);
    if (p.name == "response_format") out.response_format = std::string(p.value);
  }
  if (!file) return "no 'file' part in the form";
  if (!file->has_filename) return "'file' part has no filename";
  out.filename = file->filename;
  out.file_content_type = file->content_type;
  out.file_bytes = int64_t(file->value.size());
  out.file_sha256 = to_hex(sha256(file->value));
  if (std::string bad = read_audio_info(file->value, out.audio); !bad.empty()) return "'file' part: " + bad;
  for (const char* f : {"json", "verbose_json", "text", "srt", "vtt"})
    if (out.response_format == f) return "";
  return "unknown response_format '" + out.response_format + "' (json, verbose_json, text, srt, vtt)";
}

TranscriptionReply transcription_reply(const TranscriptionRequest& r, uint64_t seed) {
  using json = nlohmann::ordered_json;
  const double duration = r.audio.duration_s;
  const std::string text = words_for(duration, seed);
  if (r.response_format == "text") return {"text/plain; charset=utf-8", text};
  if (r.response_format == "srt")
    return {"text/plain; charset=utf-8", "1\n" + timestamp(0, ',') + " --> " + timestamp(duration, ',') + "\n" + text + "\n\n"};
  if (r.response_format == "vtt")
    return {"text/plain; charset=utf-8",
            "WEBVTT\n\n" + timestamp(0, '.') + " --> " + timestamp(duration, '.') + "\n" + text + "\n\n"};
  json reply = json::object();
  if (r.response_format == "verbose_json") {
    reply["task"] = "transcribe";
    reply["language"] = "english";
    reply["duration"] = duration;
  }
  reply["text"] = text;
  if (r.response_format == "verbose_json")
    reply["segments"] = json::array({{{"id", 0}, {"start", 0.0}, {"end", duration}, {"text", text}}});
  // gpt-4o-transcribe's token usage: audio tokens in, transcript words out.
  const int64_t input = std::max<int64_t>(1, std::llround(duration * 10));
  int64_t output = 0;
  for (size_t i = 0; i < text.size(); ++i) output += (text[i] != ' ' && (i == 0 || text[i - 1] == ' ')) ? 1 : 0;
  reply["usage"] = {{"type", "tokens"}, {"input_tokens", input}, {"output_tokens", output},
                    {"total_tokens", input + output}};
  json fields = json::array();
  for (const auto& [name, value] : r.fields) fields.push_back(json::array({name, value}));
  reply["x_mock_received"] = {
      {"fields", std::move(fields)},
      {"file",
       {{"filename", r.filename}, {"content_type", r.file_content_type}, {"bytes", r.file_bytes},
        {"sha256", r.file_sha256}, {"sample_rate", r.audio.sample_rate}, {"channels", r.audio.channels},
        {"bits", r.audio.bits}, {"duration", duration}}}};
  return {"application/json", reply.dump(-1, ' ', false, json::error_handler_t::replace)};
}

}  // namespace aiperf::mock
