#include "tokenizer/pre_tokenizer.h"

#include "tokenizer/byte_level.h"
#include "tokenizer/normalizer.h"

namespace aiperf {

const char* const kGpt2SplitPattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

std::string regex_escape(std::string_view literal) {
  std::string out;
  for (char c : literal) {
    if (std::string_view("\\^$.|?*+()[]{}-/#").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::vector<std::string> apply_split(const SplitStep& step, std::string_view piece) {
  struct Segment {
    size_t begin, end;
    bool is_match;
  };
  std::vector<Segment> segs;
  size_t last = 0;
  step.regex->for_each_match(piece, [&](size_t b, size_t e) {
    if (b > last) segs.push_back({last, b, false});
    segs.push_back({b, e, true});
    last = e;
  });
  if (last < piece.size()) segs.push_back({last, piece.size(), false});
  // With invert the pattern describes the content and the gaps are the delimiters.
  if (step.invert) {
    for (auto& s : segs) s.is_match = !s.is_match;
  }

  std::vector<std::string> out;
  auto text = [&](const Segment& s) { return std::string(piece.substr(s.begin, s.end - s.begin)); };
  bool last_was_match = false;
  std::string carry;  // MergedWithNext: a delimiter waiting for the segment after it
  for (size_t i = 0; i < segs.size(); ++i) {
    const auto& s = segs[i];
    switch (step.behavior) {
      case SplitBehavior::kIsolated:
        out.push_back(text(s));
        break;
      case SplitBehavior::kRemoved:
        if (!s.is_match) out.push_back(text(s));
        break;
      case SplitBehavior::kMergedWithPrevious:
        if (s.is_match && !out.empty() && !last_was_match) {
          out.back() += text(s);
        } else {
          out.push_back(text(s));
        }
        break;
      case SplitBehavior::kMergedWithNext:
        if (s.is_match && i + 1 < segs.size() && !segs[i + 1].is_match) {
          carry = text(s);
        } else {
          out.push_back(carry + text(s));
          carry.clear();
        }
        break;
      case SplitBehavior::kContiguous:
        if (s.is_match && last_was_match && !out.empty()) {
          out.back() += text(s);
        } else {
          out.push_back(text(s));
        }
        break;
    }
    last_was_match = s.is_match;
  }
  return out;
}

namespace {

void apply_byte_level(const ByteLevelStep& step, std::string_view piece, std::vector<std::string>& out) {
  std::string prefixed;
  if (step.add_prefix_space && !piece.empty() && piece.front() != ' ') {
    prefixed = " ";
    prefixed += piece;
    piece = prefixed;
  }
  auto emit = [&](std::string_view part) {
    std::string mapped;
    mapped.reserve(part.size() * 2);
    byte_level::encode(part, mapped);
    out.push_back(std::move(mapped));
  };
  if (!step.gpt2_regex) {
    if (!piece.empty()) emit(piece);
    return;
  }
  SplitStep isolate{step.gpt2_regex, SplitBehavior::kIsolated, false};
  for (const auto& part : apply_split(isolate, piece)) emit(part);
}

void apply_metaspace(const MetaspaceStep& step, std::string_view piece, bool first, std::vector<std::string>& out) {
  std::string text = replace_all(piece, " ", step.replacement);
  bool prepend = step.prepend_scheme == PrependScheme::kAlways || (step.prepend_scheme == PrependScheme::kFirst && first);
  if (prepend && !text.starts_with(step.replacement)) text.insert(0, step.replacement);
  if (!step.split) {
    out.push_back(std::move(text));
    return;
  }
  // MergedWithNext on the replacement: every piece but the first starts with it.
  size_t start = 0;
  for (size_t hit = text.find(step.replacement, 1); hit != std::string::npos;
       hit = text.find(step.replacement, hit + step.replacement.size())) {
    if (hit > start) out.push_back(text.substr(start, hit - start));
    start = hit;
  }
  if (start < text.size()) out.push_back(text.substr(start));
}

}  // namespace

void PreTokenizer::split(std::string_view text, std::vector<std::string>& out, bool at_text_start) const {
  std::vector<std::string> pieces{std::string(text)};
  std::vector<std::string> next;
  for (const auto& step : steps_) {
    next.clear();
    for (size_t i = 0; i < pieces.size(); ++i) {
      const auto& p = pieces[i];
      if (p.empty()) continue;  // HuggingFace drops empty splits after every step
      switch (step.kind) {
        case PreTokenizerStep::Kind::kSplit:
          for (auto& s : apply_split(step.split, p)) next.push_back(std::move(s));
          break;
        case PreTokenizerStep::Kind::kByteLevel:
          apply_byte_level(step.byte_level, p, next);
          break;
        case PreTokenizerStep::Kind::kMetaspace:
          apply_metaspace(step.metaspace, p, at_text_start && i == 0, next);
          break;
      }
    }
    pieces.swap(next);
  }
  for (auto& p : pieces) {
    if (!p.empty()) out.push_back(std::move(p));
  }
}

}  // namespace aiperf
