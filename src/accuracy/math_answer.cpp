#include "accuracy/math_answer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>
#include <vector>

#include "common/trim.h"

namespace aiperf {
namespace {

bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

// Index just past the group that opens at `open` ('{'), or npos when it never closes.
size_t group_end(std::string_view s, size_t open) {
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == '{')
      ++depth;
    else if (s[i] == '}' && --depth == 0)
      return i + 1;
  }
  return std::string_view::npos;
}

// \text{x}, \mathrm{x}, ... -> x.
void unwrap_commands(std::string& s) {
  for (std::string_view cmd : {"\\text", "\\textbf", "\\mathrm", "\\mathbf", "\\mbox", "\\boxed"}) {
    for (size_t at = s.find(cmd); at != std::string::npos; at = s.find(cmd, at)) {
      const size_t open = at + cmd.size();
      if (open >= s.size() || s[open] != '{') {
        at = open;
        continue;
      }
      const size_t end = group_end(s, open);
      if (end == std::string::npos) break;
      s = s.substr(0, at) + s.substr(open + 1, end - open - 2) + s.substr(end);
    }
  }
}

// "1,234,567.5" -> "1234567.5"; anything else unchanged.
std::string without_thousands(const std::string& s) {
  if (s.empty()) return s;
  size_t i = s[0] == '-' ? 1 : 0;
  size_t digits = 0;
  while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  if (digits == 0 || digits > 3 || i >= s.size() || s[i] != ',') return s;
  while (i < s.size() && s[i] == ',') {
    size_t run = 0;
    for (++i; i < s.size() && is_digit(s[i]); ++i) ++run;
    if (run != 3) return s;
  }
  if (i < s.size() && s[i] == '.') {
    for (++i; i < s.size() && is_digit(s[i]);) ++i;
  }
  if (i != s.size()) return s;
  std::string out;
  for (char ch : s)
    if (ch != ',') out += ch;
  return out;
}

bool is_plain_integer(std::string_view s) {
  if (!s.empty() && s[0] == '-') s.remove_prefix(1);
  return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
}

