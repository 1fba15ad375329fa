#include "endpoints/body_template.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace aiperf {

using json = nlohmann::json;

namespace {

// A value during evaluation; nullopt is Jinja's Undefined (falsy, printing it is an error).
using Value = std::optional<json>;

struct Expr {
  enum Kind { literal, name, attr, index, filter, call, test, unary, binary, list, dict } kind = literal;
  int line = 1;
  json value;                  // literal
  std::string text;            // name / attribute / filter / test / method / operator
  std::vector<Expr> args;      // operands: [target, arguments...]
  bool negate = false;         // `is not`
};

}  // namespace

// One piece of the template: literal text, `{{ expr }}`, or a block with its bodies.
struct TemplateNode {
  enum Kind { sequence, literal_text, output, if_, for_, set } kind = sequence;
  int line = 1;
  std::string text;                       // text
  std::vector<std::string> vars;          // for / set targets
  std::vector<Expr> conds;                // if: one per branch (elif...); for / output / set: [0]
  std::vector<TemplateNode> bodies;       // if: one per cond, then else; for: body, else
  std::vector<TemplateNode> children;     // sequence
};

namespace {

// ---------------------------------------------------------------- expression tokens

struct Token {
  enum Kind { end, ident, number, string, op } kind = end;
  std::string text;
  json value;
};

class ExprLexer {
 public:
  ExprLexer(std::string_view src, int line) : src_(src), line_(line) { advance(); }
  const Token& peek() const { return tok_; }
  Token take() {
    Token t = tok_;
    advance();
    return t;
  }
  bool is_op(const char* o) const { return tok_.kind == Token::op && tok_.text == o; }
  bool is_word(const char* w) const { return tok_.kind == Token::ident && tok_.text == w; }
  bool accept_op(const char* o) {
    if (!is_op(o)) return false;
    advance();
    return true;
  }
  bool accept_word(const char* w) {
    if (!is_word(w)) return false;
    advance();
    return true;
  }
  void expect_op(const char* o) {
    if (!accept_op(o)) fail(std::string("expected '") + o + "'");
  }
  std::string expect_ident() {
    if (tok_.kind != Token::ident) fail("expected a name");
    return take().text;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw TemplateError(line_, what + (tok_.kind == Token::end ? " at the end of the tag" : " before '" + tok_.text + "'"));
  }
  int line() const { return line_; }

 private:
  void advance() {
    while (pos_ < src_.size() && std::isspace(static_cast<unsigned char>(src_[pos_]))) ++pos_;
    tok_ = Token{};
    if (pos_ >= src_.size()) return;
    const char c = src_[pos_];
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t b = pos_;
      while (pos_ < src_.size() && (std::isalnum(static_cast<unsigned char>(src_[pos_])) || src_[pos_] == '_')) ++pos_;
      tok_ = {Token::ident, std::string(src_.substr(b, pos_ - b)), {}};
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t b = pos_;
      bool real = false;
      while (pos_ < src_.size() && (std::isdigit(static_cast<unsigned char>(src_[pos_])) ||
                                    (src_[pos_] == '.' && !real && pos_ + 1 < src_.size() &&
                                     std::isdigit(static_cast<unsigned char>(src_[pos_ + 1]))))) {
        real |= src_[pos_] == '.';
        ++pos_;
      }
      std::string digits(src_.substr(b, pos_ - b));
      tok_ = {Token::number, digits, real ? json(std::stod(digits)) : json(std::stoll(digits))};
    } else if (c == '"' || c == '\'') {
      std::string s;
      ++pos_;
      while (pos_ < src_.size() && src_[pos_] != c) {
        if (src_[pos_] == '\\' && pos_ + 1 < src_.size()) {
          ++pos_;
          const char e = src_[pos_];
          s += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
        } else {
          s += src_[pos_];
        }
        ++pos_;
      }
      if (pos_ >= src_.size()) throw TemplateError(line_, "unterminated string literal");
      ++pos_;
      tok_ = {Token::string, s, json(s)};
    } else {
      static const char* const two[] = {"==", "!=", "<=", ">="};
      for (const char* t : two)
        if (src_.substr(pos_, 2) == t) {
          tok_ = {Token::op, t, {}};
          pos_ += 2;
          return;
        }
      if (std::string_view("|.,()[]{}:~+-*/%<>=").find(c) == std::string_view::npos)
        throw TemplateError(line_, std::string("unexpected character '") + c + "'");
      tok_ = {Token::op, std::string(1, c), {}};
      ++pos_;
    }
  }

