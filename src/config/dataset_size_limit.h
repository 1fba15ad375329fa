#pragma once
// What the control plane agrees to build. The whole dataset (every prompt, image and audio
// clip, then every request body) is built in memory before the first request, so a size that
// cannot fit is refused up front with the estimate, instead of running the machine out of
// memory (docs/datasets.md, "Size limits").
#include <cstdint>
#include <string>

namespace aiperf {

struct ProfileConfig;

// Far above any model's context window (the longest are 1-10M tokens): a longer prompt is a
// typo, and would take minutes to synthesise even where memory allows it.
inline constexpr int64_t kMaxPromptTokens = 10'000'000;
// Bytes of prompt text per token of the built-in corpus (Shakespeare and Moby-Dick under the
// built-in tokenizer, rounded up).
inline constexpr double kPromptTextBytesPerToken = 4.3;
// Copies of each prompt held while building: its text in the dataset, the request body that
// embeds it, and the token ids that check its length.
inline constexpr double kBuildCopiesPerPrompt = 3;

// "4.3 GB", "120 MB": decimal units, two significant digits.
std::string approximate_bytes(double bytes);

// "" within kMaxPromptTokens, else "a prompt of 1e+09 tokens is about 4.3 GB of text; refusing
// (limit 10000000 tokens per prompt)".
std::string prompt_tokens_problem(int64_t tokens);
// Throws ConfigError("<what> <tokens>: <the problem>") past the limit.
void require_prompt_tokens(const std::string& what, int64_t tokens);

// MemAvailable from /proc/meminfo (what can be allocated without swapping), else the
// physical memory; 0 when neither can be read.
uint64_t available_memory_bytes();

// Estimated peak bytes to build the synthetic dataset the flags describe (prompts, images,
// audio; 0 for file and public datasets, which are checked row by row).
double synthetic_dataset_bytes(const ProfileConfig& c);

// Throws ConfigError naming the sizes when synthetic_dataset_bytes(c) passes `available` (not
// checked when `available` is 0: unknown).
void require_synthetic_dataset_fits(const ProfileConfig& c, uint64_t available);

}  // namespace aiperf
