#include "telemetry/prometheus_text.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace aiperf {

namespace {

bool name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':'; }
bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9'); }
bool blank(char c) { return c == ' ' || c == '\t'; }

// Reads one line of text at a time; `pos` moves past it.
class Cursor {
 public:
  explicit Cursor(std::string_view line) : s_(line) {}
  bool done() const { return i_ >= s_.size(); }
  char peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
  void skip_blanks() {
    while (i_ < s_.size() && blank(s_[i_])) ++i_;
  }
  bool eat(char c) {
    if (peek() != c) return false;
    ++i_;
    return true;
  }
  std::string_view name() {
    const size_t start = i_;
    if (i_ < s_.size() && name_start(s_[i_]))
      while (i_ < s_.size() && name_char(s_[i_])) ++i_;
    return s_.substr(start, i_ - start);
  }
  // A double-quoted string with \\ \" \n escapes; false when unterminated or badly escaped.
  bool quoted(std::string& out) {
    if (!eat('"')) return false;
    out.clear();
    while (i_ < s_.size()) {
      const char c = s_[i_++];
      if (c == '"') return true;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) return false;
      const char e = s_[i_++];
      if (e == 'n') out += '\n';
      else if (e == '\\' || e == '"') out += e;
      else return false;
    }
    return false;
  }
  std::string_view token() {
    const size_t start = i_;
    while (i_ < s_.size() && !blank(s_[i_])) ++i_;
    return s_.substr(start, i_ - start);
  }
  std::string_view rest() const { return s_.substr(std::min(i_, s_.size())); }

 private:
  std::string_view s_;
  size_t i_ = 0;
};

// Prometheus floats: Go's ParseFloat spellings, +Inf/-Inf/NaN in any case.
std::optional<double> parse_value(std::string_view t) {
  if (t.empty()) return std::nullopt;
  bool negative = false;
  if (t[0] == '+' || t[0] == '-') {
    negative = t[0] == '-';
    t.remove_prefix(1);
  }
  auto lower_is = [&](std::string_view word) {
    if (t.size() != word.size()) return false;
    for (size_t i = 0; i < t.size(); ++i)
      if (char(t[i] | 0x20) != word[i]) return false;
    return true;
  };
  if (lower_is("inf") || lower_is("infinity"))
    return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  if (lower_is("nan")) return std::numeric_limits<double>::quiet_NaN();
  if (t.empty() || t[0] == '+' || t[0] == '-') return std::nullopt;
  double v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec == std::errc::result_out_of_range) {
    // Beyond double's range: Go saturates to ±Inf or 0; so do we.
    bool big = true;
    for (char c : t)
      if (c == 'e' || c == 'E') big = t.find("e-") == std::string_view::npos && t.find("E-") == std::string_view::npos;
    v = big ? std::numeric_limits<double>::infinity() : 0.0;
  } else if (ec != std::errc() || end != t.data() + t.size()) {
    // from_chars has no hex floats in the general format; Go accepts 0x1p-2.
    if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
      const auto [hend, hec] = std::from_chars(t.data() + 2, t.data() + t.size(), v, std::chars_format::hex);
      if (hec != std::errc() || hend != t.data() + t.size()) return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  return negative ? -v : v;
}

PromType parse_type(std::string_view t) {
  if (t == "counter") return PromType::counter;
  if (t == "gauge") return PromType::gauge;
  if (t == "histogram") return PromType::histogram;
  if (t == "summary") return PromType::summary;
  if (t == "info") return PromType::info;
  if (t == "stateset") return PromType::stateset;
  if (t == "gaugehistogram") return PromType::gaugehistogram;
  return PromType::unknown;  // "untyped" and "unknown"
}

// HELP text escapes: \\ and \n (Prometheus); OpenMetrics adds \".
std::string unescape_help(std::string_view t) {
  std::string out;
  out.reserve(t.size());
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '\\' && i + 1 < t.size()) {
      const char e = t[i + 1];
      if (e == 'n' || e == '\\' || e == '"') {
        out += e == 'n' ? '\n' : e;
        ++i;
        continue;
      }
    }
    out += t[i];
  }
  return out;
}

// The suffixes a family's samples may carry, by type.
bool suffix_fits(PromType type, std::string_view suffix) {
  if (suffix.empty()) return type != PromType::histogram && type != PromType::gaugehistogram && type != PromType::info;
  if (suffix == "_created") return type == PromType::counter || type == PromType::histogram || type == PromType::summary;
  switch (type) {
    case PromType::counter: return suffix == "_total";
    case PromType::histogram: return suffix == "_bucket" || suffix == "_sum" || suffix == "_count";
    case PromType::gaugehistogram: return suffix == "_bucket" || suffix == "_gsum" || suffix == "_gcount";
    case PromType::summary: return suffix == "_sum" || suffix == "_count";
    case PromType::info: return suffix == "_info";
    default: return false;
  }
}

constexpr std::string_view kSuffixes[] = {"_total", "_bucket", "_count", "_sum", "_created", "_gsum", "_gcount", "_info"};

