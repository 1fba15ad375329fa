#pragma once
// The bytes before the body: request line and headers. Everything that is the same for
// every request is formatted once; per request only ids and Content-Length are appended:
// X-Request-ID, then the conversation id under each affinity header name, written last so a
// user's -H variant of those names (dropped here, any case) cannot duplicate them.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "transport/affinity_headers.h"
#include "transport/endpoint_url.h"

namespace aiperf {

struct RequestHeadOptions {
  std::vector<std::pair<std::string, std::string>> user_headers;  // -H, in order
  std::string api_key;                                            // empty = none
  bool streaming = false;
  AffinityHeaders affinity;  // per-request headers carrying the conversation id
  std::string accept;        // empty: text/event-stream when streaming, else application/json
  // More names that carry the request id, after X-Request-ID (SageMaker's
  // X-Amzn-SageMaker-Inference-Id).
  std::vector<std::string> request_id_aliases;
  std::string content_type;  // empty: application/json (multipart runs name their boundary here)
};

class RequestHead {
 public:
  RequestHead(const EndpointUrl& url, const RequestHeadOptions& options);

  // Writes the complete head into `out` (cleared first; its capacity is reused).
  void format(std::string& out, std::string_view request_id, std::string_view correlation_id,
              size_t content_length) const;

  const std::string& fixed_part() const { return fixed_; }
  // The fixed headers as (name, value), credentials replaced by "<redacted>" (raw export).
  const std::vector<std::pair<std::string, std::string>>& redacted_headers() const {
    return redacted_;
  }
  // Names of the per-request headers that carry the correlation id, in order.
  const std::vector<std::string>& correlation_headers() const { return correlation_names_; }

 private:
  void add(const std::string& name, const std::string& value);

  std::string fixed_;
  std::vector<std::pair<std::string, std::string>> redacted_;
  std::vector<std::string> correlation_names_;
  std::vector<std::string> correlation_prefixes_;  // "\r\nName: " per name
  std::vector<std::string> request_id_prefixes_;   // "\r\nName: " per request-id alias
};

}  // namespace aiperf
