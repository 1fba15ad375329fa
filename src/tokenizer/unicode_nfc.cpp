#include "tokenizer/unicode_nfc.h"

#include <algorithm>
#include <vector>

#include "tokenizer/unicode_extra_tables.h"
#include "tokenizer/unicode_nfc_tables.h"
#include "tokenizer/utf8.h"

namespace aiperf {
namespace {

using namespace nfc_tables;

// Hangul syllables compose and decompose arithmetically (Unicode §3.12).
constexpr char32_t kSBase = 0xAC00, kLBase = 0x1100, kVBase = 0x1161, kTBase = 0x11A7;
constexpr char32_t kLCount = 19, kVCount = 21, kTCount = 28, kNCount = kVCount * kTCount, kSCount = kLCount * kNCount;

uint8_t combining_class(char32_t cp) {
  const auto* end = kCombiningClass + kCombiningClassCount;
  const auto* it = std::lower_bound(kCombiningClass, end, cp, [](const CombiningClass& c, char32_t v) { return c.cp < v; });
  return it != end && it->cp == cp ? it->ccc : 0;
}

bool may_change(char32_t cp) {
  const auto* end = kMaybeChanging + kMaybeChangingCount;
  const auto* it = std::lower_bound(kMaybeChanging, end, cp, [](const CodePointRange& r, char32_t v) { return r.last < v; });
  return it != end && it->first <= cp;
}

void decompose(char32_t cp, std::vector<char32_t>& out) {
  if (cp >= kSBase && cp < kSBase + kSCount) {
    char32_t s = cp - kSBase;
    out.push_back(kLBase + s / kNCount);
    out.push_back(kVBase + (s % kNCount) / kTCount);
    if (s % kTCount != 0) out.push_back(kTBase + s % kTCount);
    return;
  }
  const auto* end = kDecomposition + kDecompositionCount;
  const auto* it = std::lower_bound(kDecomposition, end, cp, [](const Decomposition& d, char32_t v) { return d.cp < v; });
  if (it == end || it->cp != cp) {
    out.push_back(cp);
    return;
  }
  decompose(it->first, out);
  if (it->second != 0) decompose(it->second, out);
}

// Full compatibility decomposition (which includes the canonical one).
void decompose_compatibility(char32_t cp, std::vector<char32_t>& out) {
  using extra_tables::kCompatibility, extra_tables::kCompatibilityCount, extra_tables::kCompatibilityData;
  const auto* end = kCompatibility + kCompatibilityCount;
  const auto* it = std::lower_bound(kCompatibility, end, cp,
                                    [](const extra_tables::Mapping& m, char32_t v) { return m.cp < v; });
  if (it == end || it->cp != cp) {
    decompose(cp, out);
    return;
  }
  out.insert(out.end(), kCompatibilityData + it->offset, kCompatibilityData + it->offset + it->length);
}

// The primary composite of (first, second), or 0 when there is none.
char32_t compose(char32_t first, char32_t second) {
  if (first >= kLBase && first < kLBase + kLCount && second >= kVBase && second < kVBase + kVCount) {
    return kSBase + ((first - kLBase) * kVCount + (second - kVBase)) * kTCount;
  }
  if (first >= kSBase && first < kSBase + kSCount && (first - kSBase) % kTCount == 0 && second > kTBase &&
      second < kTBase + kTCount) {
    return first + (second - kTBase);
  }
  const auto* end = kComposition + kCompositionCount;
  const auto* it = std::lower_bound(kComposition, end, std::pair{first, second}, [](const Composition& c, auto v) {
    return c.first != v.first ? c.first < v.first : c.second < v.second;
  });
  return it != end && it->first == first && it->second == second ? it->composite : 0;
}

std::vector<char32_t> code_points(std::string_view text) {
  std::vector<char32_t> cps;
  cps.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    size_t len = utf8::valid_sequence_length(text, i);
    cps.push_back(utf8::decode_at(text, i, len));
    i += len;
  }
  return cps;
}

// Full normalization of a span: decompose, order marks canonically, recompose for C forms.
void normalize_span(std::string_view text, UnicodeForm form, std::string& out) {
  bool compatibility = form == UnicodeForm::kNfkc || form == UnicodeForm::kNfkd;
  std::vector<char32_t> decomposed;
  for (char32_t cp : code_points(text)) {
    if (compatibility) {
      decompose_compatibility(cp, decomposed);
    } else {
      decompose(cp, decomposed);
    }
  }

  // Canonical ordering: stable-sort each run of non-starters by combining class.
  for (size_t i = 0; i < decomposed.size();) {
    if (combining_class(decomposed[i]) == 0) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < decomposed.size() && combining_class(decomposed[j]) != 0) ++j;
    std::stable_sort(decomposed.begin() + long(i), decomposed.begin() + long(j),
                     [](char32_t a, char32_t b) { return combining_class(a) < combining_class(b); });
    i = j;
  }
  if (form == UnicodeForm::kNfd || form == UnicodeForm::kNfkd) {
    for (char32_t cp : decomposed) utf8::append(out, cp);
    return;
  }

