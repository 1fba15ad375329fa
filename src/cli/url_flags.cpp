#include "cli/url_flags.h"

#include <cctype>

#include "cli/request_head_text.h"
#include "common/percent_decode.h"
#include "common/url_credentials.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

std::string trim_spaces(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return std::string(s);
}

// Host and port: ASCII letters, digits, "-._~", ':' and the brackets of an IPv6 literal (with
// its %zone). Anything else is not a host a request can be sent to.
void require_host_characters(std::string_view authority) {
  for (char ch : authority) {
    const auto c = static_cast<unsigned char>(ch);
    if (!std::isalnum(c) && std::string_view("-._~:[]%").find(ch) == std::string_view::npos)
      throw ConfigError(std::string("--url: the host '") +
                        (c < 0x20 || c >= 0x7f ? "<not printable>" : std::string(authority)) +
                        "' has a character a host name cannot have (international names: use the xn-- form)");
  }
}

}  // namespace

ParsedUrl normalize_url(const std::string& text) {
  // Before anything else, so that no message below can show a password.
  for (char ch : text)
    if (is_control_byte(static_cast<unsigned char>(ch)))
      throw ConfigError("--url: contains a control character; it would corrupt the request line");
  ParsedUrl parsed;
  std::string url = trim_spaces(text);
  if (const size_t at = url_user_info_end(url); at != std::string::npos) {
    const size_t begin = url_authority_span(url).first;
    parsed.credentials = percent_decode(std::string_view(url).substr(begin, at - begin));
    url.erase(begin, at + 1 - begin);
  }
  if (url.empty()) throw ConfigError("--url: empty URL");
  if (const size_t hash = url.find('#'); hash != std::string::npos) url.erase(hash);
  auto sep = url.find("://");
  if (sep == std::string::npos) {
    url = "http://" + url;
    sep = 4;
  } else {
    std::string scheme = url.substr(0, sep);
    for (char& c : scheme) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (scheme != "http" && scheme != "https")
      throw ConfigError("--url: unsupported scheme '" + url.substr(0, sep) + "' in '" + url +
                        "' (only http and https are allowed)");
    url = scheme + url.substr(sep);
  }
  size_t host = sep + 3;
  if (host >= url.size() || url[host] == '/' || url[host] == '?' || url[host] == ':')
    throw ConfigError("--url: missing host in '" + url + "'");
  const size_t path = std::min(url.find_first_of("/?", host), url.size());
  require_host_characters(std::string_view(url).substr(host, path - host));
  parsed.url = url.substr(0, path) + encode_request_target("--url", std::string_view(url).substr(path));
  return parsed;
}

std::vector<ParsedUrl> parse_urls(const std::vector<std::string>& values) {
  std::vector<ParsedUrl> urls;
  for (const std::string& value : values) {
    size_t start = 0;
    while (true) {
      size_t comma = value.find(',', start);
      urls.push_back(normalize_url(value.substr(start, comma - start)));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  return urls;
}

}  // namespace aiperf
