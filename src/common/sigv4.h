#pragma once
// AWS Signature Version 4, the parts both ends need: the client signs with them
// (transport/sigv4_signer.h), the mock server verifies with them. Definitions follow AWS's
// "Create a signed AWS API request": canonical request -> string to sign -> HMAC chain.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <openssl/sha.h>

namespace aiperf {

using Sha256Digest = std::array<uint8_t, 32>;

// SHA-256 built up piece by piece; a plain value (copying it copies the hash state).
class Sha256 {
 public:
  Sha256();
  void update(std::string_view data);
  Sha256Digest finish();

 private:
  SHA256_CTX ctx_;
};

Sha256Digest sha256(std::string_view data);

// HMAC-SHA256 under one fixed key. The key's inner and outer pad blocks are hashed once, so
// each MAC costs two context copies and the data's own blocks, with no allocation.
class HmacSha256 {
 public:
  explicit HmacSha256(std::string_view key);
  Sha256Digest mac(std::string_view data) const;
  Sha256Digest mac(std::string_view a, std::string_view b) const;  // of a then b

 private:
  Sha256 inner_, outer_;
};

Sha256Digest hmac_sha256(std::string_view key, std::string_view data);

inline std::string_view as_bytes(const Sha256Digest& d) {
  return {reinterpret_cast<const char*>(d.data()), d.size()};
}
void append_hex(std::string& out, const Sha256Digest& d);  // lowercase, 64 characters
std::string to_hex(const Sha256Digest& d);

// kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date8), region), service), "aws4_request").
Sha256Digest sigv4_signing_key(std::string_view secret, std::string_view date8, std::string_view region,
                               std::string_view service);

// The canonical URI of a request path as sent (already percent-encoded). Every service but S3
// encodes the path twice, so each byte outside the unreserved set and '/' is encoded again.
std::string sigv4_canonical_uri(std::string_view path);

// The canonical query string: each name=value percent-decoded, re-encoded strictly (only
// A-Z a-z 0-9 - _ . ~ left as is), sorted by name, then by value.
std::string sigv4_canonical_query(std::string_view query);

// Percent-encoding of SigV4: unreserved characters as is, everything else %XX (upper case).
void sigv4_uri_encode(std::string& out, std::string_view text, bool keep_slash);

// "date8/region/service/aws4_request"
std::string sigv4_scope(std::string_view date8, std::string_view region, std::string_view service);

// Signed headers as (lowercase name, value with outer spaces trimmed and inner runs of spaces
// folded to one), sorted by name: the canonical request's header block and signed-header list.
using SigV4Headers = std::vector<std::pair<std::string, std::string>>;
SigV4Headers sigv4_normalize_headers(const std::vector<std::pair<std::string, std::string>>& headers);
std::string sigv4_signed_header_list(const SigV4Headers& normalized);  // "host;x-amz-date"

std::string sigv4_canonical_request(std::string_view method, std::string_view canonical_uri,
                                    std::string_view canonical_query, const SigV4Headers& normalized,
                                    std::string_view payload_sha256_hex);

// "AWS4-HMAC-SHA256\n<amz_date>\n<scope>\n<hex sha256 of canonical request>"
std::string sigv4_string_to_sign(std::string_view amz_date, std::string_view scope,
                                 std::string_view canonical_request);

// Hex signature of `string_to_sign` under the derived signing key.
std::string sigv4_signature(const Sha256Digest& signing_key, std::string_view string_to_sign);

// YYYYMMDDTHHMMSSZ for a UNIX time (UTC); writes 16 characters.
void sigv4_amz_date(int64_t unix_seconds, char out[16]);

}  // namespace aiperf
