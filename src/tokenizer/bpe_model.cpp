#include "tokenizer/bpe_model.h"

#include <mutex>
#include <queue>
#include <stdexcept>

#include "tokenizer/utf8.h"

namespace aiperf {
namespace {

// Bounds memory on adversarial input; typical text has far fewer distinct pieces.
constexpr size_t kMaxCacheEntries = 200000;
constexpr size_t kMaxCachedPieceBytes = 256;

uint64_t pair_key(int32_t left, int32_t right) {
  return (uint64_t(uint32_t(left)) << 32) | uint32_t(right);
}

}  // namespace

BpeModel::BpeModel(std::unordered_map<std::string, int32_t> vocab,
                   const std::vector<std::pair<std::string, std::string>>& merges, bool ignore_merges,
                   std::optional<std::string> unk_token)
    : vocab_(std::move(vocab)), ignore_merges_(ignore_merges) {
  int32_t max_id = -1;
  for (const auto& [tok, id] : vocab_) {
    if (id < 0) throw std::runtime_error("negative id " + std::to_string(id) + " for token '" + tok + "'");
    max_id = std::max(max_id, id);
  }
  tokens_.resize(size_t(max_id + 1));
  for (const auto& [tok, id] : vocab_) tokens_[size_t(id)] = tok;

  merges_.reserve(merges.size());
  for (size_t rank = 0; rank < merges.size(); ++rank) {
    const auto& [l, r] = merges[rank];
    auto li = vocab_.find(l), ri = vocab_.find(r), mi = vocab_.find(l + r);
    if (li == vocab_.end() || ri == vocab_.end() || mi == vocab_.end()) {
      throw std::runtime_error("merge " + std::to_string(rank) + " ('" + l + "' '" + r +
                               "') uses a token missing from the vocabulary");
    }
    // A repeated merge keeps its first (highest-priority) rank, as HuggingFace does.
    merges_.try_emplace(pair_key(li->second, ri->second), BpeMerge{int32_t(rank), mi->second});
  }
  if (unk_token) {
    auto it = vocab_.find(*unk_token);
    if (it == vocab_.end()) throw std::runtime_error("unk_token '" + *unk_token + "' is not in the vocabulary");
    unk_id_ = it->second;
  }
}

const std::string* BpeModel::token_for_id(int32_t id) const {
  if (id < 0 || size_t(id) >= tokens_.size() || tokens_[size_t(id)].empty()) return nullptr;
  return &tokens_[size_t(id)];
}

std::optional<int32_t> BpeModel::id_for_token(std::string_view token) const {
  auto it = vocab_.find(std::string(token));
  if (it == vocab_.end()) return std::nullopt;
  return it->second;
}

void BpeModel::encode_piece(std::string_view piece, std::vector<int32_t>& out) const {
  if (ignore_merges_) {
    if (auto id = id_for_token(piece)) {
      out.push_back(*id);
      return;
    }
  }
  bool cacheable = piece.size() <= kMaxCachedPieceBytes;
  if (cacheable) {
    std::shared_lock lock(cache_mu_);
    auto it = cache_.find(std::string(piece));
    if (it != cache_.end()) {
      out.insert(out.end(), it->second.begin(), it->second.end());
      return;
    }
  }
  std::vector<int32_t> ids;
  merge(piece, ids);
  out.insert(out.end(), ids.begin(), ids.end());
  if (cacheable) {
    std::unique_lock lock(cache_mu_);
    if (cache_.size() < kMaxCacheEntries) cache_.try_emplace(std::string(piece), std::move(ids));
  }
}

void BpeModel::merge(std::string_view piece, std::vector<int32_t>& out) const {
  // Symbols form a doubly linked list over the piece's characters; merged-away symbols
  // get id -1. The heap holds candidate pairs by (rank, position), so equal ranks merge
  // leftmost first, and stale entries are skipped when popped.
  struct Symbol {
    int32_t id;
    int prev, next;
  };
  std::vector<Symbol> syms;
  syms.reserve(piece.size());
  for (size_t i = 0; i < piece.size();) {
    size_t len = utf8::valid_sequence_length(piece, i);
    if (len == 0) len = 1;
    auto it = vocab_.find(std::string(piece.substr(i, len)));
    i += len;
    if (it != vocab_.end()) {
      syms.push_back({it->second, int(syms.size()) - 1, int(syms.size()) + 1});
    } else if (unk_id_) {
      syms.push_back({*unk_id_, int(syms.size()) - 1, int(syms.size()) + 1});
    }
    // Without an unk token HuggingFace drops an unknown character; byte-level vocabularies
    // cover every byte, so this cannot happen for them.
  }
  if (syms.empty()) return;
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
    auto it = merges_.find(pair_key(syms[size_t(pos)].id, syms[size_t(nxt)].id));
    if (it != merges_.end()) {
      heap.push({it->second.rank, pos, syms[size_t(pos)].id, syms[size_t(nxt)].id, it->second.result});
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
