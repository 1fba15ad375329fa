#include "cli/sequence_distribution_flag.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "common/trim.h"
#include "config/user_json_nesting.h"

namespace aiperf {
namespace {

constexpr const char* kPairShape = "ISL[|STDDEV],OSL[|STDDEV]:WEIGHT";

class PairParser {
 public:
  explicit PairParser(std::string_view flag) : flag_(flag) {}

  [[noreturn]] void fail(std::string_view what, std::string_view piece) const {
    throw ConfigError(std::string(flag_) + ": " + std::string(what) + " '" + std::string(piece) +
                      "' (expected " + kPairShape + ")");
  }

  int64_t length(std::string_view text, std::string_view pair) const {
    text = trim_whitespace(text);
    int64_t v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
      fail("length '" + std::string(text) + "' is not an integer in pair", pair);
    if (v < 1) fail("lengths must be >= 1 in pair", pair);
    return v;
  }

  double non_negative(std::string_view text, std::string_view pair, const char* what) const {
    text = trim_whitespace(text);
    std::string s(text);
    size_t used = 0;
    double v = 0;
    try {
      v = std::stod(s, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (s.empty() || used != s.size() || !std::isfinite(v))
      fail(std::string(what) + " '" + s + "' is not a number in pair", pair);
    if (v < 0) fail(std::string(what) + " must be >= 0 in pair", pair);
    return v;
  }

  // "N" or "N|SD".
  void mean_and_stddev(std::string_view text, std::string_view pair, int64_t& mean,
                       double& stddev) const {
    size_t bar = text.find('|');
    mean = length(text.substr(0, bar), pair);
    stddev = bar == std::string_view::npos ? 0.0 : non_negative(text.substr(bar + 1), pair, "stddev");
  }

  // "ISL[|SD],OSL[|SD]" plus its weight text.
  SequenceLengthBucket bucket(std::string_view lengths, std::string_view weight,
                              std::string_view pair) const {
    size_t comma = lengths.find(',');
    if (comma == std::string_view::npos || lengths.find(',', comma + 1) != std::string_view::npos)
      fail("need exactly one ISL,OSL in pair", pair);
    SequenceLengthBucket b;
    mean_and_stddev(lengths.substr(0, comma), pair, b.isl_mean, b.isl_stddev);
    mean_and_stddev(lengths.substr(comma + 1), pair, b.osl_mean, b.osl_stddev);
    b.weight = non_negative(weight, pair, "weight");
    return b;
  }

  std::vector<SequenceLengthBucket> semicolons(std::string_view text) const {
    std::vector<SequenceLengthBucket> out;
    while (!text.empty()) {
      size_t semi = text.find(';');
      std::string_view pair = trim_whitespace(text.substr(0, semi));
      text.remove_prefix(semi == std::string_view::npos ? text.size() : semi + 1);
      if (pair.empty()) continue;  // a trailing ';' is harmless
      size_t colon = pair.rfind(':');
      if (colon == std::string_view::npos) fail("missing ':WEIGHT' in pair", pair);
      out.push_back(bucket(pair.substr(0, colon), pair.substr(colon + 1), pair));
    }
    return out;
  }

  std::vector<SequenceLengthBucket> brackets(std::string_view text) const {
    if (text.back() != ']') fail("missing closing ']' in", text);
    std::string_view rest = trim_whitespace(text.substr(1, text.size() - 2));
    std::vector<SequenceLengthBucket> out;
    while (!rest.empty()) {
      if (rest.front() != '(') fail("expected '(' at", rest);
      size_t close = rest.find(')');
      if (close == std::string_view::npos) fail("missing ')' in", rest);
      size_t next = rest.find(',', close);
      std::string_view pair = trim_whitespace(rest.substr(0, next));
      std::string_view after = trim_whitespace(rest.substr(close + 1, next == std::string_view::npos
                                                               ? std::string_view::npos
                                                               : next - close - 1));
      if (after.empty() || after.front() != ':') fail("missing ':WEIGHT' in pair", pair);
      out.push_back(bucket(rest.substr(1, close - 1), after.substr(1), pair));
      rest = next == std::string_view::npos ? std::string_view() : trim_whitespace(rest.substr(next + 1));
    }
    return out;
  }

  std::vector<SequenceLengthBucket> json(std::string_view text) const {
    require_json_nesting(text, std::string(flag_));
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) fail("invalid JSON", text);
    auto pairs = doc.find("pairs");
    if (pairs == doc.end() || !pairs->is_array() || doc.size() != 1)
      fail("JSON must be {\"pairs\":[...]}, got", text);
    std::vector<SequenceLengthBucket> out;
    for (const nlohmann::json& p : *pairs) {
      std::string piece = p.dump();
      if (!p.is_object()) fail("JSON pair is not an object:", piece);
      for (const auto& [key, value] : p.items()) {
        if (key != "isl" && key != "isl_stddev" && key != "osl" && key != "osl_stddev" &&
            key != "prob")
          fail("unknown key '" + key + "' in JSON pair", piece);
        if (!value.is_number()) fail("'" + key + "' is not a number in JSON pair", piece);
      }
      if (!p.contains("isl") || !p.contains("osl") || !p.contains("prob"))
        fail("JSON pair needs isl, osl and prob:", piece);
      auto text_of = [&](const char* key) {
        return p.contains(key) ? p[key].dump() : std::string("0");
      };
      SequenceLengthBucket b;
      b.isl_mean = length(text_of("isl"), piece);
      b.isl_stddev = non_negative(text_of("isl_stddev"), piece, "stddev");
      b.osl_mean = length(text_of("osl"), piece);
      b.osl_stddev = non_negative(text_of("osl_stddev"), piece, "stddev");
      b.weight = non_negative(text_of("prob"), piece, "weight");
      out.push_back(b);
    }
    return out;
  }

 private:
  std::string_view flag_;
};

}  // namespace

std::vector<SequenceLengthBucket> parse_sequence_distribution(std::string_view flag,
                                                              std::string_view text) {
  PairParser parser(flag);
  text = trim_whitespace(text);
  if (text.empty()) throw ConfigError(std::string(flag) + ": empty distribution");
  std::vector<SequenceLengthBucket> buckets = text.front() == '{'   ? parser.json(text)
                                              : text.front() == '[' ? parser.brackets(text)
                                                                    : parser.semicolons(text);
  double total = 0;
  for (const SequenceLengthBucket& b : buckets) total += b.weight;
  if (buckets.empty()) throw ConfigError(std::string(flag) + ": no ISL,OSL pairs in '" + std::string(text) + "'");
  if (!(total > 0)) throw ConfigError(std::string(flag) + ": the weights must not all be 0");
  return buckets;
}

}  // namespace aiperf
