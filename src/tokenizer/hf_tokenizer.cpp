#include "tokenizer/hf_tokenizer.h"

#include <stdexcept>
#include <unordered_set>

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

std::vector<int32_t> HfTokenizer::encode(std::string_view text) const { return encode(text, false); }

std::vector<int32_t> HfTokenizer::encode(std::string_view text, bool add_special_tokens) const {
  std::vector<int32_t> ids;
  ids.reserve(text.size() / 3);
  if (add_special_tokens) ids = parts_.post_processor.prefix;
  if (utf8::is_valid(text)) {
    encode_plain(text, ids);
  } else {
    encode_plain(utf8::sanitize(text), ids);
  }
  if (add_special_tokens) ids.insert(ids.end(), parts_.post_processor.suffix.begin(), parts_.post_processor.suffix.end());
  return ids;
}

void HfTokenizer::encode_plain(std::string_view text, std::vector<int32_t>& out) const {
  for (const auto& seg : raw_tokens_.split(text)) {
    bool at_start = seg.text.data() == text.data();
    if (seg.token_id >= 0) {
      out.push_back(seg.token_id);
    } else if (parts_.normalizer.empty()) {
      encode_normalized(seg.text, at_start, out);
    } else {
      std::string norm = parts_.normalizer.apply(seg.text);
      for (const auto& s : normalized_tokens_.split(norm)) {
        if (s.token_id >= 0) {
          out.push_back(s.token_id);
        } else {
          encode_normalized(s.text, at_start && s.text.data() == norm.data(), out);
        }
      }
    }
  }
}

void HfTokenizer::encode_normalized(std::string_view text, bool at_text_start, std::vector<int32_t>& out) const {
  if (parts_.pre_tokenizer.empty()) {
    // SentencePiece-style tokenizers have no pre-tokenizer: the whole text is one piece.
    parts_.model->encode_piece(text, out);
    return;
  }
  thread_local std::vector<std::string> pieces;
  pieces.clear();
  parts_.pre_tokenizer.split(text, pieces, at_text_start);
  for (const auto& p : pieces) parts_.model->encode_piece(p, out);
}

std::string HfTokenizer::decode(const std::vector<int32_t>& ids) const {
  std::vector<std::string> tokens;
  tokens.reserve(ids.size());
  for (int32_t id : ids) {
    auto it = added_content_.find(id);
    const std::string* tok = it != added_content_.end() ? &it->second : parts_.model->token_for_id(id);
    if (tok == nullptr) throw std::out_of_range(name_ + ": cannot decode unknown token id " + std::to_string(id));
    tokens.push_back(*tok);
  }
  return parts_.decoder.decode(std::move(tokens));
}

std::vector<int32_t> HfTokenizer::vocabulary_ids(bool with_special) const {
  std::unordered_set<int32_t> special;
  if (!with_special)
    for (const AddedToken& t : parts_.added_tokens)
      if (t.special) special.insert(t.id);
  std::vector<int32_t> ids;
  for (size_t id = 0; id < parts_.model->vocab_size(); ++id)
    if (parts_.model->token_for_id(int32_t(id)) && !special.count(int32_t(id))) ids.push_back(int32_t(id));
  return ids;
}

}  // namespace aiperf
