#pragma once
// A small synchronous HTTP(S) GET for the HuggingFace hub: follows redirects (the hub sends
// large files to a CDN), verifies TLS against the system CAs, and gives up after `timeout` of
// silence on any step. Downloads tokenizers and public datasets before the benchmark, never on
// the hot path.
#include <chrono>
#include <functional>
#include <string>
#include <string_view>

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
  std::string body;         // empty when a 200 body went to HubRequest::on_body
  std::string repo_commit;  // X-Repo-Commit of the first response that carried one
  std::string final_url;
};

struct HubRequest {
  std::string url;
  std::string bearer_token;  // sent only to the first URL's host, never to a CDN it redirects to
  std::chrono::milliseconds timeout{std::chrono::seconds(30)};
  int max_redirects = 10;
  // When set, the final 200 response's body is handed over here chunk by chunk as it arrives
  // (datasets of gigabytes stream to disk) instead of being kept in HubResponse::body; an
  // exception it throws ends the download. Other responses' bodies are still kept.
  using BodySink = std::function<void(std::string_view chunk)>;
  BodySink on_body;
};

// Returns the final response, whatever its status. Throws std::runtime_error (one line naming
// the URL) on network, TLS, timeout and redirect-loop failures, and on plain http:// to a host
// other than 127.0.0.1, ::1 or localhost.
HubResponse hub_get(const HubRequest& request);

}  // namespace aiperf