  std::string_view src_;
  int line_;
  size_t pos_ = 0;
  Token tok_;
};

// ---------------------------------------------------------------- expression parser

const char* const kFilters[] = {"tojson", "lower", "upper", "length", "count", "first", "last", "join", "default",
                                "d", "trim", "string", "int", "float", "list", "abs", "round", "replace", "capitalize"};
const char* const kTests[] = {"defined", "undefined", "none", "string", "number", "integer", "float", "mapping",
                              "sequence", "iterable", "boolean", "true", "false"};
const char* const kMethods[] = {"items", "keys", "values", "get", "lower", "upper", "strip"};

bool known(const char* const* list, size_t n, const std::string& s) {
  return std::find(list, list + n, s) != list + n;
}

class ExprParser {
 public:
  explicit ExprParser(ExprLexer& lex) : lex_(lex) {}

  Expr parse() { return parse_or(); }

 private:
  Expr make(Expr::Kind kind, std::string text, std::vector<Expr> args) {
    Expr e;
    e.kind = kind;
    e.line = lex_.line();
    e.text = std::move(text);
    e.args = std::move(args);
    return e;
  }

  Expr parse_or() {
    Expr left = parse_and();
    while (lex_.accept_word("or")) left = make(Expr::binary, "or", {std::move(left), parse_and()});
    return left;
  }
  Expr parse_and() {
    Expr left = parse_not();
    while (lex_.accept_word("and")) left = make(Expr::binary, "and", {std::move(left), parse_not()});
    return left;
  }
  Expr parse_not() {
    if (lex_.accept_word("not")) return make(Expr::unary, "not", {parse_not()});
    return parse_compare();
  }
  Expr parse_compare() {
    Expr left = parse_concat();
    for (;;) {
      std::string op;
      for (const char* o : {"==", "!=", "<=", ">=", "<", ">"})
        if (lex_.accept_op(o)) {
          op = o;
          break;
        }
      if (!op.empty()) {
        left = make(Expr::binary, op, {std::move(left), parse_concat()});
      } else if (lex_.accept_word("in")) {
        left = make(Expr::binary, "in", {std::move(left), parse_concat()});
      } else if (lex_.is_word("not")) {
        lex_.take();
        if (!lex_.accept_word("in")) lex_.fail("expected 'in' after 'not'");
        left = make(Expr::unary, "not", {make(Expr::binary, "in", {std::move(left), parse_concat()})});
      } else if (lex_.accept_word("is")) {
        const bool negate = lex_.accept_word("not");
        std::string test = lex_.is_word("none") || lex_.is_word("None") ? (lex_.take(), "none") : lex_.expect_ident();
        if (!known(kTests, std::size(kTests), test)) throw TemplateError(lex_.line(), "unknown test '" + test + "'");
        left = make(Expr::test, test, {std::move(left)});
        left.negate = negate;
      } else {
        return left;
      }
    }
  }
  Expr parse_concat() {
    Expr left = parse_additive();
    while (lex_.accept_op("~")) left = make(Expr::binary, "~", {std::move(left), parse_additive()});
    return left;
  }
  Expr parse_additive() {
    Expr left = parse_multiplicative();
    for (;;) {
      if (lex_.accept_op("+")) left = make(Expr::binary, "+", {std::move(left), parse_multiplicative()});
      else if (lex_.accept_op("-")) left = make(Expr::binary, "-", {std::move(left), parse_multiplicative()});
      else return left;
    }
  }
  Expr parse_multiplicative() {
    Expr left = parse_unary();
    for (;;) {
      std::string op;
      for (const char* o : {"*", "/", "%"})
        if (lex_.accept_op(o)) {
          op = o;
          break;
        }
      if (op.empty()) return left;
      left = make(Expr::binary, op, {std::move(left), parse_unary()});
    }
  }
  Expr parse_unary() {
    if (lex_.accept_op("-")) return make(Expr::unary, "-", {parse_unary()});
    return parse_postfix();
  }
  std::vector<Expr> call_args() {
    std::vector<Expr> args;
    if (lex_.accept_op(")")) return args;
    for (;;) {
      // Keyword arguments are accepted by name and passed by position (default(x, true)).
      if (lex_.peek().kind == Token::ident) {
        ExprLexer probe = lex_;
        probe.take();
        if (probe.is_op("=")) {
          lex_.take();
          lex_.take();
        }
      }
      args.push_back(parse_or());
      if (lex_.accept_op(")")) return args;
      lex_.expect_op(",");
    }
  }
  Expr parse_postfix() {
    Expr e = parse_primary();
    for (;;) {
      if (lex_.accept_op(".")) {
        std::string name = lex_.expect_ident();
        if (lex_.accept_op("(")) {
          if (!known(kMethods, std::size(kMethods), name))
            throw TemplateError(lex_.line(), "unknown method '" + name + "()'");
          std::vector<Expr> args{std::move(e)};
          for (Expr& a : call_args()) args.push_back(std::move(a));
          e = make(Expr::call, name, std::move(args));
        } else {
          e = make(Expr::attr, name, {std::move(e)});
        }
      } else if (lex_.accept_op("[")) {
        Expr key = parse_or();
        lex_.expect_op("]");
        e = make(Expr::index, "", {std::move(e), std::move(key)});
      } else if (lex_.accept_op("|")) {
        std::string name = lex_.expect_ident();
        if (!known(kFilters, std::size(kFilters), name)) throw TemplateError(lex_.line(), "unknown filter '" + name + "'");
        std::vector<Expr> args{std::move(e)};
        if (lex_.accept_op("("))
          for (Expr& a : call_args()) args.push_back(std::move(a));
        e = make(Expr::filter, name, std::move(args));
      } else {
        return e;
      }
    }
  }
  Expr parse_primary() {
    const Token& t = lex_.peek();
    if (t.kind == Token::number || t.kind == Token::string) {
      Expr e = make(Expr::literal, "", {});
      e.value = lex_.take().value;
      return e;
    }
    if (t.kind == Token::ident) {
      static const std::pair<const char*, json> constants[] = {{"true", true},   {"True", true},  {"false", false},
                                                               {"False", false}, {"none", nullptr}, {"None", nullptr}};
      for (const auto& [word, v] : constants)
        if (t.text == word) {
          lex_.take();
          Expr e = make(Expr::literal, "", {});
          e.value = v;
          return e;
        }
      return make(Expr::name, lex_.take().text, {});
    }
    if (lex_.accept_op("(")) {
      Expr e = parse_or();
      lex_.expect_op(")");
      return e;
    }
    if (lex_.accept_op("[")) {
      std::vector<Expr> items;
      if (!lex_.accept_op("]")) {
        for (;;) {
          items.push_back(parse_or());
          if (lex_.accept_op("]")) break;
          lex_.expect_op(",");
        }
      }
      return make(Expr::list, "", std::move(items));
    }
    if (lex_.accept_op("{")) {
      std::vector<Expr> kv;  // key, value, key, value...
      if (!lex_.accept_op("}")) {
        for (;;) {
          kv.push_back(parse_or());
          lex_.expect_op(":");
          kv.push_back(parse_or());
          if (lex_.accept_op("}")) break;
          lex_.expect_op(",");
        }
      }
      return make(Expr::dict, "", std::move(kv));
    }
    lex_.fail("expected a value");
  }

