#include "endpoints/cache_bust.h"

#include <cstdio>
#include <cstring>

#include <nlohmann/json.hpp>

#include "common/sigv4.h"

namespace aiperf {
namespace {

constexpr size_t npos = std::string_view::npos;

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

size_t skip_ws(std::string_view s, size_t p) {
  while (p < s.size() && is_ws(s[p])) ++p;
  return p;
}

// p at '"': the index after the closing quote, or npos. memchr finds each quote (string
// content is most of a body); a quote after an odd run of backslashes is escaped.
size_t skip_string(std::string_view s, size_t p) {
  const char* base = s.data();
  for (size_t from = p + 1; from < s.size();) {
    const void* hit = std::memchr(base + from, '"', s.size() - from);
    if (!hit) return npos;
    const size_t q = size_t(static_cast<const char*>(hit) - base);
    size_t backslashes = 0;
    while (q - backslashes > p + 1 && base[q - backslashes - 1] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return q + 1;
    from = q + 1;
  }
  return npos;
}

// p at the first character of a value: the index after it, or npos. Containers are matched
// with a stack of their own (no recursion: the text comes from outside).
size_t skip_value(std::string_view s, size_t p) {
  if (p >= s.size()) return npos;
  const char c = s[p];
  if (c == '"') return skip_string(s, p);
  if (c == '{' || c == '[') {
    std::string closers(1, c == '{' ? '}' : ']');
    for (++p; p < s.size();) {
      const char d = s[p];
      if (d == '"') {
        p = skip_string(s, p);
        if (p == npos) return npos;
      } else if (d == '{' || d == '[') {
        closers.push_back(d == '{' ? '}' : ']');
        ++p;
      } else if (d == '}' || d == ']') {
        if (closers.back() != d) return npos;
        closers.pop_back();
        ++p;
        if (closers.empty()) return p;
      } else {
        ++p;
      }
    }
    return npos;
  }
  size_t q = p;  // number, true, false, null
  while (q < s.size() && !is_ws(s[q]) && s[q] != ',' && s[q] != '}' && s[q] != ']' && s[q] != ':' && s[q] != '"' &&
         s[q] != '{' && s[q] != '[')
    ++q;
  return q == p ? npos : q;
}

// Calls f(key, value_begin, value_end) for each member of the object at p, in order; f may set
// value_end itself when it has found it, and returns true to stop. `key` is the raw text between
// the quotes. Returns the index after the object's '}', or npos when f stopped early or the text
// is malformed (the walk then ends quietly). A value is skipped only when the walk goes past it,
// so stopping at a key never scans its (possibly long) value.
template <class F>
size_t each_member(std::string_view s, size_t p, F&& f) {
  p = skip_ws(s, p + 1);
  if (p < s.size() && s[p] == '}') return p + 1;
  while (p < s.size() && s[p] == '"') {
    const size_t key_end = skip_string(s, p);
    if (key_end == npos) return npos;
    size_t colon = skip_ws(s, key_end);
    if (colon >= s.size() || s[colon] != ':') return npos;
    const size_t vb = skip_ws(s, colon + 1);
    if (vb >= s.size()) return npos;
    size_t ve = npos;
    if (f(s.substr(p + 1, key_end - p - 2), vb, ve)) return npos;
    if (ve == npos) ve = skip_value(s, vb);
    if (ve == npos) return npos;
    p = skip_ws(s, ve);
    if (p < s.size() && s[p] == '}') return p + 1;
    if (p >= s.size() || s[p] != ',') return npos;
    p = skip_ws(s, p + 1);
  }
  return npos;
}

// Whether the raw text of a JSON string (between its quotes) is `want`; an escaped spelling
// ("\u0073ystem") is decoded first.
bool string_is(std::string_view raw, std::string_view want) {
  if (raw.find('\\') == npos) return raw == want;
  try {
    return nlohmann::json::parse("\"" + std::string(raw) + "\"").get_ref<const std::string&>() == want;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

// A value's span in the body; a content value is a string or a list of parts.
struct Span {
  size_t begin = npos, end = npos;
  bool found() const { return begin != npos; }
};

bool is_content(std::string_view s, size_t vb) { return s[vb] == '"' || s[vb] == '['; }

// In the message list at p: the content of the first system and the first user message (the
// scan stops at the first system one when `want_system`, else at the first user one).
struct MessageSites {
  Span system, user;
};
MessageSites find_messages(std::string_view s, size_t p, bool want_system) {
  MessageSites sites;
  p = skip_ws(s, p + 1);
  while (p < s.size() && s[p] != ']') {
    size_t end = npos;
    if (s[p] == '{') {
      bool system = false, user = false;
      Span content;
      end = each_member(s, p, [&](std::string_view key, size_t vb, size_t& ve) {
        if (string_is(key, "role") && s[vb] == '"') {
          ve = skip_string(s, vb);
          if (ve == npos) return true;
          const std::string_view role = s.substr(vb + 1, ve - vb - 2);
          system = string_is(role, "system");
          user = string_is(role, "user");
        } else if (string_is(key, "content") && is_content(s, vb) && !content.found()) {
          ve = skip_value(s, vb);
          if (ve == npos) return true;
          content = {vb, ve};
        }
        return false;
      });
      if (end == npos) return sites;  // malformed: nothing after this is trusted
      if (content.found()) {
        if (system && !sites.system.found()) sites.system = content;
        if (user && !sites.user.found()) sites.user = content;
        if (want_system ? sites.system.found() : sites.user.found()) return sites;
      }
    } else {
      end = skip_value(s, p);
      if (end == npos) return sites;
    }
    p = skip_ws(s, end);
    if (p >= s.size() || s[p] != ',') return sites;
    p = skip_ws(s, p + 1);
  }
  return sites;
}

void append_escaped(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char u[8];
          std::snprintf(u, sizeof u, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
          out += u;
        } else {
          out.push_back(c);
        }
    }
  }
}

void append_text_part(std::string& out, std::string_view part_type, std::string_view text) {
  out += "{\"type\":\"";
  out += part_type;
  out += "\",\"text\":\"";
  append_escaped(out, text);
  out += "\"}";
}

bool targets_system(CacheBust mode) {
  return mode == CacheBust::system_prefix || mode == CacheBust::system_suffix ||
         mode == CacheBust::warmup_isolation_system;
}

bool is_suffix(CacheBust mode) { return mode == CacheBust::system_suffix || mode == CacheBust::first_turn_suffix; }

}  // namespace

std::string cache_bust_marker(std::string_view benchmark_id, uint32_t recycle_pass, uint64_t trajectory,
                              std::string_view base_trace_id) {
  // One unambiguous text per tuple: the ids never contain a newline that would shift the fields.
  std::string key(benchmark_id);
  key += '\n';
  key += std::to_string(recycle_pass);
  key += '\n';
  key += std::to_string(trajectory);
  key += '\n';
  key += base_trace_id;
  std::string hex;
  append_hex(hex, sha256(key));
  return "[rid:" + hex.substr(0, 12) + "]";
}

bool warmup_isolation(CacheBust mode) {
  return mode == CacheBust::warmup_isolation_system || mode == CacheBust::warmup_isolation_first_turn;
}

bool apply_cache_bust(std::string_view s, EndpointType type, CacheBust mode, std::string_view marker,
                      std::string& out) {
  if (mode == CacheBust::none) return false;
  const size_t root = skip_ws(s, 0);
  if (root >= s.size() || s[root] != '{') return false;
  const bool want_system = targets_system(mode);
  const bool responses = type == EndpointType::responses;
  // Where the system text lives outside the message list: responses' instructions, Anthropic's system.
  const std::string_view system_key = responses ? "instructions" : type == EndpointType::messages ? "system" : "";
  const std::string_view list_key = responses ? "input" : "messages";
  Span system_field, input_string;
  size_t list = npos;
  each_member(s, root, [&](std::string_view key, size_t vb, size_t& ve) {
    if (list == npos && !input_string.found() && string_is(key, list_key)) {
      if (s[vb] == '[') {
        list = vb;
      } else if (responses && s[vb] == '"') {
        ve = skip_string(s, vb);
        if (ve == npos) return true;
        input_string = {vb, ve};
      }
    } else if (want_system && !system_key.empty() && !system_field.found() && string_is(key, system_key) &&
               is_content(s, vb)) {
      ve = skip_value(s, vb);
      if (ve == npos) return true;
      system_field = {vb, ve};
    }
    // Later members matter only while the system field may still come.
    return system_field.found() || ((list != npos || input_string.found()) && (!want_system || system_key.empty()));
  });

  Span target = system_field;
  const bool anthropic_system = system_field.found() && type == EndpointType::messages && s[system_field.begin] == '"';
  if (!target.found() && list != npos) {
    const MessageSites sites = find_messages(s, list, want_system);
    target = want_system && sites.system.found() ? sites.system : sites.user;
  }
  if (!target.found()) target = input_string;
  if (!target.found()) return false;

  const bool suffix = is_suffix(mode);
  std::string text(suffix ? "\n\n" : "");
  text += marker;
  if (!suffix) text += "\n\n";
  const std::string_view part_type = responses ? "input_text" : "text";
  out.clear();
  out.reserve(s.size() + text.size() + 64);
  if (anthropic_system) {  // its own block; the original text stays one block, byte for byte
    out.append(s.substr(0, target.begin));
    out.push_back('[');
    if (!suffix) {
      append_text_part(out, part_type, text);
      out.push_back(',');
    }
    out += "{\"type\":\"text\",\"text\":";
    out.append(s.substr(target.begin, target.end - target.begin));
    out.push_back('}');
    if (suffix) {
      out.push_back(',');
      append_text_part(out, part_type, text);
    }
    out.push_back(']');
    out.append(s.substr(target.end));
    return true;
  }
  if (s[target.begin] == '"') {
    const size_t at = suffix ? target.end - 1 : target.begin + 1;
    out.append(s.substr(0, at));
    append_escaped(out, text);
    out.append(s.substr(at));
    return true;
  }
  const bool empty = s[skip_ws(s, target.begin + 1)] == ']';
  const size_t at = suffix ? target.end - 1 : target.begin + 1;
  out.append(s.substr(0, at));
  if (suffix && !empty) out.push_back(',');
  append_text_part(out, part_type, text);
  if (!suffix && !empty) out.push_back(',');
  out.append(s.substr(at));
  return true;
}

}  // namespace aiperf
