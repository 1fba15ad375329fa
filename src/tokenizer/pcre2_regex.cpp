#include "tokenizer/pcre2_regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdexcept>

namespace aiperf {
namespace {

std::string pcre2_message(int code) {
  PCRE2_UCHAR buf[256];
  pcre2_get_error_message(code, buf, sizeof buf);
  return reinterpret_cast<const char*>(buf);
}

// One match-data block per thread and pattern size is enough: matches never nest.
struct MatchData {
  pcre2_match_data* md = pcre2_match_data_create(1, nullptr);
  ~MatchData() { pcre2_match_data_free(md); }
};

}  // namespace

Pcre2Regex::Pcre2Regex(const std::string& pattern) : pattern_(pattern) {
  int err = 0;
  PCRE2_SIZE offset = 0;
  pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                   PCRE2_UTF | PCRE2_UCP | PCRE2_NO_UTF_CHECK, &err, &offset, nullptr);
  if (code == nullptr) {
    throw std::runtime_error("invalid regex '" + pattern + "' at offset " + std::to_string(offset) + ": " +
                             pcre2_message(err));
  }
  // JIT is an optimisation only; the interpreter gives the same matches where it is missing.
  pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);
  code_ = code;
}

Pcre2Regex::~Pcre2Regex() { pcre2_code_free(static_cast<pcre2_code*>(code_)); }

void Pcre2Regex::for_each_match(std::string_view subject,
                                const std::function<void(size_t, size_t)>& on_match) const {
  thread_local MatchData data;
  auto* code = static_cast<pcre2_code*>(code_);
  auto* s = reinterpret_cast<PCRE2_SPTR>(subject.data());
  size_t pos = 0;
  while (pos <= subject.size()) {
    int rc = pcre2_match(code, s, subject.size(), pos, PCRE2_NO_UTF_CHECK, data.md, nullptr);
    if (rc == PCRE2_ERROR_NOMATCH) return;
    if (rc < 0) throw std::runtime_error("regex '" + pattern_ + "' failed: " + pcre2_message(rc));
    const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(data.md);
    size_t begin = ov[0], end = ov[1];
    if (end > begin) {
      on_match(begin, end);
      pos = end;
    } else {
      pos = end + 1;
      while (pos < subject.size() && (static_cast<unsigned char>(subject[pos]) & 0xC0) == 0x80) ++pos;
    }
  }
}

}  // namespace aiperf
