#pragma once
// Pretty JSON text of a document, spelled as upstream's writer (orjson, OPT_INDENT_2) spells
// it: 2-space indent, "key": value, floats in ryu's shortest form (append_json_double),
// integers as integers, no final newline. nlohmann's own dump writes 17 significant digits and
// Python's exponent spelling, so the pretty files are serialised here instead.
#include <string>

#include <nlohmann/json.hpp>

namespace aiperf {

// Invalid UTF-8 in strings (server error bodies) becomes U+FFFD.
// `depth` indents nested lines as if the document sat that many levels deep (for files
// streamed piece by piece); the first line is never indented.
std::string pretty_json_text(const nlohmann::ordered_json& doc, int depth = 0);

}  // namespace aiperf
