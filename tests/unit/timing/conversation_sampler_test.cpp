// --dataset-sampling-strategy (cli-and-load.md §3.3; docs/prompts.md).
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "timing/conversation_sampler.h"

namespace aiperf {
namespace {

TEST(ConversationSampler, SequentialWrapsInOrder) {
  ConversationSampler s;
  for (uint64_t n = 0; n < 25; ++n) EXPECT_EQ(s.pick(n, 7), n % 7);
}

TEST(ConversationSampler, PermutedIndexIsABijectionForManySizes) {
  for (uint32_t size : {1u, 2u, 3u, 5u, 16u, 17u, 100u, 1000u, 4097u}) {
    std::set<uint32_t> seen;
    for (uint32_t i = 0; i < size; ++i) {
      const uint32_t p = permuted_index(i, size, 12345);
      ASSERT_LT(p, size);
      seen.insert(p);
    }
    EXPECT_EQ(seen.size(), size) << size;
  }
}

TEST(ConversationSampler, ShuffleVisitsEveryConversationOncePerPassAndReshuffles) {
  const uint32_t size = 50;
  ConversationSampler s(SamplingStrategy::shuffle, 42);
  std::vector<uint32_t> pass0, pass1;
  for (uint64_t n = 0; n < size; ++n) pass0.push_back(s.pick(n, size));
  for (uint64_t n = size; n < 2 * size; ++n) pass1.push_back(s.pick(n, size));
  EXPECT_EQ(std::set<uint32_t>(pass0.begin(), pass0.end()).size(), size);
  EXPECT_EQ(std::set<uint32_t>(pass1.begin(), pass1.end()).size(), size);
  EXPECT_NE(pass0, pass1);
  std::vector<uint32_t> in_order(size);
  for (uint32_t i = 0; i < size; ++i) in_order[i] = i;
  EXPECT_NE(pass0, in_order);
  // Same seed, same picks; another seed, other picks.
  ConversationSampler again(SamplingStrategy::shuffle, 42), other(SamplingStrategy::shuffle, 43);
  std::vector<uint32_t> a, b;
  for (uint64_t n = 0; n < size; ++n) {
    a.push_back(again.pick(n, size));
    b.push_back(other.pick(n, size));
  }
  EXPECT_EQ(a, pass0);
  EXPECT_NE(b, pass0);
}

TEST(ConversationSampler, RandomDrawsWithReplacementRoughlyUniformly) {
  const uint32_t size = 10;
  ConversationSampler s(SamplingStrategy::random, 7);
  std::vector<int> counts(size, 0);
  const int n = 20000;
  for (uint64_t i = 0; i < uint64_t(n); ++i) ++counts[s.pick(i, size)];
  for (int c : counts) {
    EXPECT_GT(c, n / int(size) * 8 / 10);  // expected 2000, sd ~42: far inside these bounds
    EXPECT_LT(c, n / int(size) * 12 / 10);
  }
  // With replacement: the first `size` picks are (almost surely) not a permutation.
  std::set<uint32_t> first;
  for (uint64_t i = 0; i < size; ++i) first.insert(s.pick(i, size));
  EXPECT_LT(first.size(), size);
  EXPECT_EQ(s.pick(123, size), ConversationSampler(SamplingStrategy::random, 7).pick(123, size));
}

}  // namespace
}  // namespace aiperf
