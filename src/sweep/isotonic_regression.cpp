#include "sweep/isotonic_regression.h"

#include <cstddef>
#include <stdexcept>

namespace aiperf {

std::vector<double> isotonic_increasing(std::span<const double> y, std::span<const double> weights) {
  if (!weights.empty() && weights.size() != y.size()) {
    throw std::invalid_argument("isotonic regression: one weight per value");
  }
  struct Block {
    double mean;
    double weight;
    size_t count;
  };
  std::vector<Block> blocks;
  blocks.reserve(y.size());
  for (size_t i = 0; i < y.size(); ++i) {
    double w = weights.empty() ? 1.0 : weights[i];
    if (!(w > 0)) throw std::invalid_argument("isotonic regression: weights must be positive");
    Block b{y[i], w, 1};
    while (!blocks.empty() && blocks.back().mean >= b.mean) {
      const Block& below = blocks.back();
      double total = below.weight + b.weight;
      b = Block{(below.mean * below.weight + b.mean * b.weight) / total, total, below.count + b.count};
      blocks.pop_back();
    }
    blocks.push_back(b);
  }
  std::vector<double> fit;
  fit.reserve(y.size());
  for (const Block& b : blocks) fit.insert(fit.end(), b.count, b.mean);
  return fit;
}

std::vector<double> isotonic_decreasing(std::span<const double> y, std::span<const double> weights) {
  std::vector<double> negated(y.begin(), y.end());
  for (double& v : negated) v = -v;
  std::vector<double> fit = isotonic_increasing(negated, weights);
  for (double& v : fit) v = -v;
  return fit;
}

}  // namespace aiperf