  // Canonical composition: a character joins the last starter unless something between them
  // blocks it (a starter, or a mark of the same or higher class).
  std::vector<char32_t> composed;
  composed.reserve(decomposed.size());
  long starter = -1;
  uint8_t last_ccc = 0;
  for (char32_t cp : decomposed) {
    uint8_t ccc = combining_class(cp);
    if (starter >= 0) {
      bool adjacent = long(composed.size()) - 1 == starter;
      if (adjacent || (last_ccc != 0 && last_ccc < ccc)) {
        if (char32_t c = compose(composed[size_t(starter)], cp)) {
          composed[size_t(starter)] = c;
          continue;
        }
      }
    }
    if (ccc == 0) starter = long(composed.size());
    last_ccc = ccc;
    composed.push_back(cp);
  }
  for (char32_t cp : composed) utf8::append(out, cp);
}

}  // namespace

// A "stable" code point (not in kMaybeChanging) is a starter that nothing after it can join and
// that never changes, so text splits there into independent spans; only spans holding a
// maybe-changing code point need the full algorithm.
std::string to_nfc(std::string_view text) {
  std::string out;
  size_t copied = 0;       // text[0, copied) is already in out
  size_t last_stable = 0;  // offset of the last stable code point seen
  size_t i = 0;
  while (i < text.size()) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      last_stable = i++;
      continue;
    }
    size_t len = utf8::valid_sequence_length(text, i);
    if (!may_change(utf8::decode_at(text, i, len))) {
      last_stable = i;
      i += len;
      continue;
    }
    // The span runs from the last stable code point (it may compose with what follows)
    // to the next stable one.
    size_t begin = std::max(copied, last_stable);
    size_t end = i + len;
    while (end < text.size()) {
      size_t l = utf8::valid_sequence_length(text, end);
      if (!may_change(utf8::decode_at(text, end, l))) break;
      end += l;
    }
    if (out.empty()) out.reserve(text.size());
    out.append(text.substr(copied, begin - copied));
    normalize_span(text.substr(begin, end - begin), UnicodeForm::kNfc, out);
    copied = i = end;
    last_stable = end;
  }
  if (copied == 0) return std::string(text);
  out.append(text.substr(copied));
  return out;
}

std::string normalize_unicode(std::string_view text, UnicodeForm form) {
  if (form == UnicodeForm::kNfc) return to_nfc(text);
  // ASCII is invariant under every form; the other forms are rare enough to run in full.
  bool ascii = true;
  for (char c : text) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii) return std::string(text);
  std::string out;
  out.reserve(text.size());
  normalize_span(text, form, out);
  return out;
}

}  // namespace aiperf