  ExprLexer& lex_;
};

Expr parse_full_expr(std::string_view src, int line) {
  ExprLexer lex(src, line);
  Expr e = ExprParser(lex).parse();
  if (lex.peek().kind != Token::end) lex.fail("unexpected text");
  return e;
}

// ---------------------------------------------------------------- template structure

struct Tag {
  enum Kind { text, output, block } kind = text;
  std::string body;  // the text, or the tag's inside without delimiters and '-'
  int line = 1;
};

std::vector<Tag> split_tags(std::string_view src) {
  std::vector<Tag> tags;
  size_t pos = 0;
  int line = 1;
  bool strip_next = false;  // the previous tag ended with '-'
  auto count_lines = [](std::string_view s) { return int(std::count(s.begin(), s.end(), '\n')); };
  while (pos <= src.size()) {
    size_t open = src.find('{', pos);
    while (open != std::string_view::npos && open + 1 < src.size() && src[open + 1] != '{' && src[open + 1] != '%' &&
           src[open + 1] != '#')
      open = src.find('{', open + 1);
    if (open != std::string_view::npos && open + 1 >= src.size()) open = std::string_view::npos;
    std::string_view text = src.substr(pos, open == std::string_view::npos ? std::string_view::npos : open - pos);
    const bool strip_before = open != std::string_view::npos && open + 2 < src.size() && src[open + 2] == '-';
    std::string_view kept = text;
    if (strip_next)
      while (!kept.empty() && std::isspace(static_cast<unsigned char>(kept.front()))) kept.remove_prefix(1);
    if (strip_before)
      while (!kept.empty() && std::isspace(static_cast<unsigned char>(kept.back()))) kept.remove_suffix(1);
    if (!kept.empty()) tags.push_back({Tag::text, std::string(kept), line});
    line += count_lines(text);
    if (open == std::string_view::npos) break;
    const char kind = src[open + 1];
    const char* close = kind == '{' ? "}}" : kind == '%' ? "%}" : "#}";
    const size_t end = src.find(close, open + 2);
    if (end == std::string_view::npos)
      throw TemplateError(line, std::string("'") + src.substr(open, 2).data()[0] + kind + "' is never closed");
    std::string_view inside = src.substr(open + 2, end - open - 2);
    if (!inside.empty() && inside.front() == '-') inside.remove_prefix(1);
    strip_next = !inside.empty() && inside.back() == '-';
    if (strip_next) inside.remove_suffix(1);
    if (kind != '#') tags.push_back({kind == '{' ? Tag::output : Tag::block, std::string(inside), line});
    line += count_lines(src.substr(open, end + 2 - open));
    pos = end + 2;
  }
  return tags;
}

