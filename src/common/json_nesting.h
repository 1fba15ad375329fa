#pragma once
// A nesting limit for JSON that comes from users (dataset files, --extra-inputs, traces, ...).
// nlohmann's parser is iterative, but dump(), copies and comparisons recurse once per level, so
// a row nested 100,000 deep parses fine and then overflows the stack when the request body is
// written. The text is scanned before it is parsed: one pass, no allocation, so a hostile file
// is refused in the time it takes to read it.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace aiperf {

// Deeper than any real request body or trace row (tool schemas reach a few dozen levels) and
// far below what the recursion can take on a worker thread's stack. docs/datasets.md.
inline constexpr size_t kMaxJsonNesting = 512;

struct JsonNestingExcess {
  size_t offset = 0;  // byte of the bracket that opens level limit + 1
  size_t line = 1;    // 1-based line of that byte
};

// Where `text` first nests deeper than `limit` arrays/objects, brackets inside strings not
// counted; nullopt when it never does. The text need not be valid JSON.
std::optional<JsonNestingExcess> find_json_nesting_excess(std::string_view text,
                                                          size_t limit = kMaxJsonNesting);

// "nesting too deep (limit 512)": the tail every caller puts after its file/line/option.
std::string json_nesting_message(size_t limit = kMaxJsonNesting);

}  // namespace aiperf
