#pragma once
// A small synchronous HTTP(S) GET for the HuggingFace hub: follows redirects (the hub sends
// large files to a CDN), verifies TLS against the system CAs, and gives up after `timeout` of
// silence on any step. Only downloads tokenizers, so it runs before the benchmark, never on
// the hot path.
#include <chrono>
#include <string>

namespace aiperf {

struct HttpUrl {
  bool https = true;
  std::string host;  // without brackets for IPv6 literals
  std::string port;  // always set (443/80 by default)
  std::string target = "/";

  // Throws std::runtime_error naming the URL when it is not http(s)://host[:port][/path].
  static HttpUrl parse(const std::string& url);
  std::string origin() const;  // scheme://host[:port]
  bool is_loopback() const;
};

// `location` (absolute, scheme-relative, absolute-path or relative) resolved against `base`.
std::string resolve_redirect(const HttpUrl& base, const std::string& location);

struct HubResponse {
  unsigned status = 0;
  std::string body;
  std::string repo_commit;  // X-Repo-Commit of the first response that carried one
  std::string final_url;
};

struct HubRequest {
  std::string url;
  std::string bearer_token;  // sent only to the first URL's host, never to a CDN it redirects to
  std::chrono::milliseconds timeout{std::chrono::seconds(30)};
  int max_redirects = 10;
};

// Returns the final response, whatever its status. Throws std::runtime_error (one line naming
// the URL) on network, TLS, timeout and redirect-loop failures, and on plain http:// to a host
// other than 127.0.0.1, ::1 or localhost.
HubResponse hub_get(const HubRequest& request);

}  // namespace aiperf
