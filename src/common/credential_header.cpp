#include "common/credential_header.h"

#include <cctype>
#include <string>

namespace aiperf {

bool is_credential_header(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view word : {"auth", "token", "secret", "key", "password", "passwd", "session", "cookie",
                                "credential"})
    if (lower.find(word) != std::string::npos) return true;
  return false;
}

}  // namespace aiperf
