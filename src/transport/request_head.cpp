#include "transport/request_head.h"

#include <charconv>
#include <strings.h>

#include "common/credential_header.h"

namespace aiperf {

namespace {

bool same_name(const std::string& a, const char* b) { return strcasecmp(a.c_str(), b) == 0; }

bool same_name(const std::string& a, const std::string& b) { return strcasecmp(a.c_str(), b.c_str()) == 0; }

bool user_has(const RequestHeadOptions& o, const char* name) {
  for (const auto& [k, v] : o.user_headers)
    if (same_name(k, name)) return true;
  return false;
}

}  // namespace

void RequestHead::add(const std::string& name, const std::string& value) {
  fixed_ += name;
  fixed_ += ": ";
  fixed_ += value;
  fixed_ += "\r\n";
  redacted_.emplace_back(name, is_credential_header(name) ? kRedacted : value);
}

RequestHead::RequestHead(const EndpointUrl& url, const RequestHeadOptions& options) {
  // Priority (workloads-and-endpoints.md §7.1): our defaults < user headers < the transport's
  // own Accept / Content-Type, which describe what this client actually sends and parses.
  fixed_ = "POST " + url.path + " HTTP/1.1\r\n";
  if (!user_has(options, "Host")) add("Host", url.host_header);
  if (!user_has(options, "User-Agent")) add("User-Agent", std::string("aiperf/") + AIPERF_VERSION);
  if (!options.api_key.empty() && !user_has(options, "Authorization"))
    add("Authorization", "Bearer " + options.api_key);
  correlation_names_ = options.affinity.names();
  auto derived = [this, &options](const std::string& name) {
    for (const std::string& d : correlation_names_)
      if (same_name(name, d)) return true;
    for (const std::string& d : options.request_id_aliases)
      if (same_name(name, d)) return true;
    return false;
  };
  for (const auto& [name, value] : options.user_headers) {
    if (same_name(name, "Accept") || same_name(name, "Content-Type") ||
        same_name(name, "Content-Length") || same_name(name, "Transfer-Encoding") ||
        same_name(name, "X-Request-ID") || derived(name))
      continue;
    add(name, value);
  }
  for (const std::string& name : correlation_names_) correlation_prefixes_.push_back("\r\n" + name + ": ");
  for (const std::string& name : options.request_id_aliases) request_id_prefixes_.push_back("\r\n" + name + ": ");
  add("Accept", !options.accept.empty() ? options.accept
                : options.streaming   ? "text/event-stream"
                                      : "application/json");
  add("Content-Type", !options.content_type.empty() ? options.content_type : "application/json");
}

void RequestHead::format(std::string& out, std::string_view request_id,
                         std::string_view correlation_id, size_t content_length) const {
  out.clear();
  out += fixed_;
  out += "X-Request-ID: ";
  out += request_id;
  for (const std::string& prefix : request_id_prefixes_) {
    out += prefix;
    out += request_id;
  }
  for (const std::string& prefix : correlation_prefixes_) {
    out += prefix;
    out += correlation_id;
  }
  out += "\r\nContent-Length: ";
  char digits[24];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, content_length);
  out.append(digits, end);
  out += "\r\n\r\n";
}

}  // namespace aiperf
