#include "tokenizer/normalizer.h"

#include <stdexcept>
#include <string>

#include "tokenizer/unicode_lowercase.h"
#include "tokenizer/unicode_nfc.h"
#include "tokenizer/unicode_whitespace.h"

namespace aiperf {

std::string replace_all(std::string_view text, std::string_view from, std::string_view to) {
  std::string out;
  out.reserve(text.size() + text.size() / 4);
  size_t pos = 0;
  for (size_t hit; (hit = text.find(from, pos)) != std::string_view::npos; pos = hit + from.size()) {
    out.append(text.substr(pos, hit - pos));
    out.append(to);
  }
  out.append(text.substr(pos));
  return out;
}

namespace {

constexpr size_t kMaxGrowth = 64;
constexpr size_t kMaxGrowthSlack = 4096;

std::string replace_regex(std::string_view text, const Pcre2Regex& re, std::string_view to) {
  std::string out;
  size_t last = 0;
  re.for_each_match(text, [&](size_t b, size_t e) {
    out.append(text.substr(last, b - last));
    out.append(to);
    last = e;
  });
  out.append(text.substr(last));
  return out;
}

std::string strip(std::string_view text, bool left, bool right) {
  size_t b = 0, e = text.size();
  if (left) {
    while (b < e) {
      size_t len = whitespace_length_at(text, b);
      if (len == 0) break;
      b += len;
    }
  }
  if (right) {
    while (e > b) {
      size_t len = whitespace_length_before(text, e);
      if (len == 0) break;
      e -= len;
    }
  }
  return std::string(text.substr(b, e - b));
}

}  // namespace

std::string Normalizer::apply(std::string_view text) const {
  std::string out(text);
  for (const auto& step : steps_) {
    switch (step.kind) {
      case NormalizerKind::kNfc:
        out = to_nfc(out);
        break;
      case NormalizerKind::kNfd:
        out = normalize_unicode(out, UnicodeForm::kNfd);
        break;
      case NormalizerKind::kNfkc:
        out = normalize_unicode(out, UnicodeForm::kNfkc);
        break;
      case NormalizerKind::kNfkd:
        out = normalize_unicode(out, UnicodeForm::kNfkd);
        break;
      case NormalizerKind::kLowercase:
        out = to_lowercase(out);
        break;
      case NormalizerKind::kStrip:
        out = strip(out, step.strip_left, step.strip_right);
        break;
      case NormalizerKind::kPrepend:
        // HuggingFace leaves empty text empty.
        if (!out.empty()) out.insert(0, step.literal);
        break;
      case NormalizerKind::kReplace:
        if (step.regex) {
          out = replace_regex(out, *step.regex, step.content);
        } else if (!step.literal.empty()) {
          out = replace_all(out, step.literal, step.content);
        }
        break;
    }
    // Replace rules can feed each other (a content holding its own pattern, chained): a
    // fuzzed tokenizer.json grew 5 bytes exponentially. No real normalizer grows text by more
    // than a few times (NFKD's widest expansion is 11x).
    if (out.size() > kMaxGrowth * text.size() + kMaxGrowthSlack)
      throw std::runtime_error("tokenizer normalizer grew " + std::to_string(text.size()) + " bytes of text past " +
                               std::to_string(out.size()) + " (more than " + std::to_string(kMaxGrowth) +
                               " times): its Replace or Prepend rules feed each other");
  }
  return out;
}

}  // namespace aiperf
