#pragma once
// --save-audio DIR: the mock writes every chat "input_audio" part it receives to a file, so
// tests can check the audio a client really sent (docs/mock-server.md).
#include <string>
#include <string_view>

namespace aiperf::mock {

// Writes each input_audio part of the chat body's messages, base64-decoded, to
// DIR/<request>-<part>.<format> (request numbers count from 1 across the server's workers).
// Returns "" or a one-line message for a 400 reply (bad base64, no data, cannot write).
std::string save_input_audio(const std::string& dir, std::string_view body);

}  // namespace aiperf::mock
