// OpenSSL 3.0 deprecates the SHA256_* calls, but its EVP replacement allocates on every
// context copy; the plain SHA256_CTX is a value we can copy for free, which is what makes a
// per-request HMAC cheap (the pads are hashed once per key). Same assembly underneath.
#define OPENSSL_SUPPRESS_DEPRECATED
#include "common/sigv4.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <ctime>

#include "common/percent_decode.h"

namespace aiperf {

Sha256::Sha256() { SHA256_Init(&ctx_); }

void Sha256::update(std::string_view data) { SHA256_Update(&ctx_, data.data(), data.size()); }

Sha256Digest Sha256::finish() {
  Sha256Digest d;
  SHA256_Final(d.data(), &ctx_);
  return d;
}

Sha256Digest sha256(std::string_view data) {
  Sha256 h;
  h.update(data);
  return h.finish();
}

HmacSha256::HmacSha256(std::string_view key) {
  // RFC 2104: keys longer than the 64-byte block are hashed first, shorter ones zero-padded.
  uint8_t block[SHA256_CBLOCK] = {};
  if (key.size() > sizeof block) {
    Sha256Digest k = sha256(key);
    std::memcpy(block, k.data(), k.size());
  } else {
    std::memcpy(block, key.data(), key.size());
  }
  uint8_t pad[SHA256_CBLOCK];
  for (size_t i = 0; i < sizeof pad; ++i) pad[i] = block[i] ^ 0x36;
  inner_.update(std::string_view(reinterpret_cast<const char*>(pad), sizeof pad));
  for (size_t i = 0; i < sizeof pad; ++i) pad[i] = block[i] ^ 0x5c;
  outer_.update(std::string_view(reinterpret_cast<const char*>(pad), sizeof pad));
}

Sha256Digest HmacSha256::mac(std::string_view data) const { return mac(data, {}); }

Sha256Digest HmacSha256::mac(std::string_view a, std::string_view b) const {
  Sha256 inner = inner_;
  inner.update(a);
  inner.update(b);
  Sha256Digest inner_digest = inner.finish();
  Sha256 outer = outer_;
  outer.update(as_bytes(inner_digest));
  return outer.finish();
}

Sha256Digest hmac_sha256(std::string_view key, std::string_view data) { return HmacSha256(key).mac(data); }

void append_hex(std::string& out, const Sha256Digest& d) {
  static constexpr char kDigits[] = "0123456789abcdef";
  for (uint8_t b : d) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
}

std::string to_hex(const Sha256Digest& d) {
  std::string out;
  out.reserve(64);
  append_hex(out, d);
  return out;
}

Sha256Digest sigv4_signing_key(std::string_view secret, std::string_view date8, std::string_view region,
                               std::string_view service) {
  std::string k = "AWS4";
  k += secret;
  Sha256Digest d = hmac_sha256(k, date8);
  d = hmac_sha256(as_bytes(d), region);
  d = hmac_sha256(as_bytes(d), service);
  return hmac_sha256(as_bytes(d), "aws4_request");
}

namespace {

bool unreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
         c == '.' || c == '~';
}

std::string_view trim_spaces(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  return v;
}

}  // namespace

void sigv4_uri_encode(std::string& out, std::string_view text, bool keep_slash) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  for (unsigned char c : text) {
    if (unreserved(c) || (keep_slash && c == '/')) {
      out += char(c);
    } else {
      out += '%';
      out += kDigits[c >> 4];
      out += kDigits[c & 15];
    }
  }
}

std::string sigv4_canonical_uri(std::string_view path) {
  if (path.empty()) return "/";
  std::string out;
  sigv4_uri_encode(out, path, true);
  return out;
}

std::string sigv4_canonical_query(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> params;
  while (!query.empty()) {
    size_t amp = query.find('&');
    std::string_view item = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (item.empty()) continue;
    size_t eq = item.find('=');
    std::string name, value;
    sigv4_uri_encode(name, percent_decode(item.substr(0, eq)), false);
    if (eq != std::string_view::npos) sigv4_uri_encode(value, percent_decode(item.substr(eq + 1)), false);
    params.emplace_back(std::move(name), std::move(value));
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [name, value] : params) {
    if (!out.empty()) out += '&';
    out += name;
    out += '=';
    out += value;
  }
  return out;
}

std::string sigv4_scope(std::string_view date8, std::string_view region, std::string_view service) {
  std::string s;
  s.append(date8).append("/").append(region).append("/").append(service).append("/aws4_request");
  return s;
}

SigV4Headers sigv4_normalize_headers(const std::vector<std::pair<std::string, std::string>>& headers) {
  SigV4Headers out;
  for (const auto& [name, value] : headers) {
    std::string n = name;
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    std::string v;
    bool space = false;
    for (char c : trim_spaces(value)) {
      if (c == ' ' || c == '\t') {
        space = true;
        continue;
      }
      if (space) v += ' ';
      space = false;
      v += c;
    }
    out.emplace_back(std::move(n), std::move(v));
  }
  // Stable: a repeated header keeps its values in the order sent (they are joined by ',').
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  SigV4Headers merged;
  for (auto& h : out) {
    if (!merged.empty() && merged.back().first == h.first) {
      merged.back().second += ',';
      merged.back().second += h.second;
    } else {
      merged.push_back(std::move(h));
    }
  }
  return merged;
}

std::string sigv4_signed_header_list(const SigV4Headers& normalized) {
  std::string out;
  for (const auto& h : normalized) {
    if (!out.empty()) out += ';';
    out += h.first;
  }
  return out;
}

std::string sigv4_canonical_request(std::string_view method, std::string_view canonical_uri,
                                    std::string_view canonical_query, const SigV4Headers& normalized,
                                    std::string_view payload_sha256_hex) {
  std::string out;
  out.append(method).append("\n").append(canonical_uri).append("\n").append(canonical_query).append("\n");
  for (const auto& [name, value] : normalized) out.append(name).append(":").append(value).append("\n");
  out.append("\n").append(sigv4_signed_header_list(normalized)).append("\n").append(payload_sha256_hex);
  return out;
}

std::string sigv4_string_to_sign(std::string_view amz_date, std::string_view scope,
                                 std::string_view canonical_request) {
  std::string out = "AWS4-HMAC-SHA256\n";
  out.append(amz_date).append("\n").append(scope).append("\n");
  append_hex(out, sha256(canonical_request));
  return out;
}

std::string sigv4_signature(const Sha256Digest& signing_key, std::string_view string_to_sign) {
  return to_hex(hmac_sha256(as_bytes(signing_key), string_to_sign));
}

void sigv4_amz_date(int64_t unix_seconds, char out[16]) {
  std::time_t t = std::time_t(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[17];
  std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
  std::memcpy(out, buf, 16);
}

}  // namespace aiperf
