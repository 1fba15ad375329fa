#include "tokenizer/tiktoken_bpe.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "common/base64.h"
#include "tokenizer/utf8.h"

namespace aiperf {
namespace {

constexpr int32_t kNoRank = std::numeric_limits<int32_t>::max();

}  // namespace

TiktokenTokenizer::TiktokenTokenizer(const TiktokenEncoding& encoding)
    : name_(encoding.name), specials_(encoding.special_tokens) {
  auto fail = [&](size_t line, const std::string& what) {
    throw std::runtime_error("tiktoken encoding " + name_ + ", rank table line " + std::to_string(line) + ": " +
                             what);
  };
  std::string_view text = encoding.ranks_text;
  // Decoded bytes are at most 3/4 of the text, so the arena never moves and views stay valid.
  const size_t text_size_bound = text.size() * 3 / 4 + 4;
  arena_.reserve(text_size_bound);
  rank_of_bytes_.reserve(text.size() / 8);
  bytes_of_rank_.reserve(text.size() / 8);
  size_t line_no = 0;
  while (!text.empty()) {
    ++line_no;
    size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    if (line.empty()) continue;
    size_t sp = line.find(' ');
    int64_t rank = 0;
    for (char c : line.substr(0, sp)) {
      if (c < '0' || c > '9') fail(line_no, "bad first rank");
      rank = rank * 10 + (c - '0');
      if (rank > kNoRank / 2) fail(line_no, "rank out of range");
    }
    while (sp != std::string_view::npos) {
      size_t next = line.find(' ', sp + 1);
      std::string_view token = line.substr(sp + 1, next == std::string_view::npos ? next : next - sp - 1);
      size_t start = arena_.size();
      if (token.empty() || !base64_decode_append(token, arena_) || arena_.size() == start)
        fail(line_no, "bad base64 token '" + std::string(token) + "'");
      std::string_view bytes(arena_.data() + start, arena_.size() - start);
      if (static_cast<size_t>(rank) >= bytes_of_rank_.size()) bytes_of_rank_.resize(rank + 1);
      if (!rank_of_bytes_.emplace(bytes, static_cast<int32_t>(rank)).second) fail(line_no, "duplicate token");
      bytes_of_rank_[rank] = bytes;
      ++rank;
      sp = next;
    }
  }
  if (arena_.capacity() < arena_.size() || arena_.size() > text_size_bound) {
    throw std::logic_error("tiktoken encoding " + name_ + ": token arena outgrew its reservation");
  }
  // Merging relies on every single byte having a rank: each piece then always encodes.
  for (int b = 0; b < 256; ++b) {
    char byte = static_cast<char>(b);
    if (rank_of(std::string_view(&byte, 1)) == kNoRank) fail(line_no, "byte " + std::to_string(b) + " has no rank");
  }
  for (const auto& [content, id] : specials_) {
    special_of_id_[id] = content;
    if (content == "<|endoftext|>") end_of_text_ = id;
  }
  split_ = std::make_unique<Pcre2Regex>(encoding.pattern);
}

int32_t TiktokenTokenizer::rank_of(std::string_view bytes) const {
  auto it = rank_of_bytes_.find(bytes);
  return it == rank_of_bytes_.end() ? kNoRank : it->second;
}

void TiktokenTokenizer::encode_piece(std::string_view piece, std::vector<int32_t>& out) const {
  if (int32_t whole = rank_of(piece); whole != kNoRank) {
    out.push_back(whole);
    return;
  }
  // parts[i].start is where part i begins; parts[i].rank is the rank of part i joined with part
  // i+1 (the pair a merge would create). The last entry is a sentinel at piece.size().
  struct Part {
    size_t start;
    int32_t rank;
  };
  std::vector<Part> parts;
  parts.reserve(piece.size() + 1);
  for (size_t i = 0; i + 1 < piece.size(); ++i) parts.push_back({i, rank_of(piece.substr(i, 2))});
  parts.push_back({piece.size() - 1, kNoRank});
  parts.push_back({piece.size(), kNoRank});
  auto pair_rank = [&](size_t i) {
    if (i + 3 >= parts.size()) return kNoRank;
    return rank_of(piece.substr(parts[i].start, parts[i + 3].start - parts[i].start));
  };
  while (parts.size() > 2) {
    size_t best = 0;
    int32_t best_rank = kNoRank;
    for (size_t i = 0; i + 2 < parts.size(); ++i) {
      // Strict < keeps the leftmost pair on ties, as tiktoken does.
      if (parts[i].rank < best_rank) {
        best_rank = parts[i].rank;
        best = i;
      }
    }
    if (best_rank == kNoRank) break;
    parts[best].rank = pair_rank(best);
    if (best > 0) parts[best - 1].rank = pair_rank(best - 1);
    parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(best) + 1);
  }
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    out.push_back(rank_of(piece.substr(parts[i].start, parts[i + 1].start - parts[i].start)));
  }
}

