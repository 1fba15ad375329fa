#pragma once
// The mock's --sigv4-secret-key mode: checks each request's AWS SigV4 signature the way an AWS
// front door would (the signed headers, the body hash, the credential scope's date, and a
// clock skew of at most 15 minutes), so a client's signing can be tested end to end.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aiperf::mock {

struct SigV4Check {
  std::string_view secret_access_key;
  std::string_view access_key_id;  // empty: any key id is accepted
  int64_t now_unix_s = 0;
};

// "" when the signature is valid; otherwise why not, one line (sent back in the 403 body).
std::string verify_sigv4(const SigV4Check& check, std::string_view method, std::string_view target,
                         const std::vector<std::pair<std::string, std::string>>& headers, std::string_view body);

}  // namespace aiperf::mock
