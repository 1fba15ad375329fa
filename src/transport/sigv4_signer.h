#pragma once
// Per-request SigV4 signing on the hot path (--auth-type sigv4, the SageMaker transport).
// The body is part of the signature, so every request is signed when it is sent. Everything
// that never changes during a run is prepared once: the canonical request around the two
// per-request fields (x-amz-date, body hash), the credential scope, and the signing key with
// its HMAC pads (re-derived only when the UTC date changes). Per request: one SHA-256 over the
// body, one over ~250 bytes of canonical request, one HMAC; no allocation once the head
// buffer has grown. One signer per worker: it keeps per-request scratch state.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/sigv4.h"
#include "config/aws_credentials.h"

namespace aiperf {

struct SigV4Settings {
  AwsCredentials credentials;
  std::string region;
  std::string service;  // signing name: "sagemaker", "execute-api", ...
};

class SigV4Signer {
 public:
  // `target` is the request target as sent (path and query); `host` the Host header value sent.
  SigV4Signer(const SigV4Settings& settings, std::string_view target, std::string_view host);

  // `head` is a complete request head (ending in the blank line); X-Amz-Date,
  // X-Amz-Security-Token (session credentials) and Authorization are inserted before that
  // blank line. `unix_seconds` is the wall-clock time of signing.
  void sign(std::string& head, std::string_view body, int64_t unix_seconds);

  // The Authorization value of the last sign() (tests).
  std::string_view last_authorization() const { return authorization_; }

 private:
  void refresh_date(int64_t unix_seconds);

  SigV4Settings settings_;
  std::string canonical_head_;   // "POST\n<uri>\n<query>\nhost:<host>\nx-amz-date:"
  std::string canonical_tail_;   // "\n[x-amz-security-token:<t>\n]\n<signed headers>\n"
  std::string scope_tail_;       // "/<region>/<service>/aws4_request"
  std::string auth_head_;        // "AWS4-HMAC-SHA256 Credential=<key id>/"
  std::string auth_mid_;         // "<scope tail>, SignedHeaders=<list>, Signature="
  std::string security_token_line_;  // "X-Amz-Security-Token: <t>\r\n" or empty
  int64_t date_second_ = -1;     // the second amz_date_ was formatted for
  char amz_date_[16] = {};
  std::string key_date_;         // the YYYYMMDD signing_key_ was derived for
  std::optional<HmacSha256> signing_key_;
  std::string string_to_sign_;   // scratch, capacity reused
  std::string authorization_;    // scratch, capacity reused
};

}  // namespace aiperf
