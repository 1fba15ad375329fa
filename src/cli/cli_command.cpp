#include "cli/cli_command.h"

#include <cctype>
#include <string_view>

#include "cli/url_flags.h"
#include "common/credential_header.h"

namespace aiperf {
namespace {

// Keeps the header name so the line still shows which header was sent; a JSON object of
// headers naming any credential is hidden whole.
std::string redact_header_item(const std::string& item) {
  if (item.find('{') != std::string::npos) return is_credential_header(item) ? kRedacted : item;
  auto colon = item.find(':');
  if (colon == std::string::npos || !is_credential_header(item.substr(0, colon))) return item;
  return item.substr(0, colon) + ":" + kRedacted;
}

// The value of an option that may hold a secret, as it may be shown.
std::string redact_value(const std::string& option, const std::string& value) {
  if (option == "--api-key") return kRedacted;
  if (option == "--header" || option == "-H") return redact_header_item(value);
  // Every option that takes a URL: a user:password in it is a secret too.
  static const char* const kUrlOptions[] = {"--url", "-u", "--otel-url", "--mlflow-tracking-uri", "--server-metrics",
                                            "--gpu-telemetry"};
  for (const char* o : kUrlOptions)
    if (option == o) return redact_url_credentials(value);
  return value;
}

bool is_option(const std::string& word) {
  // "-1" and "-.5" are negative numbers given as values, not options.
  return word.size() > 1 && word[0] == '-' && !std::isdigit(static_cast<unsigned char>(word[1])) &&
         word[1] != '.';
}

}  // namespace


std::vector<std::string> redact_cli_args(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  std::string current;  // the option whose values follow
  for (const std::string& arg : args) {
    std::string word = arg;
    if (arg.size() > 2 && (arg.rfind("-H", 0) == 0 || arg.rfind("-u", 0) == 0)) {  // value attached: -HName:Value
      current = arg.substr(0, 2);
      word = current + redact_value(current, arg.substr(2));
    } else if (is_option(arg)) {
      auto eq = arg.find('=');
      current = arg.substr(0, eq);
      if (eq != std::string::npos) word = current + "=" + redact_value(current, arg.substr(eq + 1));
    } else {
      word = redact_value(current, arg);
    }
    out.push_back(std::move(word));
  }
  return out;
}

std::string reconstruct_cli_command(const std::vector<std::string>& args) {
  std::string line = "aiperf profile";
  for (const std::string& word : redact_cli_args(args)) {
    line += ' ';
    line += shell_quote(word);
  }
  return line;
}

}  // namespace aiperf
