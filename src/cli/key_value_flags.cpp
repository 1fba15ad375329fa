#include "cli/key_value_flags.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "cli/request_head_text.h"
#include "config/profile_config.h"
#include "config/user_json_nesting.h"

namespace aiperf {
namespace {

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

bool looks_like_json_object(const std::string& item) {
  std::string t = trim(item);
  return !t.empty() && t.front() == '{';
}

// nlohmann's message reads "[json.exception.parse_error.101] parse error at line 1, column 9:
// syntax error ..."; keep the position and the reason, drop the exception id.
std::string describe_parse_error(const nlohmann::json::parse_error& e) {
  std::string msg = e.what();
  auto at = msg.find("parse error");
  if (at != std::string::npos) msg = msg.substr(at);
  for (char& c : msg)
    if (c == '\n' || c == '\r') c = ' ';
  return msg + " (byte " + std::to_string(e.byte) + ")";
}

// Ordered: keys reach the request body and the headers in the order the user wrote them.
nlohmann::ordered_json parse_json_object(std::string_view flag, const std::string& item) {
  require_json_nesting(item, std::string(flag));
  nlohmann::ordered_json parsed;
  try {
    parsed = nlohmann::ordered_json::parse(item);
  } catch (const nlohmann::json::parse_error& e) {
    throw ConfigError(std::string(flag) + ": invalid JSON object: " + describe_parse_error(e));
  }
  if (!parsed.is_object())
    throw ConfigError(std::string(flag) + ": expected a JSON object, got " + parsed.dump());
  return parsed;
}

std::pair<std::string, std::string> split_pair(std::string_view flag, std::string_view what,
                                               const std::string& item) {
  auto colon = item.find(':');
  std::string key = colon == std::string::npos ? "" : trim(std::string_view(item).substr(0, colon));
  if (key.empty())
    throw ConfigError(std::string(flag) + ": expected " + std::string(what) +
                      " or a JSON object, got '" + item + "'");
  return {key, item.substr(colon + 1)};
}

}  // namespace

nlohmann::ordered_json parse_extra_inputs(const std::vector<std::string>& items) {
  constexpr std::string_view kFlag = "--extra-inputs";
  nlohmann::ordered_json merged = nlohmann::ordered_json::object();
  for (const std::string& item : items) {
    if (looks_like_json_object(item)) {
      nlohmann::ordered_json object = parse_json_object(kFlag, item);  // items() must not outlive it
      for (const auto& [k, v] : object.items()) merged[k] = v;
      continue;
    }
    auto [key, raw] = split_pair(kFlag, "key:value", item);
    std::string value = trim(raw);
    // `temperature:0.7` and `ignore_eos:true` must reach the server typed, `foo:bar` as text.
    // A value that opens an object or array was meant as JSON: a typo there is an error, not
    // a string silently sent to the server.
    if (!value.empty() && (value.front() == '{' || value.front() == '[')) {
      require_json_nesting(value, std::string(kFlag) + " value of '" + key + "'");
      try {
        merged[key] = nlohmann::ordered_json::parse(value);
      } catch (const nlohmann::json::parse_error& e) {
        throw ConfigError(std::string(kFlag) + ": invalid JSON in the value of '" + key +
                          "': " + describe_parse_error(e));
      }
      continue;
    }
    nlohmann::ordered_json decoded = nlohmann::ordered_json::parse(value, nullptr, /*allow_exceptions=*/false);
    merged[key] = decoded.is_discarded() ? nlohmann::ordered_json(value) : decoded;
  }
  return merged;
}

std::vector<std::pair<std::string, std::string>> parse_headers(
    const std::vector<std::string>& items) {
  constexpr std::string_view kFlag = "-H/--header";
  std::vector<std::pair<std::string, std::string>> headers;
  auto add = [&](std::string name, std::string value) {
    // A name is an HTTP token; a value may hold no control byte but HTAB (RFC 9110 §5.1, §5.5):
    // a CR or LF would smuggle extra header lines into the request.
    const bool bad_value = std::any_of(value.begin(), value.end(), [](char c) {
      return c != '\t' && is_control_byte(static_cast<unsigned char>(c));
    });
    if (!is_http_token(name) || bad_value)
      throw ConfigError(std::string(kFlag) + ": invalid header '" +
                        (is_http_token(name) ? name : std::string("<not a header name>")) + "'" +
                        (bad_value ? " (its value has a control character)" : ""));
    headers.emplace_back(std::move(name), std::move(value));
  };
  for (const std::string& item : items) {
    if (looks_like_json_object(item)) {
      nlohmann::ordered_json object = parse_json_object(kFlag, item);  // items() must not outlive it
      for (const auto& [name, value] : object.items())
        add(name, value.is_string() ? value.get<std::string>() : value.dump());
      continue;
    }
    auto [name, value] = split_pair(kFlag, "Name:Value", item);
    add(name, trim(value));
  }
  return headers;
}

}  // namespace aiperf
