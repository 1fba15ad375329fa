#include "cli/url_flags.h"

#include <cctype>

#include "config/profile_config.h"

namespace aiperf {
namespace {

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

}  // namespace

std::string normalize_url(const std::string& text) {
  std::string url = trim(text);
  if (url.empty()) throw ConfigError("--url: empty URL");
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
    throw ConfigError("--url: missing host in '" + trim(text) + "'");
  return url;
}

std::vector<std::string> parse_urls(const std::vector<std::string>& values) {
  std::vector<std::string> urls;
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
