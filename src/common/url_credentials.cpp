#include "common/url_credentials.h"

namespace aiperf {

std::pair<size_t, size_t> url_authority_span(std::string_view url) {
  const size_t sep = url.find("://");
  const size_t begin = sep == std::string_view::npos ? 0 : sep + 3;
  const size_t end = url.find_first_of("/?#", begin);
  return {begin, end == std::string_view::npos ? url.size() : end};
}

size_t url_user_info_end(std::string_view url) {
  auto [begin, end] = url_authority_span(url);
  const size_t at = url.substr(begin, end - begin).rfind('@');
  return at == std::string_view::npos ? std::string_view::npos : begin + at;
}

std::string redact_url_credentials(std::string_view text) {
  std::string out;
  while (true) {  // each URL of a comma list
    const size_t comma = text.find(',');
    const std::string_view url = text.substr(0, comma);
    const size_t at = url_user_info_end(url);
    if (at == std::string_view::npos)
      out += url;
    else
      out.append(url.substr(0, url_authority_span(url).first)).append("<redacted>").append(url.substr(at));
    if (comma == std::string_view::npos) return out;
    out += ',';
    text.remove_prefix(comma + 1);
  }
}

std::string strip_url_credentials(std::string_view url) {
  const size_t at = url_user_info_end(url);
  if (at == std::string_view::npos) return std::string(url);
  return std::string(url.substr(0, url_authority_span(url).first)).append(url.substr(at + 1));
}

}  // namespace aiperf
