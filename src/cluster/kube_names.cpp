#include "cluster/kube_names.h"

#include <regex>

#include "config/profile_config.h"

namespace aiperf {

namespace {

constexpr size_t kMaxNameLength = 47;  // + "-results-reader" (15) stays within a 63-byte label

bool matches_pattern(const std::string& text, const char* pattern) { return std::regex_match(text, std::regex(pattern)); }

void check_label_name(const std::string& option, const std::string& text, const std::string& what) {
  if (text.size() > 63 || !matches_pattern(text, "[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?"))
    throw ConfigError(option + ": '" + text + "' is not a valid label " + what +
                      " (at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit)");
}

}  // namespace

void check_kube_name(const std::string& option, const std::string& name) {
  if (name.size() > kMaxNameLength || !matches_pattern(name, "[a-z]([-a-z0-9]*[a-z0-9])?"))
    throw ConfigError(option + ": '" + name + "' is not a usable name (lower-case letters, digits and '-', starting with a "
                      "letter, at most " + std::to_string(kMaxNameLength) + " characters)");
}

void check_dns_subdomain(const std::string& option, const std::string& name) {
  if (name.size() > 253 || !matches_pattern(name, "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*"))
    throw ConfigError(option + ": '" + name + "' is not a valid Kubernetes name (lower-case letters, digits, '-' and '.')");
}

KubeLabel parse_kube_label(const std::string& option, const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) throw ConfigError(option + ": '" + text + "' is not KEY=VALUE");
  const std::string key = text.substr(0, eq), value = text.substr(eq + 1);
  const size_t slash = key.find('/');
  if (slash != std::string::npos) {
    check_dns_subdomain(option, key.substr(0, slash));
    check_label_name(option, key.substr(slash + 1), "key");
  } else {
    check_label_name(option, key, "key");
  }
  if (!value.empty()) check_label_name(option, value, "value");
  return {key, value};
}

void check_quantity(const std::string& option, const std::string& text) {
  if (!matches_pattern(text, "([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?"))
    throw ConfigError(option + ": '" + text + "' is not a Kubernetes quantity (e.g. 500m, 2, 4Gi)");
}

SecretKeyRef parse_secret_key_ref(const std::string& option, const std::string& text) {
  SecretKeyRef ref;
  const size_t colon = text.find(':');
  ref.name = text.substr(0, colon);
  if (colon != std::string::npos) ref.key = text.substr(colon + 1);
  check_dns_subdomain(option, ref.name);
  if (ref.key.empty() || ref.key.size() > 253 || !matches_pattern(ref.key, "[-._a-zA-Z0-9]+"))
    throw ConfigError(option + ": '" + ref.key + "' is not a valid Secret key (letters, digits, '-', '_' or '.')");
  return ref;
}

}  // namespace aiperf
