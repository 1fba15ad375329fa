#pragma once
// A trivial tokenizer for unit tests of the planes that consume a Tokenizer (dataset, metrics):
// one token per whitespace-separated word, so expected counts can be read off the text.
// The product never uses it; make_tokenizer() returns real tokenizers only.
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "tokenizer/tokenizer.h"

namespace aiperf {

class WordTokenizer final : public Tokenizer {
 public:
  explicit WordTokenizer(std::string name) : name_(std::move(name)) {}

  // Ids are indices into a vocabulary grown on first sight of each word, so the same
  // sequence of calls always yields the same ids. Thread-safe.
  std::vector<int32_t> encode(std::string_view text) const override;
  // Joins the words with single spaces. Throws std::out_of_range on an id never produced.
  std::string decode(const std::vector<int32_t>& ids) const override;
  // Counts words without touching the vocabulary (lock-free; used on every record).
  size_t count(std::string_view text) const override;
  std::string name() const override { return name_; }

 private:
  std::string name_;
  mutable std::mutex mu_;
  mutable std::unordered_map<std::string, int32_t> ids_;
  mutable std::vector<std::string> words_;
};

}  // namespace aiperf
