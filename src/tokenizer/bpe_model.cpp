#include "tokenizer/bpe_model.h"

#include <cstdio>
#include <mutex>
#include <queue>
#include <stdexcept>

#include "tokenizer/utf8.h"

namespace aiperf {
namespace {

// Bounds memory on adversarial input; typical text has far fewer distinct pieces.
constexpr size_t kMaxCacheEntries = 200000;
constexpr size_t kMaxCachedPieceBytes = 256;
constexpr size_t kMaxIdSlack = 65536;  // gaps allowed in the ids on top of twice the token count
constexpr std::string_view kMarker = "\xE2\x96\x81";  // U+2581, SentencePiece's space

}  // namespace

BpeModel::BpeModel(std::vector<std::pair<std::string, int32_t>> vocab,
                   const std::vector<std::pair<std::string, std::string>>& merges, BpeOptions options)
    : options_(std::move(options)) {
  int32_t max_id = -1;
  for (const auto& [tok, id] : vocab) {
    if (id < 0) throw std::runtime_error("negative id " + std::to_string(id) + " for token '" + tok + "'");
    max_id = std::max(max_id, id);
  }
  // The table is indexed by id, so the ids must be about as many as the tokens: real
  // vocabularies are dense, and one id of 333,333,333 in a hostile file asked for 10 GB.
  if (size_t(max_id) >= 2 * vocab.size() + kMaxIdSlack)
    throw std::runtime_error("id " + std::to_string(max_id) + " is far beyond a vocabulary of " +
                             std::to_string(vocab.size()) + " tokens (ids must be about as many as the tokens)");
  tokens_.resize(size_t(max_id + 1));
  for (auto& [tok, id] : vocab) {
    // An empty token can never be produced by encoding; it is left out like a gap.
    if (!tokens_[size_t(id)].empty() && !tok.empty()) {
      throw std::runtime_error("id " + std::to_string(id) + " is given to both '" + tokens_[size_t(id)] + "' and '" +
                               tok + "'");
    }
    tokens_[size_t(id)] = std::move(tok);
  }
  vocab_size_ = vocab.size();
  vocab.clear();
  // A string listed twice keeps its lowest id for encoding; both ids still decode to it.
  index_.build(&tokens_);
  plain_chars_ = options_.continuing_subword_prefix.empty() && options_.end_of_word_suffix.empty();

  const std::string& prefix = options_.continuing_subword_prefix;
  merges_.reserve(merges.size());
  std::string merged;
  for (size_t rank = 0; rank < merges.size(); ++rank) {
    const auto& [l, r] = merges[rank];
    // The right side loses its continuation prefix when joined, as HuggingFace builds it.
    std::string_view r_tail = r;
    if (!prefix.empty() && r_tail.starts_with(prefix)) r_tail.remove_prefix(prefix.size());
    merged.assign(l);
    merged += r_tail;
    int32_t li = index_.find(l), ri = index_.find(r), mi = index_.find(merged);
    if (li < 0 || ri < 0 || mi < 0) {
      throw std::runtime_error("merge " + std::to_string(rank) + " ('" + l + "' '" + r +
                               "') uses a token missing from the vocabulary");
    }
    // A repeated merge keeps its first (highest-priority) rank, as HuggingFace does.
    merges_.insert(li, ri, BpeMerge{int32_t(rank), mi});
  }
  if (options_.unk_token) {
    int32_t id = index_.find(*options_.unk_token);
    if (id < 0) throw std::runtime_error("unk_token '" + *options_.unk_token + "' is not in the vocabulary");
    unk_id_ = id;
  }
  split_at_marker_ = index_.find(kMarker) >= 0;
  for (const auto& t : tokens_) {
    for (size_t at = t.find(kMarker, 1); at != std::string::npos && split_at_marker_; at = t.find(kMarker, at + 1)) {
      if (at < kMarker.size() || t.compare(at - kMarker.size(), kMarker.size(), kMarker) != 0) split_at_marker_ = false;
    }
    if (!split_at_marker_) break;
  }
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof name, "<0x%02X>", b);
    byte_ids_[b] = options_.byte_fallback ? index_.find(name) : -1;
  }
}

const std::string* BpeModel::token_for_id(int32_t id) const {
  if (id < 0 || size_t(id) >= tokens_.size() || tokens_[size_t(id)].empty()) return nullptr;
  return &tokens_[size_t(id)];
}

std::optional<int32_t> BpeModel::id_for_token(std::string_view token) const {
  int32_t id = index_.find(token);
  if (id < 0) return std::nullopt;
  return id;
}

