#include "dataset/prompt_corpus.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace aiperf {
namespace {

constexpr size_t kChunkChars = 10'000;

std::string_view strip(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

std::vector<int32_t> tokenize_corpus(std::string_view text, const Tokenizer& tokenizer) {
  std::vector<int32_t> tokens;
  std::string chunk;
  size_t chunk_chars = 0;  // line characters only, separators excluded
  auto flush = [&] {
    if (chunk.empty()) return;
    std::vector<int32_t> ids = tokenizer.encode(chunk);
    tokens.insert(tokens.end(), ids.begin(), ids.end());
    chunk.clear();
    chunk_chars = 0;
  };
  while (!text.empty()) {
    size_t eol = text.find('\n');
    std::string_view line = strip(text.substr(0, eol));
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    if (line.empty()) continue;
    if (!chunk.empty()) chunk += ' ';
    chunk += line;
    chunk_chars += line.size();
    if (chunk_chars >= kChunkChars) flush();
  }
  flush();
  return tokens;
}

std::string synthesize_prompt(const std::vector<int32_t>& corpus, const Tokenizer& tokenizer,
                              int64_t num_tokens, std::mt19937_64& rng,
                              const std::vector<int32_t>& prefix) {
  const size_t n = prefix.size() + size_t(std::max<int64_t>(0, num_tokens));
  if (n == 0) return "";
  if (corpus.empty()) throw std::runtime_error("synthetic prompt corpus is empty");
  size_t next = std::uniform_int_distribution<size_t>(0, corpus.size() - 1)(rng);
  auto take = [&](std::vector<int32_t>& ids, size_t count) {
    for (size_t i = 0; i < count; ++i) {
      ids.push_back(corpus[next]);
      next = (next + 1) % corpus.size();
    }
  };
  std::vector<int32_t> ids;
  ids.reserve(n);
  ids.insert(ids.end(), prefix.begin(), prefix.end());
  take(ids, n - ids.size());
  // BPE merges across the window edges (and across the prefix/body seam) can change the
  // length after a decode/encode round trip; trim or top up at the tail, which leaves the
  // prefix text intact, until it holds.
  for (int attempt = 0; attempt < 10; ++attempt) {
    std::string text = tokenizer.decode(ids);
    if (tokenizer.count(text) == n) return text;
    ids = tokenizer.encode(text);
    if (ids.size() > n)
      ids.resize(n);
    else
      take(ids, n - ids.size());
  }
  return tokenizer.decode(ids);
}

std::vector<int32_t> random_corpus_ids(const Tokenizer& tokenizer, RandomCorpusStyle style) {
  std::vector<int32_t> ids = tokenizer.vocabulary_ids(style == RandomCorpusStyle::sglang);
  if (ids.empty())
    throw ConfigError("--prompt-corpus random: tokenizer " + tokenizer.name() +
                      " has no vocabulary to draw token ids from (give a tokenizer.json or a HuggingFace tokenizer)");
  return ids;
}

std::vector<int32_t> prompt_corpus_ids(const PromptCorpusSource& corpus, const Tokenizer& tokenizer) {
  return corpus.random ? random_corpus_ids(tokenizer, *corpus.random) : tokenize_corpus(corpus.text, tokenizer);
}

}  // namespace aiperf
