// Binary data inside an HTML page: gzip (the browser's DecompressionStream('gzip') reads it back
// without any library) then base64 (the only binary-to-text form a page decodes natively).
#pragma once

#include <string>
#include <string_view>

namespace aiperf::plot {

std::string gzip_bytes(std::string_view bytes);
std::string gunzip_bytes(std::string_view gz);  // the tests' way back; throws std::runtime_error
std::string base64_encode(std::string_view bytes);
std::string base64_decode(std::string_view text);  // throws std::runtime_error on a bad character

}  // namespace aiperf::plot
