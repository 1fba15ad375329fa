#pragma once
// What the study runners share: one trial run in its own process and read back, the study's
// base directory, seeds, and the checks made before anything is sent.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/study.h"

namespace aiperf {

struct TrialRecord {
  size_t variation = 0;             // index into Study::variations (search: the iteration)
  int trial = 1;                    // 1-based
  std::string label;                // run_0001 / trial_0001
  std::filesystem::path dir;
  int exit_code = 0;
  bool interrupted = false;
  std::optional<nlohmann::json> summary;  // profile_export_aiperf.json of a successful trial
  std::string error;                // why it failed ("" when it succeeded)
  bool ok() const { return summary.has_value(); }
};

// Runs one trial of `config` into `dir` with `seed` (warm-up dropped when `skip_warmup`), waits,
// and reads its summary back.
TrialRecord run_trial(ProfileConfig config, const std::filesystem::path& dir, std::optional<uint64_t> seed,
                      bool skip_warmup);

// The study's directory: --artifact-dir as given, or an auto-named one under the artifact root
// whose stimulus names the sweep (`concurrency_sweep_8_16_32`).
std::filesystem::path study_base_dir(const Study& study);

// --auto-plot on a study: one `aiperf plot` over its base directory after the last trial (the
// trials themselves do not plot). Returns `code`, or 1 when it was 0 and a --plot-required plot failed.
int plot_study(const Study& study, const std::filesystem::path& base, int code);

// The seed of variation `index`: --random-seed (or 42 with --set-consistent-seed) plus the index,
// unless --parameter-sweep-same-seed; none when neither is set.
std::optional<uint64_t> variation_seed(const Study& study, size_t index);
// --vary-seed-per-trial: the first four bytes (big-endian) of SHA-256("<seed>:<label>:trial:<n>").
uint64_t per_trial_seed(uint64_t seed, const std::string& label, int trial);

// Every metric tag the study names (SLA filters, convergence, objective) must exist: one clear
// error before anything is sent.
void check_study_metrics(const Study& study);

// The per-request values of `tag` in a trial's profile_export.jsonl (profiling records only).
std::vector<double> per_request_values(const std::filesystem::path& trial_dir, const ProfileConfig& config,
                                       const std::string& tag);

void write_text_file(const std::filesystem::path& path, const std::string& text);

}  // namespace aiperf