std::string first_word(const std::string& s, size_t& rest) {
  size_t b = 0;
  while (b < s.size() && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  size_t e = b;
  while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
  rest = e;
  return s.substr(b, e - b);
}

class TreeBuilder {
 public:
  explicit TreeBuilder(std::vector<Tag> tags) : tags_(std::move(tags)) {}

  TemplateNode build() {
    TemplateNode root;
    std::string stop = parse_sequence(root, {});
    if (!stop.empty()) throw TemplateError(stop_line_, "unexpected '{% " + stop + " %}'");
    return root;
  }

 private:
  // Parses nodes into `seq` until one of `stops` (returned) or the end ("").
  std::string parse_sequence(TemplateNode& seq, std::initializer_list<const char*> stops) {
    seq.kind = TemplateNode::sequence;
    while (at_ < tags_.size()) {
      const Tag& tag = tags_[at_++];
      TemplateNode node;
      node.line = tag.line;
      if (tag.kind == Tag::text) {
        node.kind = TemplateNode::literal_text;
        node.text = tag.body;
      } else if (tag.kind == Tag::output) {
        node.kind = TemplateNode::output;
        node.conds.push_back(parse_full_expr(tag.body, tag.line));
      } else {
        size_t rest = 0;
        const std::string word = first_word(tag.body, rest);
        const std::string args = tag.body.substr(rest);
        for (const char* s : stops)
          if (word == s) {
            stop_args_ = args;
            stop_line_ = tag.line;
            return word;
          }
        if (word == "if") {
          parse_if(node, args);
        } else if (word == "for") {
          parse_for(node, args);
        } else if (word == "set") {
          const size_t eq = args.find('=');
          if (eq == std::string::npos) throw TemplateError(tag.line, "expected '{% set name = value %}'");
          size_t r = 0;
          node.kind = TemplateNode::set;
          node.vars.push_back(first_word(args.substr(0, eq), r));
          if (node.vars.back().empty()) throw TemplateError(tag.line, "expected a name after 'set'");
          node.conds.push_back(parse_full_expr(std::string_view(args).substr(eq + 1), tag.line));
        } else if (word == "endif" || word == "endfor" || word == "else" || word == "elif") {
          throw TemplateError(tag.line, "unexpected '{% " + word + " %}'");
        } else {
          throw TemplateError(tag.line, "unsupported tag '{% " + (word.empty() ? tag.body : word) + " %}'");
        }
      }
      seq.children.push_back(std::move(node));
    }
    return "";
  }

  void parse_if(TemplateNode& node, const std::string& cond) {
    node.kind = TemplateNode::if_;
    const int open_line = node.line;
    node.conds.push_back(parse_full_expr(cond, open_line));
    for (;;) {
      TemplateNode body;
      const std::string stop = parse_sequence(body, {"elif", "else", "endif"});
      node.bodies.push_back(std::move(body));
      if (stop.empty()) throw TemplateError(open_line, "'{% if %}' is never closed with '{% endif %}'");
      if (stop == "endif") return;
      if (stop == "elif") {
        node.conds.push_back(parse_full_expr(stop_args_, stop_line_));
        continue;
      }
      TemplateNode else_body;
      if (parse_sequence(else_body, {"endif"}).empty())
        throw TemplateError(open_line, "'{% if %}' is never closed with '{% endif %}'");
      node.bodies.push_back(std::move(else_body));
      return;
    }
  }

  void parse_for(TemplateNode& node, const std::string& args) {
    node.kind = TemplateNode::for_;
    ExprLexer lex(args, node.line);
    node.vars.push_back(lex.expect_ident());
    while (lex.accept_op(",")) node.vars.push_back(lex.expect_ident());
    if (!lex.accept_word("in")) lex.fail("expected 'in'");
    Expr iterable = ExprParser(lex).parse();
    if (lex.peek().kind != Token::end) lex.fail("unexpected text");
    node.conds.push_back(std::move(iterable));
    TemplateNode body, else_body;
    std::string stop = parse_sequence(body, {"else", "endfor"});
    if (stop == "else") stop = parse_sequence(else_body, {"endfor"});
    if (stop.empty()) throw TemplateError(node.line, "'{% for %}' is never closed with '{% endfor %}'");
    node.bodies.push_back(std::move(body));
    node.bodies.push_back(std::move(else_body));
  }

  std::vector<Tag> tags_;
  size_t at_ = 0;
  std::string stop_args_;
  int stop_line_ = 1;
};

// ---------------------------------------------------------------- evaluation

bool truthy(const Value& v) {
  if (!v) return false;
  switch (v->type()) {
    case json::value_t::null: return false;
    case json::value_t::boolean: return v->get<bool>();
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return v->get<int64_t>() != 0;
    case json::value_t::number_float: return v->get<double>() != 0;
    case json::value_t::string:
    case json::value_t::array:
    case json::value_t::object: return !v->empty();
    default: return false;
  }
}

// Python's str() for what templates print: True/False/None, numbers as Python shows them.
std::string to_text(const json& v) {
  switch (v.type()) {
    case json::value_t::string: return v.get<std::string>();
    case json::value_t::boolean: return v.get<bool>() ? "True" : "False";
    case json::value_t::null: return "None";
    default: return v.dump();
  }
}

class Renderer {
 public:
  explicit Renderer(const json& vars) { scopes_.push_back(vars.is_object() ? vars : json::object()); }

  void run(const TemplateNode& node, std::string& out) {
    switch (node.kind) {
      case TemplateNode::sequence:
        for (const TemplateNode& c : node.children) run(c, out);
        return;
      case TemplateNode::literal_text: out += node.text; return;
      case TemplateNode::output: {
        Value v = eval(node.conds[0]);
        if (!v) throw TemplateError(node.line, "'" + describe(node.conds[0]) + "' is undefined");
        out += to_text(*v);
        return;
      }
      case TemplateNode::set: scopes_.back()[node.vars[0]] = require(node.conds[0]); return;
      case TemplateNode::if_:
        for (size_t i = 0; i < node.conds.size(); ++i)
          if (truthy(eval(node.conds[i]))) return run(node.bodies[i], out);
        if (node.bodies.size() > node.conds.size()) run(node.bodies.back(), out);
        return;
      case TemplateNode::for_: return run_for(node, out);
    }
  }

 private:
  void run_for(const TemplateNode& node, std::string& out) {
    Value seq = eval(node.conds[0]);
    std::vector<json> items;
    if (!seq || seq->is_null()) {
      // Looping over an undefined or None value: Jinja iterates nothing.
    } else if (seq->is_array()) {
      items.assign(seq->begin(), seq->end());
    } else if (seq->is_object()) {
      for (auto it = seq->begin(); it != seq->end(); ++it) items.push_back(it.key());
    } else if (seq->is_string()) {
      for (char c : seq->get<std::string>()) items.push_back(std::string(1, c));
    } else {
      throw TemplateError(node.line, "cannot loop over '" + describe(node.conds[0]) + "' (" + seq->type_name() + ")");
    }
    if (items.empty()) return run(node.bodies[1], out);
    for (size_t i = 0; i < items.size(); ++i) {
      json scope = json::object();
      if (node.vars.size() == 1) {
        scope[node.vars[0]] = items[i];
      } else {
        if (!items[i].is_array() || items[i].size() != node.vars.size())
          throw TemplateError(node.line, "cannot unpack a loop item into " + std::to_string(node.vars.size()) + " names");
        for (size_t k = 0; k < node.vars.size(); ++k) scope[node.vars[k]] = items[i][k];
      }
      scope["loop"] = {{"index", i + 1},   {"index0", i},          {"first", i == 0},
                       {"last", i + 1 == items.size()}, {"length", items.size()},
                       {"revindex", items.size() - i}, {"revindex0", items.size() - i - 1}};
      scopes_.push_back(std::move(scope));
      run(node.bodies[0], out);
      scopes_.pop_back();
    }
  }

  static std::string describe(const Expr& e) {
    switch (e.kind) {
      case Expr::name: return e.text;
      case Expr::attr: return describe(e.args[0]) + "." + e.text;
      case Expr::index: return describe(e.args[0]) + "[...]";
      case Expr::filter: return describe(e.args[0]) + "|" + e.text;
      default: return "expression";
    }
  }

  json require(const Expr& e) {
    Value v = eval(e);
    if (!v) throw TemplateError(e.line, "'" + describe(e) + "' is undefined");
    return std::move(*v);
  }

  Value lookup(const std::string& name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end()) return *f;
    }
    return std::nullopt;
  }

  static Value member(const json& target, const json& key) {
    if (target.is_object() && key.is_string()) {
      auto f = target.find(key.get<std::string>());
      if (f != target.end()) return *f;
    } else if (target.is_array() && key.is_number_integer()) {
      int64_t i = key.get<int64_t>();
      if (i < 0) i += int64_t(target.size());
      if (i >= 0 && i < int64_t(target.size())) return target[size_t(i)];
    }
    return std::nullopt;
  }

  Value eval(const Expr& e) {
    switch (e.kind) {
      case Expr::literal: return e.value;
      case Expr::name: return lookup(e.text);
      case Expr::attr: {
        Value t = eval(e.args[0]);
        if (!t) throw TemplateError(e.line, "'" + describe(e.args[0]) + "' is undefined");
        return member(*t, json(e.text));
      }
      case Expr::index: {
        Value t = eval(e.args[0]);
        if (!t) throw TemplateError(e.line, "'" + describe(e.args[0]) + "' is undefined");
        return member(*t, require(e.args[1]));
      }
      case Expr::list: {
        json a = json::array();
        for (const Expr& x : e.args) a.push_back(require(x));
        return a;
      }
      case Expr::dict: {
        json o = json::object();
        for (size_t i = 0; i + 1 < e.args.size(); i += 2) {
          json k = require(e.args[i]);
          o[k.is_string() ? k.get<std::string>() : to_text(k)] = require(e.args[i + 1]);
        }
        return o;
      }
      case Expr::test: {
        Value v = eval(e.args[0]);
        bool r = test(e.text, v);
        return json(e.negate ? !r : r);
      }
      case Expr::unary: {
        if (e.text == "not") return json(!truthy(eval(e.args[0])));
        json v = require(e.args[0]);
        if (!v.is_number()) throw TemplateError(e.line, "cannot negate a " + std::string(v.type_name()));
        return v.is_number_float() ? json(-v.get<double>()) : json(-v.get<int64_t>());
      }
      case Expr::binary: return binary(e);
      case Expr::filter: return filter(e);
      case Expr::call: return call(e);
    }
    return std::nullopt;
  }

  static bool test(const std::string& t, const Value& v) {
    if (t == "defined") return v.has_value();
    if (t == "undefined") return !v.has_value();
    if (!v) return false;
    if (t == "none") return v->is_null();
    if (t == "string") return v->is_string();
    if (t == "number") return v->is_number();
    if (t == "integer") return v->is_number_integer();
    if (t == "float") return v->is_number_float();
    if (t == "mapping") return v->is_object();
    if (t == "sequence" || t == "iterable") return v->is_array() || v->is_string() || v->is_object();
    if (t == "boolean") return v->is_boolean();
    if (t == "true") return v->is_boolean() && v->get<bool>();
    if (t == "false") return v->is_boolean() && !v->get<bool>();
    return false;
  }

  Value binary(const Expr& e) {
    const std::string& op = e.text;
    if (op == "and") {
      Value l = eval(e.args[0]);
      return truthy(l) ? eval(e.args[1]) : l;
    }
    if (op == "or") {
      Value l = eval(e.args[0]);
      return truthy(l) ? l : eval(e.args[1]);
    }
    json l = require(e.args[0]), r = require(e.args[1]);
    if (op == "~") return json(to_text(l) + to_text(r));
    if (op == "==") return json(l == r);
    if (op == "!=") return json(l != r);
    if (op == "in") {
      if (r.is_string() && l.is_string()) return json(r.get<std::string>().find(l.get<std::string>()) != std::string::npos);
      if (r.is_array()) return json(std::find(r.begin(), r.end(), l) != r.end());
      if (r.is_object() && l.is_string()) return json(r.contains(l.get<std::string>()));
      throw TemplateError(e.line, "'in' needs a string, list or mapping on its right");
    }
    const bool same_kind = (l.is_number() && r.is_number()) || (l.is_string() && r.is_string());
    if (op == "<" || op == ">" || op == "<=" || op == ">=") {
      if (!same_kind) throw TemplateError(e.line, "cannot compare " + std::string(l.type_name()) + " and " + r.type_name());
      return json(op == "<" ? l < r : op == ">" ? r < l : op == "<=" ? !(r < l) : !(l < r));
    }
    if (op == "+" && l.is_string() && r.is_string()) return json(l.get<std::string>() + r.get<std::string>());
    if (op == "+" && l.is_array() && r.is_array()) {
      for (const json& x : r) l.push_back(x);
      return l;
    }
    if (!l.is_number() || !r.is_number())
      throw TemplateError(e.line, "'" + op + "' needs numbers, not " + l.type_name() + " and " + r.type_name());
    const bool ints = l.is_number_integer() && r.is_number_integer();
    if (ints && op != "/") {
      const int64_t a = l.get<int64_t>(), b = r.get<int64_t>();
      if (op == "+") return json(a + b);
      if (op == "-") return json(a - b);
      if (op == "*") return json(a * b);
      if (b == 0) throw TemplateError(e.line, "division by zero");
      return json(((a % b) + b) % b);
    }
    const double a = l.get<double>(), b = r.get<double>();
    if (op == "+") return json(a + b);
    if (op == "-") return json(a - b);
    if (op == "*") return json(a * b);
    if (b == 0) throw TemplateError(e.line, "division by zero");
    return json(op == "/" ? a / b : std::fmod(a, b));
  }

  Value filter(const Expr& e) {
    const std::string& f = e.text;
    Value in = eval(e.args[0]);
    if (f == "default" || f == "d") {
      const bool boolean = e.args.size() > 2 && truthy(eval(e.args[2]));
      if (in && !(boolean && !truthy(in))) return in;
      return e.args.size() > 1 ? require(e.args[1]) : json("");
    }
    if (!in) throw TemplateError(e.line, "'" + describe(e.args[0]) + "' is undefined");
    json& v = *in;
    auto need = [&](bool ok, const char* what) {
      if (!ok) throw TemplateError(e.line, "filter '" + f + "' needs " + what + ", not " + v.type_name());
    };
    auto arg = [&](size_t i) { return require(e.args.at(i)); };
    if (f == "tojson") return json(v.dump());
    if (f == "string") return json(to_text(v));
    if (f == "lower" || f == "upper" || f == "capitalize") {
      need(v.is_string(), "a string");
      std::string s = v.get<std::string>();
      for (size_t i = 0; i < s.size(); ++i) {
        const bool up = f == "upper" || (f == "capitalize" && i == 0);
        s[i] = char(up ? std::toupper(static_cast<unsigned char>(s[i])) : std::tolower(static_cast<unsigned char>(s[i])));
      }
      return json(s);
    }
    if (f == "trim") {
      need(v.is_string(), "a string");
      std::string s = v.get<std::string>();
      size_t b = s.find_first_not_of(" \t\r\n"), x = s.find_last_not_of(" \t\r\n");
      return json(b == std::string::npos ? std::string() : s.substr(b, x - b + 1));
    }
    if (f == "replace") {
      need(v.is_string(), "a string");
      const std::string from = to_text(arg(1)), to = to_text(arg(2));
      std::string s = v.get<std::string>(), r;
      if (from.empty()) return json(s);
      for (size_t p = 0;;) {
        size_t q = s.find(from, p);
        r += s.substr(p, q - p);
        if (q == std::string::npos) break;
        r += to;
        p = q + from.size();
      }
      return json(r);
    }
    if (f == "length" || f == "count") {
      need(v.is_array() || v.is_object() || v.is_string(), "a list, mapping or string");
      return json(v.is_string() ? v.get<std::string>().size() : v.size());
    }
    if (f == "first" || f == "last") {
      need(v.is_array() || v.is_string(), "a list or string");
      if (v.empty()) return std::nullopt;
      if (v.is_string()) {
        const std::string s = v.get<std::string>();
        return json(std::string(1, f == "first" ? s.front() : s.back()));
      }
      return f == "first" ? v.front() : v.back();
    }
    if (f == "join") {
      need(v.is_array(), "a list");
      const std::string sep = e.args.size() > 1 ? to_text(arg(1)) : "";
      std::string s;
      for (size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + to_text(v[i]);
      return json(s);
    }
    if (f == "list") {
      if (v.is_array()) return v;
      json a = json::array();
      if (v.is_string())
        for (char c : v.get<std::string>()) a.push_back(std::string(1, c));
      else if (v.is_object())
        for (auto it = v.begin(); it != v.end(); ++it) a.push_back(it.key());
      else
        need(false, "a list, mapping or string");
      return a;
    }
    if (f == "int" || f == "float" || f == "abs" || f == "round") {
      double d = 0;
      if (v.is_number()) d = v.get<double>();
      else if (v.is_boolean()) d = v.get<bool>();
      else if (v.is_string()) {
        try {
          d = std::stod(v.get<std::string>());
        } catch (const std::exception&) {
          d = 0;  // Jinja's int/float filters fall back to 0
        }
      } else need(false, "a number");
      if (f == "int") return json(int64_t(d));
      if (f == "float") return json(d);
      if (f == "abs") return v.is_number_integer() ? json(std::llabs(v.get<int64_t>())) : json(std::fabs(d));
      const int64_t digits = e.args.size() > 1 ? arg(1).get<int64_t>() : 0;
      const double scale = std::pow(10.0, double(digits));
      return json(std::nearbyint(d * scale) / scale);
    }
    throw TemplateError(e.line, "unknown filter '" + f + "'");
  }

  Value call(const Expr& e) {
    json t = require(e.args[0]);
    const std::string& m = e.text;
    if (m == "items" || m == "keys" || m == "values") {
      if (!t.is_object()) throw TemplateError(e.line, "'" + m + "()' needs a mapping, not " + t.type_name());
      json a = json::array();
      for (auto it = t.begin(); it != t.end(); ++it)
        a.push_back(m == "items" ? json::array({it.key(), it.value()}) : m == "keys" ? json(it.key()) : it.value());
      return a;
    }
    if (m == "get") {
      if (!t.is_object() || e.args.size() < 2) throw TemplateError(e.line, "'get()' needs a mapping and a key");
      Value v = member(t, require(e.args[1]));
      if (v) return v;
      return e.args.size() > 2 ? require(e.args[2]) : json(nullptr);
    }
    if (!t.is_string()) throw TemplateError(e.line, "'" + m + "()' needs a string, not " + t.type_name());
    Expr as_filter = e;
    as_filter.kind = Expr::filter;
    as_filter.text = m == "strip" ? "trim" : m;
    return filter(as_filter);
  }

  std::vector<json> scopes_;
};

}  // namespace

BodyTemplate::BodyTemplate(std::string_view source)
    : root_(std::make_unique<TemplateNode>(TreeBuilder(split_tags(source)).build())) {}
BodyTemplate::~BodyTemplate() = default;
BodyTemplate::BodyTemplate(BodyTemplate&&) noexcept = default;
BodyTemplate& BodyTemplate::operator=(BodyTemplate&&) noexcept = default;

std::string BodyTemplate::render(const json& vars) const {
  std::string out;
  Renderer(vars).run(*root_, out);
  return out;
}

}  // namespace aiperf
