#include "config/template_expression.h"

#include <cctype>
#include <charconv>
#include <cmath>

namespace aiperf {
namespace {

bool is_number(const TemplateValue& v) { return !std::holds_alternative<std::string>(v); }
double as_double(const TemplateValue& v) {
  return std::holds_alternative<int64_t>(v) ? double(std::get<int64_t>(v)) : std::get<double>(v);
}

class Parser {
 public:
  Parser(std::string_view text, const TemplateVariables& vars) : s_(text), vars_(vars) {}

  TemplateValue parse() {
    TemplateValue v = sum();
    skip_space();
    if (i_ != s_.size()) fail("unexpected '" + std::string(s_.substr(i_)) + "'");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    std::string_view e = s_;
    while (!e.empty() && std::isspace(static_cast<unsigned char>(e.front()))) e.remove_prefix(1);
    while (!e.empty() && std::isspace(static_cast<unsigned char>(e.back()))) e.remove_suffix(1);
    throw TemplateError("in {{ " + std::string(e) + " }}: " + what);
  }
  void skip_space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool eat(std::string_view token) {
    skip_space();
    if (s_.substr(i_, token.size()) != token) return false;
    i_ += token.size();
    return true;
  }

  TemplateValue sum() {
    TemplateValue left = product();
    while (true) {
      if (eat("+")) {
        TemplateValue right = product();
        if (!is_number(left) && !is_number(right)) {
          left = std::get<std::string>(left) + std::get<std::string>(right);
          continue;
        }
        left = arithmetic('+', left, right);
      } else if (eat("-")) {
        left = arithmetic('-', left, product());
      } else {
        return left;
      }
    }
  }

  TemplateValue product() {
    TemplateValue left = unary();
    while (true) {
      if (eat("**")) {  // handled in power(); seeing it here means a misplaced operator
        fail("misplaced '**'");
      } else if (eat("//")) {
        left = arithmetic('f', left, unary());
      } else if (eat("*")) {
        left = arithmetic('*', left, unary());
      } else if (eat("/")) {
        left = arithmetic('/', left, unary());
      } else if (eat("%")) {
        left = arithmetic('%', left, unary());
      } else {
        return left;
      }
    }
  }

  TemplateValue unary() {
    if (eat("-")) {
      TemplateValue v = unary();
      if (!is_number(v)) fail("cannot negate a string");
      if (std::holds_alternative<int64_t>(v)) return -std::get<int64_t>(v);
      return -std::get<double>(v);
    }
    if (eat("+")) return unary();
    return power();
  }

  TemplateValue power() {
    TemplateValue base = filtered();
    skip_space();
    if (s_.substr(i_, 2) == "**") {
      i_ += 2;
      return arithmetic('^', base, unary());
    }
    return base;
  }

  TemplateValue filtered() {
    TemplateValue v = primary();
    while (eat("|")) {
      skip_space();
      const std::string name = identifier();
      if (name == "int") {
        v = is_number(v) ? TemplateValue(int64_t(as_double(v))) : to_number(std::get<std::string>(v), true);
      } else if (name == "float") {
        v = is_number(v) ? TemplateValue(as_double(v)) : to_number(std::get<std::string>(v), false);
      } else if (name == "string") {
        v = template_value_text(v);
      } else if (name == "round") {
        if (!is_number(v)) fail("round needs a number");
        v = std::round(as_double(v));
      } else {
        fail("unknown filter '" + name + "' (int, float, string, round)");
      }
    }
    return v;
  }

  TemplateValue to_number(const std::string& text, bool integer) {
    TemplateValue v = template_value_of_text(text);
    if (!is_number(v)) fail("'" + text + "' is not a number");
    return integer ? TemplateValue(int64_t(as_double(v))) : TemplateValue(as_double(v));
  }

  std::string identifier() {
    const size_t start = i_;
    if (i_ < s_.size() && (std::isalpha(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_'))
      while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) ++i_;
    if (start == i_) fail("expected a name at '" + std::string(s_.substr(start)) + "'");
    return std::string(s_.substr(start, i_ - start));
  }

  TemplateValue primary() {
    skip_space();
    if (i_ >= s_.size()) fail("expression ends early");
    const char c = s_[i_];
    if (c == '(') {
      ++i_;
      TemplateValue v = sum();
      if (!eat(")")) fail("missing ')'");
      return v;
    }
    if (c == '\'' || c == '"') {
      const size_t close = s_.find(c, i_ + 1);
      if (close == std::string_view::npos) fail("unterminated string");
      std::string text(s_.substr(i_ + 1, close - i_ - 1));
      i_ = close + 1;
      return text;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      size_t j = i_;
      while (j < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[j])) || s_[j] == '.' || s_[j] == 'e' ||
                               s_[j] == 'E' || ((s_[j] == '-' || s_[j] == '+') && (s_[j - 1] == 'e' || s_[j - 1] == 'E'))))
        ++j;
      TemplateValue v = template_value_of_text(s_.substr(i_, j - i_));
      if (!is_number(v)) fail("'" + std::string(s_.substr(i_, j - i_)) + "' is not a number");
      i_ = j;
      return v;
    }
    const std::string name = identifier();
    auto it = vars_.find(name);
    if (it == vars_.end()) {
      std::string known;
      for (const auto& [k, _] : vars_) (known.empty() ? known : known += ", ") += k;
      fail("unknown variable '" + name + "'" + (known.empty() ? " (no variables are defined)" : " (variables: " + known + ")"));
    }
    return it->second;
  }