// Comma-separated items at bracket depth 0.
std::vector<std::string> top_level_items(std::string_view s) {
  std::vector<std::string> items;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (ch == '(' || ch == '[' || ch == '{')
      ++depth;
    else if (ch == ')' || ch == ']' || ch == '}')
      --depth;
    else if (ch == ',' && depth == 0) {
      items.emplace_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  items.emplace_back(s.substr(start));
  return items;
}

// Recursive descent over a normalized answer (see math_value).
class ValueParser {
 public:
  explicit ValueParser(std::string_view s) : s_(s) {}
  std::optional<double> parse() {
    const std::optional<double> v = expr();
    if (!v || pos_ != s_.size() || !std::isfinite(*v)) return std::nullopt;
    return v;
  }

 private:
  bool eat(std::string_view token) {
    if (s_.substr(pos_, token.size()) != token) return false;
    pos_ += token.size();
    return true;
  }
  std::optional<double> expr() {
    std::optional<double> v = term();
    while (v) {
      if (eat("+")) {
        const auto r = term();
        v = r ? std::optional(*v + *r) : std::nullopt;
      } else if (pos_ < s_.size() && s_[pos_] == '-') {
        ++pos_;
        const auto r = term();
        v = r ? std::optional(*v - *r) : std::nullopt;
      } else {
        break;
      }
    }
    return v;
  }
  bool starts_factor() const {
    if (pos_ >= s_.size()) return false;
    const char ch = s_[pos_];
    return is_digit(ch) || ch == '(' || ch == '{' || ch == '.' ||
           (ch == '\\' &&
            (s_.substr(pos_, 5) == "\\frac" || s_.substr(pos_, 5) == "\\sqrt" || s_.substr(pos_, 3) == "\\pi"));
  }
  std::optional<double> term() {
    std::optional<double> v = power();
    while (v) {
      if (eat("*") || eat("\\cdot") || eat("\\times")) {
        const auto r = power();
        v = r ? std::optional(*v * *r) : std::nullopt;
      } else if (eat("/") || eat("\\div")) {
        const auto r = power();
        v = r && *r != 0 ? std::optional(*v / *r) : std::nullopt;
      } else if (starts_factor()) {  // implicit product: 2\sqrt{3}, 3\pi, 2(1+x)
        const auto r = power();
        v = r ? std::optional(*v * *r) : std::nullopt;
      } else {
        break;
      }
    }
    return v;
  }
  std::optional<double> power() {
    if (pos_ < s_.size() && s_[pos_] == '-') {
      ++pos_;
      const auto v = power();
      return v ? std::optional(-*v) : std::nullopt;
    }
    const auto base = primary();
    if (base && eat("^")) {
      const auto e = power();
      return e ? std::optional(std::pow(*base, *e)) : std::nullopt;
    }
    return base;
  }
  std::optional<double> group(char open, char close) {
    if (pos_ >= s_.size() || s_[pos_] != open) return std::nullopt;
    ++pos_;
    const auto v = expr();
    if (!v || pos_ >= s_.size() || s_[pos_] != close) return std::nullopt;
    ++pos_;
    return v;
  }
  // \frac12 and \sqrt2: one digit without braces, as LaTeX reads them.
  std::optional<double> argument() {
    if (pos_ < s_.size() && is_digit(s_[pos_])) return double(s_[pos_++] - '0');
    return group('{', '}');
  }
  std::optional<double> primary() {
    if (pos_ >= s_.size()) return std::nullopt;
    if (eat("\\frac")) {
      const auto n = argument();
      const auto d = n ? argument() : std::nullopt;
      return d && *d != 0 ? std::optional(*n / *d) : std::nullopt;
    }
    if (eat("\\sqrt")) {
      double degree = 2;
      if (pos_ < s_.size() && s_[pos_] == '[') {
        const auto n = group('[', ']');
        if (!n) return std::nullopt;
        degree = *n;
      }
      const auto v = argument();
      return v && *v >= 0 ? std::optional(std::pow(*v, 1.0 / degree)) : std::nullopt;
    }
    if (eat("\\pi")) return std::numbers::pi;
    if (s_[pos_] == '(') return group('(', ')');
    if (s_[pos_] == '{') return group('{', '}');
    const size_t start = pos_;
    while (pos_ < s_.size() && (is_digit(s_[pos_]) || s_[pos_] == '.')) ++pos_;
    if (pos_ == start) return std::nullopt;
    const std::string digits(s_.substr(start, pos_ - start));
    if (std::count(digits.begin(), digits.end(), '.') > 1 || digits == ".") return std::nullopt;
    return std::strtod(digits.c_str(), nullptr);
  }

  std::string_view s_;
  size_t pos_ = 0;
};

bool close_values(double a, double b) {
  return std::fabs(a - b) <= std::max(1e-4, 1e-9 * std::max(std::fabs(a), std::fabs(b)));
}

bool same_value(const std::string& a, const std::string& b) {
  if (a == b || lowered(a) == lowered(b)) return true;
  const std::optional<double> va = math_value(a), vb = math_value(b);
  if (!va || !vb) return false;
  // Upstream's math_equal(include_percentage=True): 50 matches 0.5 and 5000.
  return close_values(*va, *vb) || close_values(*va, *vb / 100) || close_values(*va, *vb * 100);
}

}  // namespace

std::optional<std::string> last_boxed(std::string_view text) {
  size_t at = std::string_view::npos;
  size_t name = 0;
  for (std::string_view cmd : {"\\boxed", "\\fbox"}) {
    const size_t found = text.rfind(cmd);
    if (found != std::string_view::npos && (at == std::string_view::npos || found > at)) {
      at = found;
      name = cmd.size();
    }
  }
  if (at == std::string_view::npos) return std::nullopt;
  size_t open = at + name;
  while (open < text.size() && text[open] == ' ') ++open;
  if (open < text.size() && text[open] == '{') {
    const size_t end = group_end(text, open);
    if (end == std::string_view::npos) return std::nullopt;
    return std::string(trim_whitespace(text.substr(open + 1, end - open - 2)));
  }
  // "\boxed 5": up to the next space or '$'.
  const size_t end = text.find_first_of(" $\n", open);
  std::string out(trim_whitespace(text.substr(open, end == std::string_view::npos ? end : end - open)));
  return out.empty() ? std::nullopt : std::optional(out);
}

std::optional<std::string> answer_phrase(std::string_view text) {
  const std::string low = lowered(text);
  size_t best = std::string::npos, best_end = 0;
  for (std::string_view phrase : {"answer is", "answer:", "final answer"}) {
    const size_t at = low.rfind(phrase);
    if (at != std::string::npos && (best == std::string::npos || at > best)) {
      best = at;
      best_end = at + phrase.size();
    }
  }
  if (best == std::string::npos) return std::nullopt;
  std::string_view tail = text.substr(best_end);
  tail = tail.substr(0, tail.find('\n'));
  if (auto boxed = last_boxed(tail)) return boxed;
  tail = trim_whitespace(tail);
  while (!tail.empty() && (tail.front() == ':' || tail.front() == '*' || tail.front() == ' ')) tail.remove_prefix(1);
  if (lowered(tail.substr(0, 3)) == "is ") tail.remove_prefix(3);
  while (!tail.empty() && (tail.back() == '.' || tail.back() == '*' || tail.back() == ' ')) tail.remove_suffix(1);
  tail = trim_whitespace(tail);
  if (tail.empty()) return std::nullopt;
  return std::string(tail);
}

