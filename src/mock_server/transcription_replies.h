#pragma once
// POST /v1/audio/transcriptions (OpenAI's audio API, workloads-and-endpoints.md §6.5): the
// mock reads the multipart/form-data upload, checks that `file` is a WAV or MP3, and answers a
// deterministic transcript whose length follows the clip's duration, in the requested
// response_format. JSON replies also echo what was received (x_mock_received) so a test can
// check the exact form a client sent.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aiperf::mock {

// What an uploaded audio file's headers say.
struct AudioFileInfo {
  int format = 0;  // WAV format tag: 1 PCM, 3 IEEE float, 0xFFFE extensible; 0x55 for MP3
  int channels = 0;
  int64_t sample_rate = 0;
  int bits = 0;            // 0 for MP3
  int64_t data_bytes = 0;  // WAV: the data chunk; MP3: the audio frames
  double duration_s = 0;
};

// "" and `out` filled when `bytes` is a WAV file (RIFF/WAVE with fmt and data chunks), else
// what is wrong with it.
std::string read_wav_info(std::string_view bytes, AudioFileInfo& out);
// The same for an MPEG Layer III stream (an optional ID3v2 tag, then frames; a Xing/Info frame
// and an ID3v1 tag are not audio). The duration is the frames' samples over the rate, so it
// includes the encoder's delay and padding (well under 0.1 s).
std::string read_mp3_info(std::string_view bytes, AudioFileInfo& out);
// WAV when the file starts with RIFF, else MP3.
std::string read_audio_info(std::string_view bytes, AudioFileInfo& out);

struct TranscriptionRequest {
  std::string model;                                        // empty when absent
  std::string response_format = "json";                     // json | verbose_json | text | srt | vtt
  std::vector<std::pair<std::string, std::string>> fields;  // every field but `file`, in order
  std::string filename, file_content_type;
  int64_t file_bytes = 0;
  std::string file_sha256;  // lowercase hex of the file part's bytes
  AudioFileInfo audio;
};

// Fills `out` from a request's Content-Type and body. Returns "" on success, else a one-line
// message for a 400 reply (not multipart, malformed form, no or several `file` parts, a file
// that is neither WAV nor MP3, an unknown response_format).
std::string parse_transcription_request(std::string_view content_type, std::string_view body,
                                        TranscriptionRequest& out);

struct TranscriptionReply {
  std::string content_type;  // application/json or text/plain
  std::string body;
};

// The reply: about 2.5 words per second of audio (at least one), drawn from the mock's word
// list by `seed`. json: {"text", "usage" (tokens), "x_mock_received"}; verbose_json adds task,
// language, duration and one segment; text / srt / vtt are the transcript alone.
TranscriptionReply transcription_reply(const TranscriptionRequest& request, uint64_t seed);

}  // namespace aiperf::mock
