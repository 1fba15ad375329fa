// The --cache-bust splice (endpoints/cache_bust.h) on arbitrary request bodies: a dataset row's
// messages reach it as the author wrote them. Input: one selector byte (endpoint type x mode),
// then the body. Any text must be handled without a crash; for a body that is valid JSON (no
// duplicate keys, nesting the parser's reference can compare) the result must be valid JSON
// and equal to the same edit made on the parsed document.
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "common/json_nesting.h"
#include "endpoints/cache_bust.h"
#include "fuzz_input.h"

namespace {

using ojson = nlohmann::ordered_json;
using aiperf::CacheBust;
using aiperf::EndpointType;

constexpr EndpointType kTypes[] = {EndpointType::chat, EndpointType::responses, EndpointType::messages};
constexpr CacheBust kModes[] = {CacheBust::system_prefix,     CacheBust::system_suffix,
                                CacheBust::first_turn_prefix, CacheBust::first_turn_suffix,
                                CacheBust::warmup_isolation_system, CacheBust::warmup_isolation_first_turn};
constexpr std::string_view kMarker = "[rid:0123456789ab]";

bool is_content(const ojson& v) { return v.is_string() || v.is_array(); }

bool has_role(const ojson& m, const char* role) {
  auto it = m.find("role");
  return it != m.end() && it->is_string() && it->get_ref<const std::string&>() == role;
}

ojson* first_with_role(ojson& list, const char* role) {
  for (ojson& m : list)
    if (m.is_object() && has_role(m, role) && m.contains("content") && is_content(m["content"])) return &m["content"];
  return nullptr;
}

size_t count_keys(const ojson& v) {
  size_t n = 0;
  if (v.is_object())
    for (const auto& [key, value] : v.items()) n += 1 + count_keys(value);
  else if (v.is_array())
    for (const ojson& e : v) n += count_keys(e);
  return n;
}

// The reference: the rules of cache_bust.h applied to the parsed document; false = no target.
bool reference_edit(ojson& doc, EndpointType type, CacheBust mode) {
  if (!doc.is_object()) return false;
  const bool system = mode == CacheBust::system_prefix || mode == CacheBust::system_suffix ||
                      mode == CacheBust::warmup_isolation_system;
  const bool suffix = mode == CacheBust::system_suffix || mode == CacheBust::first_turn_suffix;
  const std::string text = suffix ? "\n\n" + std::string(kMarker) : std::string(kMarker) + "\n\n";
  const char* part_type = type == EndpointType::responses ? "input_text" : "text";
  const char* system_key = type == EndpointType::responses ? "instructions" : type == EndpointType::messages ? "system" : nullptr;
  const char* list_key = type == EndpointType::responses ? "input" : "messages";
  ojson* target = nullptr;
  if (system && system_key && doc.contains(system_key) && is_content(doc[system_key])) {
    target = &doc[system_key];
    if (type == EndpointType::messages && target->is_string())
      *target = ojson::array({{{"type", "text"}, {"text", *target}}});
  }
  if (!target && doc.contains(list_key)) {
    ojson& list = doc[list_key];
    if (list.is_array()) {
      if (system) target = first_with_role(list, "system");
      if (!target) target = first_with_role(list, "user");
    } else if (type == EndpointType::responses && list.is_string()) {
      target = &list;
    }
  }
  if (!target) return false;
  if (target->is_string()) {
    *target = suffix ? target->get<std::string>() + text : text + target->get<std::string>();
  } else {
    const ojson part = {{"type", part_type}, {"text", text}};
    if (suffix) target->push_back(part);
    else target->insert(target->begin(), part);
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aiperf::fuzz::FuzzInput in(data, size);
  const uint8_t selector = in.take_byte();
  const EndpointType type = kTypes[selector % 3];
  const CacheBust mode = kModes[(selector / 3) % 6];
  const std::string_view body = in.rest();

  std::string out = "untouched";
  const bool spliced = aiperf::apply_cache_bust(body, type, mode, kMarker, out);
  if (!spliced && out != "untouched") std::abort();
  if (spliced && (out.size() <= body.size() || out.find("0123456789ab") == std::string::npos)) std::abort();

  // The oracle needs a document the reference can hold: parsed, not too deep to compare, and
  // without duplicate keys (the splice takes a key's first occurrence, the parser its last).
  if (aiperf::find_json_nesting_excess(body, 256)) return 0;
  size_t keys_seen = 0;
  ojson doc = ojson::parse(
      body,
      [&keys_seen](int, ojson::parse_event_t event, ojson&) {
        if (event == ojson::parse_event_t::key) ++keys_seen;
        return true;
      },
      /*allow_exceptions=*/false);
  if (doc.is_discarded() || keys_seen != count_keys(doc)) return 0;
  const bool expected = reference_edit(doc, type, mode);
  if (expected != spliced) std::abort();
  if (!spliced) return 0;
  const ojson got = ojson::parse(out, nullptr, /*allow_exceptions=*/false);
  if (got.is_discarded() || got != doc) std::abort();
  return 0;
}
