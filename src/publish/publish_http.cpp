#include "publish/publish_http.h"

#include <fstream>

#include "common/base64.h"
#include "common/percent_decode.h"

namespace aiperf {
namespace {

// A reply's body in a one-line message: servers explain errors there (MLflow's error_code).
std::string excerpt(std::string_view body) {
  std::string out;
  for (char c : body.substr(0, 200)) out.push_back(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
  if (body.size() > 200) out += "...";
  return out;
}

}  // namespace

HttpReply call_or_throw(HttpClient& http, const HttpCall& call, std::string_view step) {
  HttpReply reply = http.call(call);
  if (reply.ok()) return reply;
  std::string message = std::string(step) + ": " + reply.problem();
  if (reply.error.empty() && !reply.body.empty()) message += ": " + excerpt(reply.body);
  throw PublishError(message);
}

nlohmann::json json_call(HttpClient& http, std::string method, std::string url, std::vector<std::string> headers,
                         const nlohmann::json& body, std::string_view step) {
  HttpCall call;
  call.method = std::move(method);
  call.url = std::move(url);
  call.headers = std::move(headers);
  call.headers.push_back("Accept: application/json");
  if (!body.is_null()) {
    call.headers.push_back("Content-Type: application/json");
    call.body = body.dump();
  }
  const HttpReply reply = call_or_throw(http, call, step);
  if (reply.body.empty()) return nlohmann::json::object();
  auto doc = nlohmann::json::parse(reply.body, nullptr, false);
  if (doc.is_discarded()) throw PublishError(std::string(step) + ": the reply is not JSON: " + excerpt(reply.body));
  return doc;
}

std::string read_upload_file(const std::filesystem::path& path) {
  std::error_code ec;
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) throw PublishError("cannot read " + path.string() + ": " + ec.message());
  if (size > kMaxUploadBytes) throw PublishError(path.filename().string() + ": larger than 1 GiB, not uploaded");
  std::ifstream in(path, std::ios::binary);
  std::string bytes(size, '\0');
  if (!in.read(bytes.data(), std::streamsize(size))) throw PublishError("cannot read " + path.string());
  return bytes;
}

std::string basic_auth_header(std::string_view user, std::string_view password) {
  std::string pair(user);
  pair += ':';
  pair += password;
  return "Authorization: Basic " + base64_encode(pair);
}

std::string url_encode(std::string_view text, bool keep_slash) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    const bool unreserved = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                            c == '_' || c == '.' || c == '~' || (keep_slash && c == '/');
    if (unreserved) {
      out.push_back(char(c));
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
  return out;
}

bool split_url_credentials(std::string& url, std::string& user, std::string& password) {
  const size_t scheme = url.find("://");
  const size_t start = scheme == std::string::npos ? 0 : scheme + 3;
  const size_t slash = url.find('/', start);
  const size_t at = url.rfind('@', slash == std::string::npos ? url.size() : slash);
  if (at == std::string::npos || at < start) return false;
  const std::string_view info = std::string_view(url).substr(start, at - start);
  const size_t colon = info.find(':');
  user = percent_decode(info.substr(0, colon));
  password = colon == std::string_view::npos ? "" : percent_decode(info.substr(colon + 1));
  url.erase(start, at + 1 - start);
  return true;
}

}  // namespace aiperf
