#include "cli/yaml_tree.h"

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <cstdint>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "config/profile_config.h"

namespace aiperf {

YamlNode YamlNode::make_scalar(std::string text, YamlMark at, bool quoted) {
  YamlNode n;
  n.kind = Kind::scalar;
  n.scalar = std::move(text);
  n.quoted = quoted;
  n.mark = at;
  return n;
}

YamlNode YamlNode::make_map(YamlMark at) {
  YamlNode n;
  n.kind = Kind::map;
  n.mark = at;
  return n;
}

YamlNode YamlNode::make_sequence(YamlMark at) {
  YamlNode n;
  n.kind = Kind::sequence;
  n.mark = at;
  return n;
}

const YamlEntry* YamlNode::find_entry(std::string_view key) const {
  for (const YamlEntry& e : entries)
    if (e.key == key) return &e;
  return nullptr;
}

const YamlNode* YamlNode::find(std::string_view key) const {
  const YamlEntry* e = find_entry(key);
  return e ? &e->value : nullptr;
}

YamlNode* YamlNode::find(std::string_view key) {
  for (YamlEntry& e : entries)
    if (e.key == key) return &e.value;
  return nullptr;
}

YamlNode& YamlNode::set(std::string key, YamlNode value, YamlMark key_mark) {
  kind = Kind::map;
  for (YamlEntry& e : entries)
    if (e.key == key) {
      e.value = std::move(value);
      return e.value;
    }
  entries.push_back({std::move(key), key_mark, std::move(value)});
  return entries.back().value;
}

bool YamlNode::erase(std::string_view key) {
  for (auto it = entries.begin(); it != entries.end(); ++it)
    if (it->key == key) {
      entries.erase(it);
      return true;
    }
  return false;
}

std::string yaml_location(const std::string& file, YamlMark mark) {
  if (mark.line == 0) return file;
  return file + ":" + std::to_string(mark.line) + ":" + std::to_string(mark.column);
}

namespace {

YamlMark mark_of(const YAML::Mark& m) { return {m.line + 1, m.column + 1}; }

bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

size_t first_invalid_utf8(std::string_view s);

class Reader {
 public:
  Reader(const std::string& file, const EnvLookup& env) : file_(file), env_(env) {}

  YamlNode convert(const YAML::Node& in) {
    const YamlMark at = mark_of(in.Mark());
    switch (in.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null: {
        YamlNode n;
        n.mark = at;
        return n;
      }
      case YAML::NodeType::Scalar: {
        bool quoted = in.Tag() == "!";
        bool whole = false;
        std::string text = substitute(in.Scalar(), at, whole);
        // A value that was nothing but ${VAR} is coerced like an unquoted one (§6); one that
        // came out empty (${VAR:} with VAR unset) leaves the key unset.
        if (whole) quoted = false;
        if (whole && text.empty()) {
          YamlNode n;
          n.mark = at;
          return n;
        }
        return YamlNode::make_scalar(std::move(text), at, quoted);
      }
      case YAML::NodeType::Sequence: {
        YamlNode n = YamlNode::make_sequence(at);
        for (const YAML::Node& item : in) n.items.push_back(convert(item));
        return n;
      }
      case YAML::NodeType::Map: {
        YamlNode n = YamlNode::make_map(at);
        for (auto it = in.begin(); it != in.end(); ++it) {
          const YamlMark key_at = mark_of(it->first.Mark());
          if (!it->first.IsScalar())
            throw ConfigError(yaml_location(file_, key_at) + ": a mapping key must be a plain name");
          const std::string key = it->first.Scalar();
          if (n.find_entry(key))
            throw ConfigError(yaml_location(file_, key_at) + ": duplicate key '" + key + "'");
          n.entries.push_back({key, key_at, convert(it->second)});
        }
        return n;
      }
    }
    return {};
  }

 private:
  // ${NAME} and ${NAME:default}; `whole` when the scalar was one reference and nothing else.
  std::string substitute(const std::string& text, YamlMark at, bool& whole) {
    if (text.find("${") == std::string::npos) return text;
    std::string out;
    size_t i = 0, references = 0;
    bool only_reference = true;
    while (i < text.size()) {
      if (text.compare(i, 2, "${") != 0) {
        out += text[i++];
        only_reference = false;
        continue;
      }
      size_t j = i + 2;
      if (j >= text.size() || !is_name_start(text[j]))
        throw ConfigError(yaml_location(file_, at) + ": '${' must start a variable name (${NAME} or ${NAME:default})");
      while (j < text.size() && is_name_char(text[j])) ++j;
      const std::string name = text.substr(i + 2, j - i - 2);
      std::optional<std::string> fallback;
      if (j < text.size() && text[j] == ':') {
        const size_t close = text.find('}', j);
        if (close == std::string::npos)
          throw ConfigError(yaml_location(file_, at) + ": unterminated ${" + name + ":...}");
        fallback = text.substr(j + 1, close - j - 1);
        j = close;
      }
      if (j >= text.size() || text[j] != '}')
        throw ConfigError(yaml_location(file_, at) + ": unterminated ${" + name + "}");
      std::optional<std::string> value = env_(name);
      if (!value) value = fallback;
      if (!value)
        throw ConfigError(yaml_location(file_, at) + ": environment variable " + name +
                          " is not set (write ${" + name + ":default} to give a default)");
      if (first_invalid_utf8(*value) != std::string_view::npos)
        throw ConfigError(yaml_location(file_, at) + ": environment variable " + name + " is not valid UTF-8");
      out += *value;
      ++references;
      i = j + 1;
    }
    whole = only_reference && references == 1;
    return out;
  }

