#pragma once
// A compiled PCRE2 pattern (UTF + UCP, JIT when available). The tokenizers' split patterns use
// lookahead and \p{L}/\p{N}, which std::regex and RE2 cannot run. Thread-safe after construction.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace aiperf {

class Pcre2Regex {
 public:
  // Throws std::runtime_error naming the pattern and PCRE2's message when it does not compile.
  explicit Pcre2Regex(const std::string& pattern);
  ~Pcre2Regex();
  Pcre2Regex(const Pcre2Regex&) = delete;
  Pcre2Regex& operator=(const Pcre2Regex&) = delete;

  // Calls on_match(begin, end) for every non-overlapping match, left to right. `subject` must be
  // valid UTF-8. An empty match never stalls the scan: it advances by one code point.
  void for_each_match(std::string_view subject, const std::function<void(size_t, size_t)>& on_match) const;

  const std::string& pattern() const { return pattern_; }

 private:
  std::string pattern_;
  void* code_ = nullptr;  // pcre2_code_8*, kept opaque so callers need no PCRE2 headers
};

}  // namespace aiperf
