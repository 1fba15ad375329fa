#pragma once
// A YAML document as the config loader works on it: plain values with the line and column each
// key and value came from, so that every error after the shorthands are rewritten can still
// name file:line:column. Read with yaml-cpp; `${VAR}` / `${VAR:default}` are substituted while
// reading (cli-and-load.md §6: before anything else).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/env_settings.h"  // EnvLookup, process_environment()

namespace aiperf {

struct YamlMark {
  int line = 0, column = 0;  // 1-based; 0 when the loader made the node itself
};

struct YamlEntry;

struct YamlNode {
  enum class Kind { null, scalar, sequence, map };
  Kind kind = Kind::null;
  std::string scalar;
  bool quoted = false;  // a quoted scalar is always a string, never a number or a boolean
  std::vector<YamlNode> items;
  std::vector<YamlEntry> entries;
  YamlMark mark;

  static YamlNode make_scalar(std::string text, YamlMark at = {}, bool quoted = false);
  static YamlNode make_map(YamlMark at = {});
  static YamlNode make_sequence(YamlMark at = {});

  bool is_map() const { return kind == Kind::map; }
  bool is_sequence() const { return kind == Kind::sequence; }
  bool is_scalar() const { return kind == Kind::scalar; }
  bool is_null() const { return kind == Kind::null; }

  const YamlNode* find(std::string_view key) const;
  YamlNode* find(std::string_view key);
  const YamlEntry* find_entry(std::string_view key) const;
  // Sets (or replaces) `key`; returns the stored value.
  YamlNode& set(std::string key, YamlNode value, YamlMark key_mark = {});
  bool erase(std::string_view key);
};

struct YamlEntry {
  std::string key;
  YamlMark key_mark;
  YamlNode value;
};


// Parses `text` (from `file`, for messages). Syntax errors, duplicate keys, anchors used as
// merge keys and unset `${VAR}` are ConfigError "file:line:column: ...".
YamlNode parse_yaml(std::string_view text, const std::string& file, const EnvLookup& env);
YamlNode read_yaml_file(const std::string& path, const EnvLookup& env);

// "file:line:column" (or just "file" for a node the loader made).
std::string yaml_location(const std::string& file, YamlMark mark);

// The scalar as JSON: null, true/false, an integer, a float, else a string (quoted ones always).
nlohmann::ordered_json yaml_to_json(const YamlNode& node);
YamlNode json_to_yaml(const nlohmann::ordered_json& value);
std::string yaml_emit(const YamlNode& node);

// Whole-scalar coercions shared by the loader (YAML 1.2 core schema).
std::optional<bool> yaml_bool(const YamlNode& node);

}  // namespace aiperf