  const std::string& file_;
  const EnvLookup& env_;
};

// Offset of the first byte that is not well-formed UTF-8 (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), or npos. YAML files are UTF-8, and the values go on into
// JSON request bodies, which must be.
size_t first_invalid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t len = 0;
    uint32_t cp = 0, min = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2, cp = c & 0x1F, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3, cp = c & 0x0F, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4, cp = c & 0x07, min = 0x10000;
    } else {
      return i;
    }
    if (i + len > s.size()) return i;
    for (size_t k = 1; k < len; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if ((b & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i += len;
  }
  return std::string_view::npos;
}

YamlMark mark_at(std::string_view s, size_t offset) {
  YamlMark m{1, 1};
  for (size_t i = 0; i < offset; ++i) {
    if (s[i] == '\n') ++m.line, m.column = 1;
    else if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++m.column;
  }
  return m;
}

}  // namespace

YamlNode parse_yaml(std::string_view text, const std::string& file, const EnvLookup& env) {
  if (const size_t bad = first_invalid_utf8(text); bad != std::string_view::npos)
    throw ConfigError(yaml_location(file, mark_at(text, bad)) + ": the file is not valid UTF-8");
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    throw ConfigError(yaml_location(file, mark_of(e.mark)) + ": YAML syntax error: " + e.msg);
  }
  try {
    return Reader(file, env).convert(root);
  } catch (const YAML::Exception& e) {
    throw ConfigError(yaml_location(file, mark_of(e.mark)) + ": " + e.msg);
  }
}

YamlNode read_yaml_file(const std::string& path, const EnvLookup& env) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("--config: cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return parse_yaml(text.str(), path, env);
}

std::optional<bool> yaml_bool(const YamlNode& node) {
  if (!node.is_scalar() || node.quoted) return std::nullopt;
  const std::string& s = node.scalar;
  if (s == "true" || s == "True" || s == "TRUE") return true;
  if (s == "false" || s == "False" || s == "FALSE") return false;
  return std::nullopt;
}

nlohmann::ordered_json yaml_to_json(const YamlNode& node) {
  switch (node.kind) {
    case YamlNode::Kind::null:
      return nullptr;
    case YamlNode::Kind::scalar: {
      if (node.quoted) return node.scalar;
      if (std::optional<bool> b = yaml_bool(node)) return *b;
      const std::string& s = node.scalar;
      if (s == "null" || s == "Null" || s == "NULL" || s == "~") return nullptr;
      int64_t i = 0;
      auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), i);
      if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) return i;
      double d = 0;
      auto [fend, fec] = std::from_chars(s.data(), s.data() + s.size(), d);
      if (fec == std::errc() && fend == s.data() + s.size() && !s.empty() && std::isfinite(d)) return d;
      return s;
    }
    case YamlNode::Kind::sequence: {
      nlohmann::ordered_json a = nlohmann::ordered_json::array();
      for (const YamlNode& item : node.items) a.push_back(yaml_to_json(item));
      return a;
    }
    case YamlNode::Kind::map: {
      nlohmann::ordered_json o = nlohmann::ordered_json::object();
      for (const YamlEntry& e : node.entries) o[e.key] = yaml_to_json(e.value);
      return o;
    }
  }
  return nullptr;
}

YamlNode json_to_yaml(const nlohmann::ordered_json& value) {
  if (value.is_null()) return {};
  if (value.is_object()) {
    YamlNode n = YamlNode::make_map();
    for (const auto& [k, v] : value.items()) n.set(k, json_to_yaml(v));
    return n;
  }
  if (value.is_array()) {
    YamlNode n = YamlNode::make_sequence();
    for (const auto& v : value) n.items.push_back(json_to_yaml(v));
    return n;
  }
  if (value.is_string()) return YamlNode::make_scalar(value.get<std::string>(), {}, true);
  return YamlNode::make_scalar(value.dump());
}

namespace {

void emit(YAML::Emitter& out, const YamlNode& node) {
  switch (node.kind) {
    case YamlNode::Kind::null:
      out << YAML::Null;
      break;
    case YamlNode::Kind::scalar:
      if (node.quoted) out << YAML::DoubleQuoted;
      out << node.scalar;
      break;
    case YamlNode::Kind::sequence:
      out << YAML::BeginSeq;
      for (const YamlNode& item : node.items) emit(out, item);
      out << YAML::EndSeq;
      break;
    case YamlNode::Kind::map:
      out << YAML::BeginMap;
      for (const YamlEntry& e : node.entries) {
        out << YAML::Key << e.key << YAML::Value;
        emit(out, e.value);
      }
      out << YAML::EndMap;
      break;
  }
}

}  // namespace

std::string yaml_emit(const YamlNode& node) {
  YAML::Emitter out;
  emit(out, node);
  return std::string(out.c_str()) + "\n";
}

}  // namespace aiperf
