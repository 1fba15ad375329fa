#include "transport/endpoint_url.h"

#include <charconv>

#include "config/profile_config.h"

namespace aiperf {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Upstream's rules: empty sub-path leaves the base alone; a base already ending in the
// sub-path is kept; "/v1" + "v1/..." drops the duplicate "v1/"; otherwise one '/' joins.
std::string join_path(std::string base, std::string sub) {
  while (!sub.empty() && sub.front() == '/') sub.erase(0, 1);
  if (sub.empty()) return base.empty() ? "/" : base;
  while (!base.empty() && base.back() == '/') base.pop_back();
  std::string slash_sub;
  slash_sub.append(1, '/').append(sub);
  if (ends_with(base, slash_sub)) return base;
  if (ends_with(base, "/v1") && sub.rfind("v1/", 0) == 0) slash_sub.erase(1, 3);
  base.append(slash_sub);
  return base;
}

}  // namespace

std::string EndpointUrl::display() const {
  std::string h = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  return std::string(tls ? "https://" : "http://") + h + ":" + std::to_string(port) + path;
}

EndpointUrl resolve_endpoint_url(const std::string& base_url, const std::string& endpoint_path) {
  EndpointUrl url;
  std::string rest;
  if (base_url.rfind("http://", 0) == 0) {
    rest = base_url.substr(7);
  } else if (base_url.rfind("https://", 0) == 0) {
    url.tls = true;
    rest = base_url.substr(8);
  } else {
    throw ConfigError("--url " + base_url + ": only http:// and https:// URLs are supported");
  }
  size_t path_pos = rest.find_first_of("/?");
  std::string authority = rest.substr(0, path_pos);
  std::string path_and_query = path_pos == std::string::npos ? "" : rest.substr(path_pos);
  if (authority.empty()) throw ConfigError("--url " + base_url + ": missing host");
  url.host_header = authority;

  std::string port_text;
  if (authority.front() == '[') {  // [v6]:port
    size_t close = authority.find(']');
    if (close == std::string::npos) throw ConfigError("--url " + base_url + ": unterminated IPv6 address");
    url.host = authority.substr(1, close - 1);
    if (close + 1 < authority.size()) {
      if (authority[close + 1] != ':') throw ConfigError("--url " + base_url + ": bad authority");
      port_text = authority.substr(close + 2);
    }
  } else {
    size_t colon = authority.rfind(':');
    url.host = authority.substr(0, colon);
    if (colon != std::string::npos) port_text = authority.substr(colon + 1);
  }
  if (url.host.empty()) throw ConfigError("--url " + base_url + ": missing host");
  url.port = url.tls ? 443 : 80;
  if (!port_text.empty()) {
    unsigned value = 0;
    auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), value);
    if (ec != std::errc() || end != port_text.data() + port_text.size() || value == 0 || value > 65535)
      throw ConfigError("--url " + base_url + ": bad port '" + port_text + "'");
    url.port = uint16_t(value);
  }

  std::string path = path_and_query, query;
  if (size_t q = path.find('?'); q != std::string::npos) {
    query = path.substr(q);
    path.erase(q);
  }
  std::string joined = join_path(path, endpoint_path);
  url.path.clear();
  if (joined.empty() || joined.front() != '/') url.path.push_back('/');
  url.path.append(joined).append(query);
  return url;
}

}  // namespace aiperf
