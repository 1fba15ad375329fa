#pragma once
// `aiperf profile`: builds the workload, runs the phases, and writes the results.
#include <filesystem>
#include <memory>
#include <optional>

#include "accuracy/accuracy_grading.h"
#include "config/profile_config.h"
#include "endpoints/request_builder.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

// The tokenizer a run counts and synthesises with, and what it was made from.
struct RunTokenizer {
  TokenizerRequest request;
  std::unique_ptr<Tokenizer> tokenizer;
};
TokenizerRequest run_tokenizer_request(const ProfileConfig& config);
// Loads it (its notes go to the console report). A study loads it once, before forking its trials
// (app/trial_process.h), so that no trial spends its first ~170 ms building o200k_base's tables.
RunTokenizer load_run_tokenizer(const ProfileConfig& config);

// Returns the process exit code (cli-and-load.md §7). `preloaded` is used when it was made from
// the same request as this run's; otherwise the run loads its own.
int run_profile(const ProfileConfig& config, const RunTokenizer* preloaded = nullptr);

// Every request body the run prepares, exactly as run_profile builds them, and an accuracy
// run's answer key (`aiperf merge` rebuilds them to count input tokens and grade as the shards
// did).
struct RunRequests {
  std::vector<PreparedRequest> requests;
  std::optional<AnswerKey> answer_key;
};
RunRequests build_run_requests(const ProfileConfig& config, const Tokenizer& tokenizer);

// After the run's exports: the accuracy table on the console and at the end of
// profile_export_console.txt, and the accuracy files (docs/accuracy.md). False when a file
// could not be written.
bool report_accuracy(const ProfileConfig& config, const AccuracyGrading& grading, const std::filesystem::path& dir);

}  // namespace aiperf
