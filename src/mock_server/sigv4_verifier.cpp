#include "mock_server/sigv4_verifier.h"

#include <cstdlib>
#include <ctime>
#include <strings.h>

#include "common/sigv4.h"

namespace aiperf::mock {

namespace {

// Values of header `name` (any case), joined by ',' as SigV4 joins repeated headers; empty
// when absent. `found` says whether it was there at all.
std::string header_value(const std::vector<std::pair<std::string, std::string>>& headers, std::string_view name,
                         bool* found = nullptr) {
  std::string out;
  bool any = false;
  for (const auto& [n, v] : headers) {
    if (n.size() != name.size() || strncasecmp(n.data(), name.data(), name.size()) != 0) continue;
    if (any) out += ',';
    out += v;
    any = true;
  }
  if (found) *found = any;
  return out;
}

// "Key=value" from the comma-separated Authorization parameters.
std::string_view auth_param(std::string_view params, std::string_view key) {
  while (!params.empty()) {
    size_t comma = params.find(',');
    std::string_view item = params.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    if (item.size() > key.size() && item.substr(0, key.size()) == key && item[key.size()] == '=')
      return item.substr(key.size() + 1);
    params = comma == std::string_view::npos ? std::string_view() : params.substr(comma + 1);
  }
  return {};
}

int64_t parse_amz_date(std::string_view d) {
  if (d.size() != 16 || d[8] != 'T' || d[15] != 'Z') return -1;
  std::tm tm{};
  auto num = [&d](size_t at, size_t len) { return std::atoi(std::string(d.substr(at, len)).c_str()); };
  tm.tm_year = num(0, 4) - 1900;
  tm.tm_mon = num(4, 2) - 1;
  tm.tm_mday = num(6, 2);
  tm.tm_hour = num(9, 2);
  tm.tm_min = num(11, 2);
  tm.tm_sec = num(13, 2);
  return int64_t(timegm(&tm));
}

}  // namespace

std::string verify_sigv4(const SigV4Check& check, std::string_view method, std::string_view target,
                         const std::vector<std::pair<std::string, std::string>>& headers, std::string_view body) {
  bool has_auth = false;
  const std::string auth = header_value(headers, "authorization", &has_auth);
  if (!has_auth) return "Missing Authentication Token (no Authorization header)";
  constexpr std::string_view kScheme = "AWS4-HMAC-SHA256 ";
  if (auth.compare(0, kScheme.size(), kScheme) != 0) return "Authorization is not AWS4-HMAC-SHA256";
  const std::string_view params = std::string_view(auth).substr(kScheme.size());
  const std::string_view credential = auth_param(params, "Credential");
  const std::string_view signed_list = auth_param(params, "SignedHeaders");
  const std::string_view signature = auth_param(params, "Signature");
  if (credential.empty() || signed_list.empty() || signature.empty())
    return "Authorization lacks Credential, SignedHeaders or Signature";

  // Credential = <key id>/<date8>/<region>/<service>/aws4_request
  std::vector<std::string_view> parts;
  for (std::string_view rest = credential;;) {
    size_t slash = rest.find('/');
    parts.push_back(rest.substr(0, slash));
    if (slash == std::string_view::npos) break;
    rest = rest.substr(slash + 1);
  }
  if (parts.size() != 5 || parts[4] != "aws4_request") return "malformed Credential scope";
  if (!check.access_key_id.empty() && parts[0] != check.access_key_id)
    return "The security token included in the request is invalid (unknown access key id)";

  const std::string amz_date = header_value(headers, "x-amz-date");
  const int64_t signed_at = parse_amz_date(amz_date);
  if (signed_at < 0) return "missing or malformed X-Amz-Date";
  if (amz_date.compare(0, 8, parts[1]) != 0) return "Credential date does not match X-Amz-Date";
  if (std::llabs(signed_at - check.now_unix_s) > 15 * 60) return "Signature expired (X-Amz-Date more than 15 minutes off)";

  std::vector<std::pair<std::string, std::string>> signed_headers;
  bool host_signed = false;
  for (std::string_view rest = signed_list;;) {
    size_t semi = rest.find(';');
    std::string name(rest.substr(0, semi));
    bool found = false;
    std::string value = header_value(headers, name, &found);
    if (!found) return "signed header '" + name + "' is not in the request";
    host_signed = host_signed || name == "host";
    signed_headers.emplace_back(name, std::move(value));
    if (semi == std::string_view::npos) break;
    rest = rest.substr(semi + 1);
  }
  if (!host_signed) return "the Host header is not signed";

  const size_t q = target.find('?');
  const std::string_view path = target.substr(0, q);
  const std::string_view query = q == std::string_view::npos ? std::string_view() : target.substr(q + 1);
  const std::string creq = sigv4_canonical_request(method, sigv4_canonical_uri(path), sigv4_canonical_query(query),
                                                   sigv4_normalize_headers(signed_headers), to_hex(sha256(body)));
  const std::string sts = sigv4_string_to_sign(amz_date, sigv4_scope(parts[1], parts[2], parts[3]), creq);
  const std::string expected =
      sigv4_signature(sigv4_signing_key(check.secret_access_key, parts[1], parts[2], parts[3]), sts);
  if (expected != signature)
    return "The request signature we calculated does not match the signature you provided";
  return {};
}

}  // namespace aiperf::mock
