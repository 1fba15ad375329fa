#pragma once
// The HTTP steps every exporter takes, each failing with one message that says which step
// failed and how (the exporter turns it into its single warning). Secrets stay out: requests
// carry them in headers, which no message repeats, and publish_run registers them with the log.
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "telemetry/http_client.h"

namespace aiperf {

// A step of an export that did not work: what it tried and what came back.
struct PublishError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Sends `call`; throws PublishError("<step>: HTTP 404: <start of the reply>") unless it is a 2xx.
HttpReply call_or_throw(HttpClient& http, const HttpCall& call, std::string_view step);

// POSTs (or sends with `method`) `body` as JSON and parses the reply; throws PublishError on a
// failed call or a reply that is not JSON.
nlohmann::json json_call(HttpClient& http, std::string method, std::string url, std::vector<std::string> headers,
                         const nlohmann::json& body, std::string_view step);

// A file to upload, read whole (the HTTP client sends a body from memory). Throws PublishError
// naming the file when it cannot be read or is larger than kMaxUploadBytes.
inline constexpr uintmax_t kMaxUploadBytes = uintmax_t(1) << 30;
std::string read_upload_file(const std::filesystem::path& path);

// "Authorization: Basic <base64(user:password)>".
std::string basic_auth_header(std::string_view user, std::string_view password);

// `text` percent-encoded for a URL query value or path segment (RFC 3986 unreserved kept).
std::string url_encode(std::string_view text, bool keep_slash = false);

// Splits the user-info off `url`: "http://u:p@h/x" -> url "http://h/x", user "u", password "p"
// (percent-decoded). Without user-info, returns false and leaves everything as it was.
bool split_url_credentials(std::string& url, std::string& user, std::string& password);

}  // namespace aiperf