class Parser {
 public:
  PromParseResult run(std::string_view text) {
    size_t line_no = 0;
    size_t pos = 0;
    while (pos < text.size()) {
      size_t end = text.find('\n', pos);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(pos, end - pos);
      pos = end + 1;
      ++line_no;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line == "# EOF") break;  // OpenMetrics: nothing after it counts
      std::string problem = line.empty() ? std::string() : line[0] == '#' ? comment(line) : sample(line);
      if (!problem.empty()) {
        ++out_.error_count;
        if (out_.errors.size() < PromParseResult::kMaxErrors)
          out_.errors.push_back("line " + std::to_string(line_no) + ": " + problem);
      }
    }
    return std::move(out_);
  }

 private:
  PromFamily& family(std::string_view name) {
    auto it = index_.find(std::string(name));
    if (it != index_.end()) return out_.families[it->second];
    index_.emplace(std::string(name), out_.families.size());
    PromFamily& f = out_.families.emplace_back();
    f.name = std::string(name);
    return f;
  }

  std::string comment(std::string_view line) {
    Cursor c(line.substr(1));
    c.skip_blanks();
    const std::string_view keyword = c.token();
    if (keyword != "HELP" && keyword != "TYPE" && keyword != "UNIT") return {};  // a plain comment
    c.skip_blanks();
    const std::string_view name = c.name();
    if (name.empty()) return std::string("# ") + std::string(keyword) + " without a metric name";
    if (!c.done() && !blank(c.peek())) return std::string("# ") + std::string(keyword) + ": bad metric name";
    c.skip_blanks();
    PromFamily& f = family(name);
    if (keyword == "HELP") {
      f.help = unescape_help(c.rest());
    } else if (keyword == "UNIT") {
      f.unit = std::string(c.rest());
    } else {
      const std::string_view t = c.token();
      if (!f.samples.empty()) return "# TYPE for " + std::string(name) + " after its samples";
      f.type = parse_type(t);
      if (f.type == PromType::unknown && t != "untyped" && t != "unknown")
        return "unknown metric type '" + std::string(t) + "'";
    }
    return {};
  }

  std::string sample(std::string_view line) {
    Cursor c(line);
    std::string quoted_name;
    std::string_view name = c.name();
    PromSample s;
    bool open_brace = false;
    if (name.empty()) {
      // OpenMetrics 2 / Prometheus 3: {"metric.name", label="v"}
      if (!c.eat('{') || !c.quoted(quoted_name)) return "expected a metric name";
      name = quoted_name;
      open_brace = true;
      c.skip_blanks();
      if (!c.eat(',') && c.peek() != '}') return "expected ',' or '}' after the quoted metric name";
    } else {
      c.skip_blanks();
      open_brace = c.eat('{');
    }
    if (open_brace) {
      std::string value;
      for (;;) {
        c.skip_blanks();
        if (c.eat('}')) break;
        std::string key;
        if (c.peek() == '"') {
          if (!c.quoted(key)) return "bad quoted label name";
        } else {
          key = std::string(c.name());
        }
        if (key.empty()) return "expected a label name";
        c.skip_blanks();
        if (!c.eat('=')) return "expected '=' after label " + key;
        c.skip_blanks();
        if (!c.quoted(value)) return "label " + key + ": expected a quoted value";
        s.labels.emplace_back(std::move(key), value);
        c.skip_blanks();
        if (c.eat(',')) continue;
        if (c.eat('}')) break;
        return "expected ',' or '}' in the labels";
      }
    }
    c.skip_blanks();
    const std::optional<double> v = parse_value(c.token());
    if (!v) return "bad value for " + std::string(name);
    s.value = *v;
    c.skip_blanks();
    if (!c.done() && c.peek() != '#') {
      const std::optional<double> ts = parse_value(c.token());
      if (!ts || !std::isfinite(*ts)) return "bad timestamp for " + std::string(name);
      s.timestamp = ts;
      c.skip_blanks();
    }
    if (!c.done() && c.peek() != '#') return "unexpected text after the value of " + std::string(name);
    // Anything after '#' is an OpenMetrics exemplar: not kept.

    PromFamily* f = nullptr;
    if (auto it = index_.find(std::string(name)); it != index_.end() && suffix_fits(out_.families[it->second].type, "")) {
      f = &out_.families[it->second];
    } else {
      for (std::string_view suffix : kSuffixes) {
        if (name.size() <= suffix.size() || name.substr(name.size() - suffix.size()) != suffix) continue;
        auto base = index_.find(std::string(name.substr(0, name.size() - suffix.size())));
        if (base == index_.end() || !suffix_fits(out_.families[base->second].type, suffix)) continue;
        f = &out_.families[base->second];
        s.suffix = std::string(suffix);
        break;
      }
    }
    if (!f) f = &family(name);  // untyped, or a family declared under this exact name
    if (s.suffix.empty() && f->name != name) s.suffix = std::string(name.substr(f->name.size()));
    f->samples.push_back(std::move(s));
    ++out_.sample_count;
    return {};
  }

  PromParseResult out_;
  std::unordered_map<std::string, size_t> index_;
};

}  // namespace

const char* prom_type_name(PromType t) {
  switch (t) {
    case PromType::counter: return "counter";
    case PromType::gauge: return "gauge";
    case PromType::histogram: return "histogram";
    case PromType::summary: return "summary";
    case PromType::info: return "info";
    case PromType::stateset: return "stateset";
    case PromType::gaugehistogram: return "gaugehistogram";
    case PromType::unknown: break;
  }
  return "unknown";
}

PromParseResult parse_prometheus_text(std::string_view text) { return Parser().run(text); }

const std::string* find_label(const PromLabels& labels, std::string_view name) {
  for (const auto& [k, v] : labels)
    if (k == name) return &v;
  return nullptr;
}

}  // namespace aiperf