template <class Piece, class Special>
void TiktokenTokenizer::for_each_piece(std::string_view text, Piece piece, Special special) const {
  std::string sanitized;
  if (!utf8::is_valid(text)) {
    sanitized = utf8::sanitize(text);
    text = sanitized;
  }
  const auto ordinary = [&](std::string_view run) {
    split_->for_each_match(run, [&](size_t b, size_t e) {
      if (e > b) piece(run.substr(b, e - b));
    });
  };
  size_t pos = 0;
  while (pos < text.size()) {
    size_t next = std::string_view::npos;
    const std::pair<std::string, int32_t>* found = nullptr;
    for (const auto& candidate : specials_) {
      size_t at = text.find(candidate.first, pos);
      // Leftmost wins; on a tie the longer token, like a regex alternation sorted by length.
      if (at < next || (at == next && found != nullptr && candidate.first.size() > found->first.size())) {
        next = at;
        found = &candidate;
      }
    }
    ordinary(text.substr(pos, next == std::string_view::npos ? next : next - pos));
    if (found == nullptr) break;
    special(found->second);
    pos = next + found->first.size();
  }
}

std::vector<int32_t> TiktokenTokenizer::encode(std::string_view text) const {
  std::vector<int32_t> out;
  out.reserve(text.size() / 4 + 1);
  for_each_piece(
      text, [&](std::string_view p) { encode_piece(p, out); }, [&](int32_t id) { out.push_back(id); });
  return out;
}

size_t TiktokenTokenizer::count(std::string_view text) const {
  // A piece at a time: a 50 MB reply is not turned into its 12 M ids only to be counted.
  size_t n = 0;
  std::vector<int32_t> piece_ids;
  for_each_piece(
      text,
      [&](std::string_view p) {
        piece_ids.clear();
        encode_piece(p, piece_ids);
        n += piece_ids.size();
      },
      [&](int32_t) { ++n; });
  return n;
}

std::string TiktokenTokenizer::decode(const std::vector<int32_t>& ids) const {
  std::string bytes;
  for (int32_t id : ids) {
    if (id >= 0 && static_cast<size_t>(id) < bytes_of_rank_.size() && !bytes_of_rank_[id].empty()) {
      bytes += bytes_of_rank_[id];
    } else if (auto it = special_of_id_.find(id); it != special_of_id_.end()) {
      bytes += it->second;
    } else {
      throw std::out_of_range(name_ + ": cannot decode unknown token id " + std::to_string(id));
    }
  }
  return utf8::is_valid(bytes) ? bytes : utf8::sanitize(bytes);
}

std::vector<int32_t> TiktokenTokenizer::vocabulary_ids(bool with_special) const {
  std::vector<int32_t> ids;
  ids.reserve(bytes_of_rank_.size() + (with_special ? specials_.size() : 0));
  for (size_t rank = 0; rank < bytes_of_rank_.size(); ++rank)
    if (!bytes_of_rank_[rank].empty()) ids.push_back(int32_t(rank));
  if (with_special) {
    for (const auto& [content, id] : specials_) ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  }
  return ids;
}

}  // namespace aiperf