  TemplateValue arithmetic(char op, const TemplateValue& a, const TemplateValue& b) {
    if (!is_number(a) || !is_number(b)) fail(std::string("'") + (op == 'f' ? "//" : op == '^' ? "**" : std::string(1, op)) + "' needs numbers");
    const bool ints = std::holds_alternative<int64_t>(a) && std::holds_alternative<int64_t>(b);
    if (ints && op != '/' && op != '^') {
      const int64_t x = std::get<int64_t>(a), y = std::get<int64_t>(b);
      switch (op) {
        case '+': return x + y;
        case '-': return x - y;
        case '*': return x * y;
        case 'f':
        case '%': {
          if (y == 0) fail("division by zero");
          int64_t q = x / y, r = x % y;
          if (r != 0 && ((r < 0) != (y < 0))) --q, r += y;  // Python floors
          return op == 'f' ? q : r;
        }
      }
    }
    const double x = as_double(a), y = as_double(b);
    switch (op) {
      case '+': return x + y;
      case '-': return x - y;
      case '*': return x * y;
      case '/':
        if (y == 0) fail("division by zero");
        return x / y;
      case 'f':
        if (y == 0) fail("division by zero");
        return std::floor(x / y);
      case '%':
        if (y == 0) fail("division by zero");
        return x - y * std::floor(x / y);
      case '^':
        if (ints && y >= 0) {
          const double p = std::pow(x, y);
          if (p < 9.2e18) return int64_t(std::llround(p));
        }
        return std::pow(x, y);
    }
    fail("bad operator");
  }

  std::string_view s_;
  const TemplateVariables& vars_;
  size_t i_ = 0;
};

}  // namespace

TemplateValue evaluate_template_expression(std::string_view expression, const TemplateVariables& variables) {
  return Parser(expression, variables).parse();
}

bool has_template(std::string_view text) { return text.find("{{") != std::string_view::npos; }

TemplateValue render_template(std::string_view text, const TemplateVariables& variables, bool& whole) {
  std::string out;
  size_t i = 0, pieces = 0;
  bool only_expression = true;
  TemplateValue last;
  while (i < text.size()) {
    const size_t open = text.find("{{", i);
    if (open == std::string_view::npos) {
      out.append(text.substr(i));
      if (i < text.size()) only_expression = false;
      break;
    }
    if (open > i) only_expression = false;
    out.append(text.substr(i, open - i));
    const size_t close = text.find("}}", open + 2);
    if (close == std::string_view::npos) throw TemplateError("'{{' without a closing '}}' in '" + std::string(text) + "'");
    last = evaluate_template_expression(text.substr(open + 2, close - open - 2), variables);
    out += template_value_text(last);
    ++pieces;
    i = close + 2;
  }
  whole = only_expression && pieces == 1;
  if (whole) return last;
  return out;
}

std::string template_value_text(const TemplateValue& value) {
  if (const auto* s = std::get_if<std::string>(&value)) return *s;
  if (const auto* i = std::get_if<int64_t>(&value)) return std::to_string(*i);
  const double d = std::get<double>(value);
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
  std::string text(buf, ec == std::errc() ? end : buf);
  // A float stays a float when written back (2.0, not 2), as Python prints it.
  if (std::isfinite(d) && text.find_first_of(".eE") == std::string::npos) text += ".0";
  return text;
}

TemplateValue template_value_of_text(std::string_view text) {
  int64_t i = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), i);
  if (!text.empty() && ec == std::errc() && end == text.data() + text.size()) return i;
  double d = 0;
  auto [fend, fec] = std::from_chars(text.data(), text.data() + text.size(), d);
  if (!text.empty() && fec == std::errc() && fend == text.data() + text.size() && std::isfinite(d)) return d;
  return std::string(text);
}

}  // namespace aiperf
