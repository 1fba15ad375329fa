#include "export/pretty_json.h"

#include "metrics/json_text.h"

namespace aiperf {
namespace {

void newline_indent(std::string& out, int depth) {
  out.push_back('\n');
  out.append(size_t(depth) * 2, ' ');
}

void write_value(std::string& out, const nlohmann::ordered_json& v, int depth) {
  using value_t = nlohmann::ordered_json::value_t;
  switch (v.type()) {
    case value_t::object: {
      if (v.empty()) {
        out += "{}";
        return;
      }
      out.push_back('{');
      bool first = true;
      for (const auto& [key, item] : v.items()) {
        if (!first) out.push_back(',');
        first = false;
        newline_indent(out, depth + 1);
        append_json_string(out, key);
        out += ": ";
        write_value(out, item, depth + 1);
      }
      newline_indent(out, depth);
      out.push_back('}');
      return;
    }
    case value_t::array: {
      if (v.empty()) {
        out += "[]";
        return;
      }
      out.push_back('[');
      bool first = true;
      for (const auto& item : v) {
        if (!first) out.push_back(',');
        first = false;
        newline_indent(out, depth + 1);
        write_value(out, item, depth + 1);
      }
      newline_indent(out, depth);
      out.push_back(']');
      return;
    }
    case value_t::string: append_json_string(out, v.get_ref<const std::string&>()); return;
    case value_t::boolean: out += v.get<bool>() ? "true" : "false"; return;
    case value_t::number_integer: append_json_int(out, v.get<int64_t>()); return;
    case value_t::number_unsigned: out += std::to_string(v.get<uint64_t>()); return;
    case value_t::number_float: append_json_double(out, v.get<double>()); return;
    case value_t::null:
    case value_t::discarded:
    case value_t::binary: out += "null"; return;
  }
}

}  // namespace

std::string pretty_json_text(const nlohmann::ordered_json& doc, int depth) {
  std::string out;
  write_value(out, doc, depth);
  return out;
}

}  // namespace aiperf
