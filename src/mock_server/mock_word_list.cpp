#include "mock_server/mock_word_list.h"

#include <array>

namespace aiperf::mock {
namespace {

// Common English words, each one token (with its leading space) under tiktoken o200k_base,
// aiperf's builtin tokenizer, and under most BPE vocabularies: a client counting tokens of the
// streamed text gets the same number as the reply's usage.completion_tokens.
constexpr std::array<std::string_view, 64> kWords = {
    " the", " of", " and", " to", " in", " is", " that", " for", " it", " as", " with", " was",
    " on", " be", " by", " at", " this", " from", " are", " or", " have", " an", " which", " not",
    " but", " had", " all", " were", " when", " there", " can", " more", " if", " will", " one",
    " about", " time", " their", " would", " so", " what", " up", " out", " other", " into", " has",
    " some", " could", " them", " than", " first", " been", " its", " who", " now", " people",
    " made", " over", " did", " down", " only", " way", " find", " use",
};

}  // namespace

std::span<const std::string_view> mock_words() { return kWords; }

}  // namespace aiperf::mock
