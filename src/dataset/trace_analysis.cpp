#include "dataset/trace_analysis.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "config/profile_config.h"
#include "dataset/jsonl_rows.h"

namespace aiperf {
namespace {

// numpy.percentile's default ("linear") on sorted values.
double percentile(const std::vector<double>& sorted, double p) {
  const double at = p / 100.0 * double(sorted.size() - 1);
  const size_t lo = size_t(std::floor(at)), hi = size_t(std::ceil(at));
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - double(lo));
}

// A pair of 64-bit values as one hash key: (prefix node, hash id) or (position, hash id).
struct PairKey {
  uint64_t a;
  int64_t b;
  bool operator==(const PairKey&) const = default;
};
struct PairKeyHash {
  size_t operator()(const PairKey& k) const {
    return std::hash<uint64_t>()(k.a * 0x9E3779B97F4A7C15ull ^ uint64_t(k.b));
  }
};

// Every distinct prefix hash_ids[:i] is a node of a trie; counts[n] is how many rows hold it.
struct PrefixTrie {
  std::unordered_map<PairKey, uint32_t, PairKeyHash> child;
  std::vector<uint64_t> counts{0};  // node 0 is the empty prefix

  void add(const std::vector<int64_t>& ids) {
    uint32_t node = 0;
    for (int64_t id : ids) {
      auto [it, fresh] = child.try_emplace(PairKey{node, id}, uint32_t(counts.size()));
      if (fresh) counts.push_back(0);
      node = it->second;
      ++counts[node];
    }
  }
};

}  // namespace

std::optional<TraceDistribution> distribution_stats(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  TraceDistribution s;
  s.count = values.size();
  double sum = 0;
  for (double v : values) sum += v;
  s.mean = sum / double(values.size());
  double squares = 0;
  for (double v : values) squares += (v - s.mean) * (v - s.mean);
  s.std_dev = std::sqrt(squares / double(values.size()));  // numpy's default: population
  s.min = values.front();
  s.max = values.back();
  s.p25 = percentile(values, 25);
  s.median = percentile(values, 50);
  s.p75 = percentile(values, 75);
  return s;
}

TraceAnalysis analyze_trace_rows(const std::vector<TraceRowShape>& rows, int64_t block_size) {
  TraceAnalysis a;
  a.block_size = block_size;
  a.total_requests = rows.size();

  PrefixTrie trie;
  std::unordered_map<PairKey, uint32_t, PairKeyHash> at_position;  // (position, id) -> rows
  std::unordered_set<int64_t> seen;
  std::vector<double> isl, osl, hit_rates, stamps;
  isl.reserve(rows.size());
  for (const TraceRowShape& r : rows) {
    isl.push_back(double(r.input_length));
    if (r.output_length) osl.push_back(double(*r.output_length));
    if (r.timestamp_ms) stamps.push_back(*r.timestamp_ms);
    if (r.hash_ids.empty()) continue;
    trie.add(r.hash_ids);
    for (size_t pos = 0; pos < r.hash_ids.size(); ++pos) ++at_position[PairKey{pos, r.hash_ids[pos]}];
    size_t first_unseen = 0;
    while (first_unseen < r.hash_ids.size() && seen.count(r.hash_ids[first_unseen])) ++first_unseen;
    hit_rates.push_back(double(first_unseen) / double(r.hash_ids.size()));
    a.hit_blocks += first_unseen;
    a.total_blocks += r.hash_ids.size();
    seen.insert(r.hash_ids.begin(), r.hash_ids.end());
  }

  // Context = the blocks some other row also has at the same position; a row made only of
  // such blocks is all context, tail included (upstream's rule).
  std::vector<double> context, unique_prompt;
  context.reserve(rows.size());
  unique_prompt.reserve(rows.size());
  for (const TraceRowShape& r : rows) {
    size_t repeated = 0;
    for (size_t pos = 0; pos < r.hash_ids.size(); ++pos) repeated += at_position[PairKey{pos, r.hash_ids[pos]}] > 1;
    double ctx = r.hash_ids.empty() ? 0.0
                 : repeated == r.hash_ids.size() ? double(r.input_length)
                                                 : double(int64_t(repeated) * block_size);
    context.push_back(ctx);
    unique_prompt.push_back(double(r.input_length) - ctx);
  }

  a.unique_prefixes = trie.counts.size() - 1;
  uint64_t reused = 0;
  for (uint64_t c : trie.counts) reused += c > 1 ? c : 0;
  a.prefix_reuse_ratio = a.total_blocks ? double(reused) / double(a.total_blocks) : 0.0;
  a.block_hit_rate = a.total_blocks ? double(a.hit_blocks) / double(a.total_blocks) : 0.0;

  a.isl_stats = distribution_stats(isl);
  a.osl_stats = distribution_stats(osl);
  a.context_length_stats = distribution_stats(context);
  a.unique_prompt_length_stats = distribution_stats(unique_prompt);
  a.hit_rate_stats = distribution_stats(hit_rates);
  if (a.hit_rate_stats) a.cache_hit_rate = a.hit_rate_stats->mean;
  if (a.isl_stats) {
    a.min_isl = int64_t(a.isl_stats->min);
    a.max_isl = int64_t(a.isl_stats->max);
    a.avg_isl = a.isl_stats->mean;
  }
  if (a.osl_stats) {
    a.min_osl = int64_t(a.osl_stats->min);
    a.max_osl = int64_t(a.osl_stats->max);
    a.avg_osl = a.osl_stats->mean;
  }
  if (stamps.size() > 1) {
    std::sort(stamps.begin(), stamps.end());
    std::vector<double> gaps;
    gaps.reserve(stamps.size() - 1);
    for (size_t i = 1; i < stamps.size(); ++i) gaps.push_back(stamps[i] - stamps[i - 1]);
    a.inter_arrival_stats = distribution_stats(std::move(gaps));
  }
  return a;
}

std::vector<TraceRowShape> read_trace_row_shapes(const std::string& path, int64_t block_size) {
  std::vector<TraceRowShape> rows;
  for_each_jsonl_row(path, [&](const JsonlRow& row) {
    TraceRowShape r;
    std::optional<int64_t> input_length = row.integer("input_length", 0);
    if (!input_length) row.fail("missing required field 'input_length' (analyze-trace needs token counts)");
    r.input_length = *input_length;
    r.output_length = row.integer("output_length", 0);
    r.timestamp_ms = row.number("timestamp", 0);
    r.hash_ids = row.integer_list("hash_ids").value_or(std::vector<int64_t>{});
    // Same layout rule as the loader: the last block holds at least one token.
    const int64_t m = int64_t(r.hash_ids.size());
    if (m > 0 && r.input_length <= (m - 1) * block_size)
      row.fail("input_length " + std::to_string(r.input_length) + " is too short for " + std::to_string(m) +
               " hash_ids of " + std::to_string(block_size) + " tokens (the last block would be empty; wrong --block-size?)");
    rows.push_back(std::move(r));
  });
  return rows;
}

}  // namespace aiperf