std::optional<std::string> last_number(std::string_view text) {
  std::optional<std::string> last;
  for (size_t i = 0; i < text.size();) {
    if (!is_digit(text[i])) {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < text.size() && (is_digit(text[i]) || text[i] == ',' || text[i] == '.' || text[i] == '/')) ++i;
    std::string run(text.substr(start, i - start));
    while (!run.empty() && !is_digit(run.back())) run.pop_back();
    std::string plain = without_thousands(run);
    // "1,2,3": commas that are not thousands separators end numbers.
    if (plain.find(',') != std::string::npos) plain = plain.substr(plain.rfind(',') + 1);
    if (start > 0 && text[start - 1] == '-') plain.insert(0, "-");
    last = plain;
  }
  return last;
}

std::string normalize_math_answer(std::string_view answer) {
  std::string s(trim_whitespace(answer));
  replace_all(s, "\n", "");
  replace_all(s, "\\!", "");
  replace_all(s, "\\left", "");
  replace_all(s, "\\right", "");
  replace_all(s, "\\dfrac", "\\frac");
  replace_all(s, "\\tfrac", "\\frac");
  replace_all(s, "^{\\circ}", "");
  replace_all(s, "^\\circ", "");
  replace_all(s, "\\$", "");
  replace_all(s, "$", "");
  replace_all(s, "\\%", "");
  replace_all(s, "%", "");
  replace_all(s, "\\,", "");
  replace_all(s, "\\;", "");
  unwrap_commands(s);
  std::string compact;
  for (char ch : s)
    if (!std::isspace(static_cast<unsigned char>(ch))) compact += ch;
  s = std::move(compact);
  // "x=5", "k = 3": a short left side names the answer (strip_string's rule).
  if (const size_t eq = s.find('='); eq != std::string::npos && eq <= 2 && s.find('=', eq + 1) == std::string::npos)
    s = s.substr(eq + 1);
  while (s.size() > 1 && s.back() == '.') s.pop_back();
  if (s.empty()) return s;
  if (s[0] == '.') s.insert(0, "0");
  s = without_thousands(s);
  // Trailing zeros of a decimal: "12.50" -> "12.5", "7.0" -> "7".
  if (const size_t dot = s.find('.');
      dot != std::string::npos && is_plain_integer(s.substr(0, dot)) && is_plain_integer(s.substr(dot + 1))) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  // "3/4" -> "\frac{3}{4}", as strip_string rewrites a simple fraction.
  if (const size_t slash = s.find('/');
      slash != std::string::npos && is_plain_integer(s.substr(0, slash)) && is_plain_integer(s.substr(slash + 1)))
    s = "\\frac{" + s.substr(0, slash) + "}{" + s.substr(slash + 1) + "}";
  return s;
}

std::optional<double> math_value(std::string_view normalized) { return ValueParser(normalized).parse(); }

bool math_answers_equal(std::string_view a, std::string_view b) {
  const std::string na = normalize_math_answer(a), nb = normalize_math_answer(b);
  if (na.empty() || nb.empty()) return false;
  if (same_value(na, nb)) return true;
  // Bracketed tuples and intervals keep their order; bare lists ("1,2,3") are sets.
  std::string_view ia = na, ib = nb;
  bool ordered = false;
  if (ia.size() > 1 && ib.size() > 1 && ia.front() == ib.front() && ia.back() == ib.back() &&
      std::string_view("([{").find(ia.front()) != std::string_view::npos) {
    ia = ia.substr(1, ia.size() - 2);
    ib = ib.substr(1, ib.size() - 2);
    ordered = true;
  }
  std::vector<std::string> xa = top_level_items(ia), xb = top_level_items(ib);
  if (xa.size() < 2 || xa.size() != xb.size()) return false;
  std::vector<bool> used(xb.size(), false);
  for (size_t i = 0; i < xa.size(); ++i) {
    bool matched = false;
    for (size_t j = ordered ? i : 0; j < (ordered ? i + 1 : xb.size()) && !matched; ++j)
      if (!used[j] && same_value(normalize_math_answer(xa[i]), normalize_math_answer(xb[j]))) used[j] = matched = true;
    if (!matched) return false;
  }
  return true;
}

}  // namespace aiperf
