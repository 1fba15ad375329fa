#include "tokenizer/decoder.h"

#include "tokenizer/byte_level.h"
#include "tokenizer/normalizer.h"
#include "tokenizer/utf8.h"

namespace aiperf {
namespace {

void decode_byte_level(std::vector<std::string>& tokens) {
  std::string bytes;
  for (const auto& t : tokens) {
    // A token with characters outside the byte map (e.g. an added token) passes through as is.
    size_t mark = bytes.size();
    if (!byte_level::decode(t, bytes)) {
      bytes.resize(mark);
      bytes += t;
    }
  }
  tokens.assign(1, utf8::is_valid(bytes) ? bytes : utf8::sanitize(bytes));
}

void metaspace(const DecoderStep& step, std::vector<std::string>& tokens) {
  for (size_t i = 0; i < tokens.size(); ++i) {
    // HuggingFace drops every replacement character of the first token when it prepends one.
    tokens[i] = replace_all(tokens[i], step.text, i == 0 && step.drop_first_replacement ? "" : " ");
  }
}

// "<0xNN>" -> NN, or -1.
int byte_token_value(const std::string& t) {
  if (t.size() != 6 || t.compare(0, 3, "<0x") != 0 || t[5] != '>') return -1;
  auto hex = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  int hi = hex(t[3]), lo = hex(t[4]);
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

void byte_fallback(std::vector<std::string>& tokens) {
  std::vector<std::string> out;
  std::string bytes;
  size_t byte_count = 0;
  auto flush = [&] {
    if (byte_count == 0) return;
    if (utf8::is_valid(bytes)) {
      out.push_back(bytes);
    } else {
      // HuggingFace emits one replacement character per byte when the run is not UTF-8.
      for (size_t i = 0; i < byte_count; ++i) out.emplace_back("\xEF\xBF\xBD");
    }
    bytes.clear();
    byte_count = 0;
  };
  for (auto& t : tokens) {
    int b = byte_token_value(t);
    if (b >= 0) {
      bytes += char(b);
      ++byte_count;
    } else {
      flush();
      out.push_back(std::move(t));
    }
  }
  flush();
  tokens.swap(out);
}

void fuse(std::vector<std::string>& tokens) {
  std::string all;
  for (const auto& t : tokens) all += t;
  tokens.assign(1, std::move(all));
}

// Strips up to step.start leading and step.stop trailing copies of the character.
void strip(const DecoderStep& step, std::vector<std::string>& tokens) {
  const std::string& c = step.text;
  for (auto& t : tokens) {
    std::string_view v = t;
    for (size_t i = 0; i < step.start && v.starts_with(c); ++i) v.remove_prefix(c.size());
    for (size_t i = 0; i < step.stop && v.ends_with(c); ++i) v.remove_suffix(c.size());
    t = std::string(v);
  }
}

void replace(const DecoderStep& step, std::vector<std::string>& tokens) {
  for (auto& t : tokens) {
    if (step.regex) {
      std::string out;
      size_t last = 0;
      step.regex->for_each_match(t, [&](size_t b, size_t e) {
        out.append(t, last, b - last);
        out += step.content;
        last = e;
      });
      out.append(t, last);
      t = std::move(out);
    } else if (!step.text.empty()) {
      t = replace_all(t, step.text, step.content);
    }
  }
}

}  // namespace

std::string Decoder::decode(std::vector<std::string> tokens) const {
  std::string out;
  if (join_with_spaces_) {
    for (size_t i = 0; i < tokens.size(); ++i) {
      if (i > 0) out += ' ';
      out += tokens[i];
    }
  } else {
    for (const auto& step : steps_) {
      switch (step.kind) {
        case DecoderStep::Kind::kByteLevel:
          decode_byte_level(tokens);
          break;
        case DecoderStep::Kind::kMetaspace:
          metaspace(step, tokens);
          break;
        case DecoderStep::Kind::kByteFallback:
          byte_fallback(tokens);
          break;
        case DecoderStep::Kind::kFuse:
          fuse(tokens);
          break;
        case DecoderStep::Kind::kStrip:
          strip(step, tokens);
          break;
        case DecoderStep::Kind::kReplace:
          replace(step, tokens);
          break;
      }
    }
    for (const auto& t : tokens) out += t;
  }
  // Tokens can end inside a multi-byte character; HF decodes such bytes lossily.
  return utf8::is_valid(out) ? out : utf8::sanitize(out);
}

}  // namespace aiperf
