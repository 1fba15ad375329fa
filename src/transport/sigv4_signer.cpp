#include "transport/sigv4_signer.h"

namespace aiperf {

SigV4Signer::SigV4Signer(const SigV4Settings& settings, std::string_view target, std::string_view host)
    : settings_(settings) {
  const size_t q = target.find('?');
  const std::string_view path = target.substr(0, q);
  const std::string_view query = q == std::string_view::npos ? std::string_view() : target.substr(q + 1);
  const std::string& token = settings_.credentials.session_token;
  // Signed: host and x-amz-date, plus the session token when there is one (as AWS SDKs do).
  SigV4Headers signed_headers = sigv4_normalize_headers({{"host", std::string(host)}, {"x-amz-date", ""}});
  if (!token.empty()) signed_headers.emplace_back("x-amz-security-token", token);
  const std::string list = sigv4_signed_header_list(signed_headers);

  canonical_head_ = "POST\n" + sigv4_canonical_uri(path) + "\n" + sigv4_canonical_query(query) + "\nhost:" +
                    signed_headers[0].second + "\nx-amz-date:";
  canonical_tail_ = "\n";
  if (!token.empty()) canonical_tail_ += "x-amz-security-token:" + signed_headers[2].second + "\n";
  canonical_tail_ += "\n" + list + "\n";
  scope_tail_ = "/" + settings_.region + "/" + settings_.service + "/aws4_request";
  auth_head_ = "AWS4-HMAC-SHA256 Credential=" + settings_.credentials.access_key_id + "/";
  auth_mid_ = scope_tail_ + ", SignedHeaders=" + list + ", Signature=";
  if (!token.empty()) security_token_line_ = "X-Amz-Security-Token: " + token + "\r\n";
  string_to_sign_.reserve(160);
  authorization_.reserve(auth_head_.size() + 8 + auth_mid_.size() + 64);
}

void SigV4Signer::refresh_date(int64_t unix_seconds) {
  if (unix_seconds == date_second_) return;
  date_second_ = unix_seconds;
  sigv4_amz_date(unix_seconds, amz_date_);
  const std::string_view date8(amz_date_, 8);
  if (date8 == key_date_) return;
  key_date_ = date8;
  signing_key_.emplace(as_bytes(sigv4_signing_key(settings_.credentials.secret_access_key, date8,
                                                  settings_.region, settings_.service)));
}

void SigV4Signer::sign(std::string& head, std::string_view body, int64_t unix_seconds) {
  refresh_date(unix_seconds);
  const std::string_view amz_date(amz_date_, 16), date8(amz_date_, 8);

  // The canonical request is hashed in pieces: it is never assembled.
  char body_hex[64];
  {
    const Sha256Digest d = sha256(body);
    static constexpr char kDigits[] = "0123456789abcdef";
    for (size_t i = 0; i < d.size(); ++i) {
      body_hex[2 * i] = kDigits[d[i] >> 4];
      body_hex[2 * i + 1] = kDigits[d[i] & 15];
    }
  }
  Sha256 canonical;
  canonical.update(canonical_head_);
  canonical.update(amz_date);
  canonical.update(canonical_tail_);
  canonical.update(std::string_view(body_hex, sizeof body_hex));

  string_to_sign_.assign("AWS4-HMAC-SHA256\n");
  string_to_sign_.append(amz_date).append("\n").append(date8).append(scope_tail_).append("\n");
  append_hex(string_to_sign_, canonical.finish());

  authorization_.assign(auth_head_);
  authorization_.append(date8).append(auth_mid_);
  append_hex(authorization_, signing_key_->mac(string_to_sign_));

  // Before the final blank line of the head.
  head.resize(head.size() - 2);
  head.append("X-Amz-Date: ").append(amz_date).append("\r\n");
  head.append(security_token_line_);
  head.append("Authorization: ").append(authorization_).append("\r\n\r\n");
}

}  // namespace aiperf
