#include "tokenizer/hf_tokenizer.h"

#include <stdexcept>

#include "tokenizer/byte_level.h"
#include "tokenizer/utf8.h"

namespace aiperf {

std::unique_ptr<HfTokenizer> HfTokenizer::load(const std::filesystem::path& tokenizer_json) {
  return std::make_unique<HfTokenizer>(read_tokenizer_json(tokenizer_json), tokenizer_json.string());
}

std::unique_ptr<HfTokenizer> HfTokenizer::from_json(std::string_view json_text, std::string name) {
  return std::make_unique<HfTokenizer>(parse_tokenizer_json(json_text, name), name);
}

HfTokenizer::HfTokenizer(TokenizerJson parts, std::string name) : parts_(std::move(parts)), name_(std::move(name)) {
  std::vector<AddedToken> raw, normalized;
  for (const auto& t : parts_.added_tokens) {
    added_content_[t.id] = t.content;
    // Without a normalizer both kinds see the same text; one pass finds them all.
    (t.normalized && !parts_.normalizer.empty() ? normalized : raw).push_back(t);
  }
  raw_tokens_ = AddedTokenMatcher(std::move(raw));
  normalized_tokens_ = AddedTokenMatcher(std::move(normalized));
}

std::vector<int32_t> HfTokenizer::encode(std::string_view text) const {
  std::vector<int32_t> ids;
  ids.reserve(text.size() / 3);
  if (utf8::is_valid(text)) {
    encode_plain(text, ids);
  } else {
    encode_plain(utf8::sanitize(text), ids);
  }
  return ids;
}

void HfTokenizer::encode_plain(std::string_view text, std::vector<int32_t>& out) const {
  for (const auto& seg : raw_tokens_.split(text)) {
    if (seg.token_id >= 0) {
      out.push_back(seg.token_id);
    } else if (parts_.normalizer.empty()) {
      encode_normalized(seg.text, out);
    } else {
      std::string norm = parts_.normalizer.apply(seg.text);
      for (const auto& s : normalized_tokens_.split(norm)) {
        if (s.token_id >= 0) {
          out.push_back(s.token_id);
        } else {
          encode_normalized(s.text, out);
        }
      }
    }
  }
}

void HfTokenizer::encode_normalized(std::string_view text, std::vector<int32_t>& out) const {
  thread_local std::vector<std::string> pieces;
  pieces.clear();
  parts_.pre_tokenizer.split(text, pieces);
  for (const auto& p : pieces) parts_.model->encode_piece(p, out);
}

std::string HfTokenizer::decode(const std::vector<int32_t>& ids) const {
  std::string bytes;
  for (size_t i = 0; i < ids.size(); ++i) {
    const std::string* tok = nullptr;
    auto it = added_content_.find(ids[i]);
    if (it != added_content_.end()) {
      tok = &it->second;
    } else {
      tok = parts_.model->token_for_id(ids[i]);
    }
    if (tok == nullptr) throw std::out_of_range(name_ + ": cannot decode unknown token id " + std::to_string(ids[i]));
    if (parts_.decoder == DecoderKind::kByteLevel) {
      // A token with characters outside the byte map (e.g. an added token) passes through as is.
      size_t mark = bytes.size();
      if (!byte_level::decode(*tok, bytes)) {
        bytes.resize(mark);
        bytes += *tok;
      }
    } else {
      if (i > 0) bytes += ' ';
      bytes += *tok;
    }
  }
  // Tokens can end inside a multi-byte character; HF decodes such bytes lossily.
  return utf8::is_valid(bytes) ? bytes : utf8::sanitize(bytes);
}

}  // namespace aiperf
