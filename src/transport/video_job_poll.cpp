#include "transport/video_job_poll.h"

#include <cctype>
#include <cstdlib>
#include <stdexcept>
#include <strings.h>

#include "config/env_settings.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

bool is_credential(std::string_view name) {
  for (const char* secret : {"Authorization", "Proxy-Authorization", "Cookie", "X-API-Key", "api-key"})
    if (name.size() == std::char_traits<char>::length(secret) && strncasecmp(name.data(), secret, name.size()) == 0)
      return true;
  return false;
}

HttpLocation absolute_location(const EndpointUrl& origin, std::string_view url) {
  HttpLocation loc;
  try {
    loc.url = resolve_endpoint_url(std::string(url), "");
  } catch (const std::exception&) {
    throw std::invalid_argument("unusable video URL '" + std::string(url) + "'");
  }
  loc.foreign = !same_origin(origin, loc.url);
  return loc;
}

}  // namespace

bool same_origin(const EndpointUrl& a, const EndpointUrl& b) {
  return a.tls == b.tls && a.port == b.port && strcasecmp(a.host.c_str(), b.host.c_str()) == 0;
}

int64_t video_poll_interval_ns_from_env() {
  return int64_t(env_settings().http_video_poll_interval_s * 1e9);
}

VideoDecision decide_video_step(const std::optional<VideoJob>& job) {
  if (!job) return {VideoStep::failed, "video job reply is not a JSON object"};
  switch (job->state) {
    case VideoJobState::completed:
      return {VideoStep::completed, {}};
    case VideoJobState::failed:
      return {VideoStep::failed, !job->error.empty() ? job->error : "video job " + job->id + " " + job->status};
    default:
      break;
  }
  if (job->id.empty()) return {VideoStep::failed, "video job reply has no id to poll"};
  return {VideoStep::poll_again, {}};
}

std::string video_poll_target(std::string_view submit_target, std::string_view job_id) {
  const size_t q = submit_target.find('?');
  std::string_view path = submit_target.substr(0, q);
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  std::string target(path);
  target.push_back('/');
  target.append(job_id);
  if (q != std::string_view::npos) target.append(submit_target.substr(q));
  return target;
}

HttpLocation video_download_location(const EndpointUrl& origin, std::string_view poll_target, const VideoJob& job) {
  if (job.url.empty()) {
    const size_t q = poll_target.find('?');
    HttpLocation loc{origin, false};
    loc.url.path = std::string(poll_target.substr(0, q)) + "/content";
    if (q != std::string_view::npos) loc.url.path.append(poll_target.substr(q));
    return loc;
  }
  return redirect_location(origin, origin, job.url);
}

HttpLocation redirect_location(const EndpointUrl& origin, const EndpointUrl& from, std::string_view location) {
  if (location.empty()) throw std::invalid_argument("redirect without a Location header");
  if (location.starts_with("http://") || location.starts_with("https://")) return absolute_location(origin, location);
  // Any other scheme (RFC 3986: a letter, then letters, digits, '+', '-', '.', then ':').
  const size_t scheme_end = location.find_first_not_of(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.");
  if (scheme_end != std::string_view::npos && scheme_end > 0 && location[scheme_end] == ':' &&
      std::isalpha(static_cast<unsigned char>(location[0])))
    throw std::invalid_argument("unusable video URL '" + std::string(location) + "' (only http and https)");
  if (location.starts_with("//"))
    return absolute_location(origin, std::string(from.tls ? "https:" : "http:") + std::string(location));
  HttpLocation loc{from, !same_origin(origin, from)};
  if (location.front() == '/') {
    loc.url.path = std::string(location);
  } else {
    // Relative to the directory of the URL that answered.
    std::string_view base = std::string_view(from.path).substr(0, from.path.find('?'));
    loc.url.path = std::string(base.substr(0, base.rfind('/') + 1)) + std::string(location);
  }
  return loc;
}

bool is_redirect(int status) {
  return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

std::string video_get_head(std::string_view post_head, const EndpointUrl& url, std::string_view target,
                           bool foreign, std::string_view request_id) {
  std::string head = "GET ";
  head.append(target).append(" HTTP/1.1\r\n");
  if (foreign) head.append("Host: ").append(url.host_header).append("\r\n");
  size_t line_start = post_head.find("\r\n");  // past the POST request line
  line_start = line_start == std::string_view::npos ? post_head.size() : line_start + 2;
  while (line_start < post_head.size()) {
    size_t line_end = post_head.find("\r\n", line_start);
    if (line_end == std::string_view::npos) line_end = post_head.size();
    std::string_view line = post_head.substr(line_start, line_end - line_start);
    line_start = line_end + 2;
    std::string_view name = line.substr(0, line.find(':'));
    if (name.empty()) continue;
    if (strncasecmp(name.data(), "Content-Type", name.size()) == 0 && name.size() == 12) continue;
    if (foreign && ((name.size() == 4 && strncasecmp(name.data(), "Host", 4) == 0) || is_credential(name))) continue;
    head.append(line).append("\r\n");
  }
  head.append("X-Request-ID: ").append(request_id).append("\r\n\r\n");
  return head;
}

}  // namespace aiperf
