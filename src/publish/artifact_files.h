#pragma once
// The files of a run's artifact directory that an exporter uploads (MLflow artifacts, W&B run
// files): every file under it, by path relative to it, optionally filtered by glob patterns.
#include <filesystem>
#include <string>
#include <vector>

namespace aiperf {

// Relative paths ("profile_export.jsonl", "plots/ttft.png"), sorted. Left out: unfinished
// ".partial" files, the run-claim marker and `skip` (an exporter's own record of the upload).
// With `globs`, a file is kept when any pattern (fnmatch) matches its relative path or its
// name, so "*.json" takes every JSON file and "plots/*" one folder.
std::vector<std::string> artifact_files(const std::filesystem::path& dir, const std::vector<std::string>& globs,
                                        const std::string& skip = "");

}  // namespace aiperf
