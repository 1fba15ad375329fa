#include "export/artifact_layout.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <system_error>

#include "export/exporter.h"

namespace aiperf {
namespace fs = std::filesystem;

std::string python_float_repr(double v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest form that reads back exactly
  std::string s(buf, r.ptr);
  if (s.find_first_of(".en") == std::string::npos) s += ".0";  // n: inf/nan stay as they are
  return s;
}

std::string stimulus_name(const ProfileConfig& config) {
  if (config.fixed_schedule) return "fixed_schedule";
  if (config.user_centric_rate)  // upstream's current spelling (metrics-and-outputs.md §7)
    return "user_centric-users" + std::to_string(config.num_users.value_or(1)) + "-qps" +
           python_float_repr(*config.user_centric_rate);
  if (!config.rate_mode()) return "concurrency" + std::to_string(config.effective_concurrency());
  // Upstream names only a fixed rate; a series gets a name of our own (docs/outputs.md).
  std::string rate = config.request_rate ? "request_rate" + python_float_repr(*config.request_rate)
                                         : std::string("request_rate_series");
  return config.concurrency ? "concurrency" + std::to_string(*config.concurrency) + "-" + rate : rate;
}

std::string auto_artifact_dir_name(const ProfileConfig& config) {
  std::string model = config.model_names.empty() ? "model" : config.model_names.front();
  std::replace(model.begin(), model.end(), '/', '_');
  if (config.model_names.size() > 1) model += "_multi";
  return model + "-openai-" + endpoint_type_name(config.endpoint_type) + "-" + stimulus_name(config);
}

ArtifactNames artifact_names(const ProfileConfig& config) {
  const std::string& stem = config.profile_export_prefix;
  if (stem.empty())
    return {kSummaryJsonFile, kSummaryCsvFile, kConsoleTextFile, kRecordsFile, kRawRecordsFile,
            "profile_export_aiperf_timeslices.json", "profile_export_aiperf_timeslices.csv", kGpuTelemetryFile,
            kServerMetricsStem, "profile_export_aiperf_steady_state.json", "profile_export_aiperf_steady_state.csv"};
  return {stem + ".json", stem + ".csv", stem + "_console.txt", stem + ".jsonl", stem + "_raw.jsonl",
          stem + "_timeslices.json", stem + "_timeslices.csv", stem + "_gpu_telemetry.jsonl",
          stem + "_server_metrics", stem + "_steady_state.json", stem + "_steady_state.csv"};
}

namespace {

bool holds_run(const fs::path& dir, const std::string& summary_json) {
  std::error_code ec;
  return fs::exists(dir / summary_json, ec);
}

// Refuses a directory the run could not write its files into, before anything is sent, so a
// long benchmark never ends in "cannot write" (as root, permission bits do not stop us, but a
// read-only mount still does).
void check_writable(const fs::path& dir) {
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    throw ConfigError("--artifact-dir " + dir.string() + ": cannot write into directory: " +
                      std::generic_category().message(errno));
}

void create_dir(const fs::path& dir, const std::string& what) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir))
    throw ConfigError(what + " " + dir.string() + ": cannot create directory: " +
                      (ec ? ec.message() : "a file with that name exists"));
}

// O_EXCL makes the claim atomic: of two runs racing for one directory exactly one wins.
bool claim(const fs::path& dir) {
  int fd = ::open((dir / kRunClaimFile).c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST) return false;
  if (fd < 0)
    throw ConfigError("--artifact-dir " + dir.string() + ": cannot write into directory: " +
                      std::generic_category().message(errno));
  ::close(fd);
  return true;
}

}  // namespace

fs::path prepare_artifact_dir(const ProfileConfig& config) {
  const fs::path root(config.artifact_root);
  const std::string summary_json = artifact_names(config).summary_json;
  if (config.artifact_dir_given) {
    create_dir(root, "--artifact-dir");
    if (holds_run(root, summary_json))
      throw ConfigError("--artifact-dir " + root.string() + " already holds a run (" + summary_json +
                        " exists); pass a new directory or omit --artifact-dir to get an auto-named one");
    check_writable(root);
    return root;
  }
  const std::string base = auto_artifact_dir_name(config);
  for (int attempt = 1;; ++attempt) {
    fs::path dir = root / (attempt == 1 ? base : base + "-" + std::to_string(attempt));
    create_dir(dir, "--artifact-dir");
    if (!holds_run(dir, summary_json) && claim(dir)) return dir;
  }
}

fs::path prepare_shard_artifact_dir(const ProfileConfig& config, int64_t index) {
  const fs::path root(config.artifact_root);
  const fs::path dir = (config.artifact_dir_given ? root : root / auto_artifact_dir_name(config)) /
                       ("shard-" + std::to_string(index));
  create_dir(dir, "--artifact-dir");
  const std::string summary_json = artifact_names(config).summary_json;
  if (holds_run(dir, summary_json))
    throw ConfigError("--artifact-dir " + dir.string() + " already holds shard " + std::to_string(index) + " of a run (" +
                      summary_json + " exists); pass a new directory");
  check_writable(dir);
  return dir;
}

}  // namespace aiperf
