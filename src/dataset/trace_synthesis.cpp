#include "dataset/trace_synthesis.h"

#include <algorithm>
#include <cmath>

#include "common/log.h"
#include "common/rng_stream.h"
#include "dataset/jsonl_rows.h"

namespace aiperf {
namespace {

uint64_t mix_ids(uint64_t x) {  // SplitMix64's finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// New ids live above every recorded one (traces number blocks from 0 upwards), one space for
// stretched shared blocks and one for unique blocks, so they never collide with each other.
constexpr int64_t kSharedSpace = int64_t(1) << 61;
constexpr int64_t kUniqueSpace = int64_t(1) << 62;
constexpr int64_t kSpaceMask = (int64_t(1) << 61) - 1;

}  // namespace

TraceSynthesis::TraceSynthesis(const DatasetSettings& s, int64_t block_size)
    : active_(s.trace_synthesis()),
      block_size_(std::max<int64_t>(1, block_size)),
      speedup_(s.synthesis_speedup_ratio),
      prefix_mult_(s.synthesis_prefix_len_multiplier),
      prompt_mult_(s.synthesis_prompt_len_multiplier),
      output_mult_(s.synthesis_output_len_multiplier),
      roots_(s.synthesis_prefix_root_multiplier),
      max_isl_(s.synthesis_max_isl) {
  std::mt19937_64 rng = make_rng_stream(s.random_seed, "dataset.trace.synthesis.root");
  root_key_ = rng();
}

bool TraceSynthesis::needs_block_counts() const { return prefix_mult_ != 1 || prompt_mult_ != 1 || roots_ != 1; }

void TraceSynthesis::count(const std::vector<int64_t>& hash_ids) {
  // A row repeating an id counts once for it.
  for (size_t i = 0; i < hash_ids.size(); ++i) {
    if (std::find(hash_ids.begin(), hash_ids.begin() + std::ptrdiff_t(i), hash_ids[i]) != hash_ids.begin() + std::ptrdiff_t(i))
      continue;
    uint32_t& n = seen_[hash_ids[i]];
    n = std::min<uint32_t>(n + 1, 2);
  }
}

std::optional<TraceSynthesis::Row> TraceSynthesis::reshape(const std::vector<int64_t>& hash_ids,
                                                          int64_t input_length, uint64_t row) {
  Row out{hash_ids, input_length};
  if (needs_block_counts()) {
    size_t shared = 0;  // leading run of blocks some other row holds too
    while (shared < hash_ids.size()) {
      auto it = seen_.find(hash_ids[shared]);
      if (it == seen_.end() || it->second < 2) break;
      ++shared;
    }
    // Tokens of the shared prefix: whole blocks, or the whole prompt when every block is shared.
    const int64_t shared_tokens = shared == hash_ids.size() && shared > 0 ? input_length
                                                                          : int64_t(shared) * block_size_;
    const int64_t unique_tokens = std::max<int64_t>(0, input_length - shared_tokens);
    const int64_t new_shared_tokens = std::llround(double(shared_tokens) * prefix_mult_);
    const int64_t new_unique_tokens = std::llround(double(unique_tokens) * prompt_mult_);
    out.input_length = std::max<int64_t>(1, new_shared_tokens + new_unique_tokens);
    const int64_t blocks = (out.input_length + block_size_ - 1) / block_size_;
    const int64_t shared_blocks =
        std::min(blocks, shared == 0 ? 0 : (new_shared_tokens + block_size_ - 1) / block_size_);
    const uint64_t root = roots_ > 1 ? mix_ids(root_key_ ^ mix_ids(row)) % uint64_t(roots_) : 0;
    out.hash_ids.clear();
    for (int64_t j = 0; j < shared_blocks; ++j) {
      // New block j stands for recorded block floor(j / m): rows that shared a recorded prefix
      // share its stretched copy (in their root's tree).
      const size_t src = std::min(shared - 1, size_t(double(j) / prefix_mult_));
      const bool unchanged = prefix_mult_ == 1 && root == 0;
      out.hash_ids.push_back(unchanged ? hash_ids[src]
                                       : kSharedSpace | int64_t(mix_ids(uint64_t(hash_ids[src]) ^
                                                                        mix_ids(uint64_t(j) ^ (root << 40))) &
                                                                 kSpaceMask));
    }
    for (int64_t j = shared_blocks; j < blocks; ++j)
      out.hash_ids.push_back(kUniqueSpace | int64_t(mix_ids(row ^ mix_ids(uint64_t(j))) & kSpaceMask));
    if (hash_ids.empty()) out.hash_ids.clear();  // a row without ids stays without (fresh text)
  }
  if (max_isl_ && out.input_length > *max_isl_) {
    ++skipped_;
    return std::nullopt;
  }
  return out;
}

void TraceSynthesis::count_jsonl_blocks(const std::string& path) {
  if (!active_ || !needs_block_counts()) return;
  for_each_jsonl_row(path, [&](const JsonlRow& row) {
    if (std::optional<std::vector<int64_t>> ids = row.integer_list("hash_ids")) count(*ids);
  });
}

void TraceSynthesis::note_skipped(const std::string& path) const {
  if (skipped_ > 0)
    console_notes() << "--synthesis-max-isl " << *max_isl_ << ": skipped " << skipped_ << " rows of " << path
                    << " whose input is longer\n";
}

int64_t TraceSynthesis::output_length(int64_t recorded) const {
  return output_mult_ == 1 ? recorded : std::max<int64_t>(1, std::llround(double(recorded) * output_mult_));
}

}  // namespace aiperf