void BpeModel::encode_piece(std::string_view piece, std::vector<int32_t>& out) const {
  if (options_.ignore_merges) {
    if (auto id = id_for_token(piece)) {
      out.push_back(*id);
      return;
    }
  }
  if (!split_at_marker_) {
    encode_word(piece, out);
    return;
  }
  // Cut before every marker that follows another character (a run of markers stays whole).
  size_t start = 0;
  for (size_t at = piece.find(kMarker, 1); at != std::string_view::npos; at = piece.find(kMarker, at + 1)) {
    if (piece.substr(at - std::min(at, kMarker.size()), kMarker.size()) == kMarker) continue;
    if (at > start) encode_word(piece.substr(start, at - start), out);
    start = at;
  }
  encode_word(piece.substr(start), out);
}

void BpeModel::encode_word(std::string_view piece, std::vector<int32_t>& out) const {
  bool cacheable = piece.size() <= kMaxCachedPieceBytes;
  if (!cacheable) {
    merge(piece, out);
    return;
  }
  {
    std::shared_lock lock(cache_mu_);
    auto it = cache_.find(piece);
    if (it != cache_.end()) {
      out.insert(out.end(), it->second.begin(), it->second.end());
      return;
    }
  }
  std::vector<int32_t> ids;
  merge(piece, ids);
  out.insert(out.end(), ids.begin(), ids.end());
  std::unique_lock lock(cache_mu_);
  if (cache_.size() < kMaxCacheEntries) cache_.try_emplace(std::string(piece), std::move(ids));
}

void BpeModel::initial_symbols(std::string_view piece, std::vector<int32_t>& ids) const {
  // An unknown character waits as a pending unk so that fuse_unk can extend it.
  bool unk_pending = false;
  std::string marked;
  for (size_t i = 0; i < piece.size();) {
    size_t len = utf8::valid_sequence_length(piece, i);
    if (len == 0) len = 1;
    std::string_view ch = piece.substr(i, len);
    std::string_view sym = ch;
    if (!plain_chars_) {
      marked.clear();
      if (i > 0) marked += options_.continuing_subword_prefix;
      marked += ch;
      if (i + len == piece.size()) marked += options_.end_of_word_suffix;
      sym = marked;
    }
    i += len;
    if (int32_t id = index_.find(sym); id >= 0) {
      if (unk_pending) ids.push_back(*unk_id_);
      unk_pending = false;
      ids.push_back(id);
      continue;
    }
    if (options_.byte_fallback) {
      bool all = true;
      for (char c : sym) all = all && byte_ids_[static_cast<unsigned char>(c)] >= 0;
      if (all) {
        // HuggingFace leaves a pending unk in place here, so it lands after these bytes.
        for (char c : sym) ids.push_back(byte_ids_[static_cast<unsigned char>(c)]);
        continue;
      }
    }
    if (unk_id_) {
      if (unk_pending && !options_.fuse_unk) ids.push_back(*unk_id_);
      unk_pending = true;
    }
    // Without an unk token HuggingFace drops an unknown character; byte-level vocabularies
    // cover every byte, so this cannot happen for them.
  }
  if (unk_pending) ids.push_back(*unk_id_);
}

void BpeModel::merge(std::string_view piece, std::vector<int32_t>& out) const {
  // Symbols form a doubly linked list over the piece's characters; merged-away symbols
  // get id -1. The heap holds candidate pairs by (rank, position), so equal ranks merge
  // leftmost first, and stale entries are skipped when popped.
  struct Symbol {
    int32_t id;
    int prev, next;
  };
  thread_local std::vector<int32_t> ids;
  ids.clear();
  initial_symbols(piece, ids);
  if (ids.empty()) return;
  std::vector<Symbol> syms(ids.size());
  for (size_t i = 0; i < ids.size(); ++i) syms[i] = {ids[i], int(i) - 1, int(i) + 1};
  syms.back().next = -1;

  struct Candidate {
    int32_t rank;
    int pos;
    int32_t left, right, result;
    bool operator>(const Candidate& o) const { return rank != o.rank ? rank > o.rank : pos > o.pos; }
  };
  std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap;
  auto push = [&](int pos) {
    int nxt = syms[size_t(pos)].next;
    if (nxt < 0) return;
    if (const BpeMerge* m = merges_.find(syms[size_t(pos)].id, syms[size_t(nxt)].id)) {
      heap.push({m->rank, pos, syms[size_t(pos)].id, syms[size_t(nxt)].id, m->result});
    }
  };
  for (int i = 0; i + 1 < int(syms.size()); ++i) push(i);

  while (!heap.empty()) {
    Candidate c = heap.top();
    heap.pop();
    Symbol& left = syms[size_t(c.pos)];
    if (left.id != c.left || left.next < 0) continue;
    Symbol& right = syms[size_t(left.next)];
    if (right.id != c.right) continue;
    left.id = c.result;
    right.id = -1;
    left.next = right.next;
    if (right.next >= 0) syms[size_t(right.next)].prev = c.pos;
    if (left.prev >= 0) push(left.prev);
    push(c.pos);
  }
  for (int i = 0; i >= 0; i = syms[size_t(i)].next) out.push_back(syms[size_t(i)].id);
}

}  // namespace aiperf
