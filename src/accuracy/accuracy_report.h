#pragma once
// What an accuracy run reports (docs/accuracy.md, "Output"): the console table after the
// metrics, accuracy_results.csv, accuracy_export.jsonl and an "accuracy" block in
// profile_export_aiperf.json.
#include <filesystem>
#include <string>

#include "accuracy/accuracy_grading.h"

namespace aiperf {

inline constexpr const char* kAccuracyResultsCsv = "accuracy_results.csv";
inline constexpr const char* kAccuracyExportJsonl = "accuracy_export.jsonl";

// "Accuracy Benchmark Results": Task, Correct, Total, Unparsed, Errors, Accuracy; OVERALL last.
// With `verbose`, one line per graded response follows. Sized and coloured for stdout as the
// metrics tables are (COLUMNS, a terminal, NO_COLOR).
std::string accuracy_console(const AccuracyGrading& grading, bool verbose);
std::string accuracy_console(const AccuracyGrading& grading, bool verbose, int max_width, bool color);

// The "accuracy" block: benchmark, grader, n_shots, enable_cot, tasks[], overall.
nlohmann::ordered_json accuracy_summary_json(const AccuracyGrading& grading);

// accuracy_results.csv and accuracy_export.jsonl in `dir`, and the block added to `summary_json`
// (when that file exists). Returns false when a file could not be written.
bool write_accuracy_exports(const AccuracyGrading& grading, const std::filesystem::path& dir,
                            const std::filesystem::path& summary_json);

}  // namespace aiperf
