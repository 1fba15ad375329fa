#include "accuracy/accuracy_report.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "export/artifact_layout.h"
#include "export/atomic_file.h"
#include "export/console_table.h"
#include "export/json_summary.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

std::string percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", fraction * 100.0);
  return buf;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char ch : s) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

ojson tally_json(const std::string& task, const TaskTally& t) {
  return ojson{{"task", task},
               {"total", t.total},
               {"passed", t.passed},
               {"unparsed", t.unparsed},
               {"errors", t.errors},
               {"accuracy_rate", t.accuracy()},
               {"unparsed_rate", t.unparsed_rate()}};
}

}  // namespace

std::string accuracy_console(const AccuracyGrading& grading, bool verbose) {
  int width = 120;  // a pipe: the console file's width
  if (const char* columns = std::getenv("COLUMNS"); columns && std::atoi(columns) > 0) width = std::atoi(columns);
  const char* no_color = std::getenv("NO_COLOR");
  return accuracy_console(grading, verbose, width, isatty(STDOUT_FILENO) && !(no_color && *no_color));
}

std::string accuracy_console(const AccuracyGrading& grading, bool verbose, int max_width, bool color) {
  ConsoleTable table;
  table.title = "Accuracy Benchmark Results (" + grading.key().benchmark + ", " +
                std::string(grader_name(grading.key().grader)) + ")";
  for (const char* header : {"Task", "Correct", "Total", "Unparsed", "Errors", "Accuracy"})
    table.columns.push_back(TableColumn{header, table.columns.empty() ? Justify::left : Justify::right, ""});
  auto row = [&](const std::string& task, const TaskTally& t) {
    table.rows.push_back({task, std::to_string(t.passed), std::to_string(t.total), std::to_string(t.unparsed),
                          std::to_string(t.errors), percent(t.accuracy())});
  };
  for (const auto& [task, t] : grading.task_rows()) row(task, t);
  row("OVERALL", grading.overall());
  std::string out = render_table(table, max_width, color);
  if (verbose)
    for (const GradedResponse& g : grading.responses())
      out += g.conversation_id + " [" + g.task + "] " + (g.grade.correct ? "CORRECT" : "WRONG") +
             (g.grade.unparsed ? " (unparsed)" : "") + ": " + g.grade.explanation + "\n";
  return out;
}

ojson accuracy_summary_json(const AccuracyGrading& grading) {
  const AnswerKey& key = grading.key();
  ojson tasks = ojson::array();
  for (const auto& [task, t] : grading.task_rows()) tasks.push_back(tally_json(task, t));
  return ojson{{"benchmark", key.benchmark}, {"grader", std::string(grader_name(key.grader))},
               {"n_shots", key.n_shots},     {"enable_cot", key.cot},
               {"tasks", std::move(tasks)},  {"overall", tally_json("OVERALL", grading.overall())}};
}

bool write_accuracy_exports(const AccuracyGrading& grading, const std::filesystem::path& dir,
                            const std::filesystem::path& summary_json) {
  bool ok = true;
  try {
    std::string csv = "task,total,passed,unparsed,accuracy_rate,unparsed_rate,errors\n";
    auto line = [&](const std::string& task, const TaskTally& t) {
      csv += csv_field(task) + "," + std::to_string(t.total) + "," + std::to_string(t.passed) + "," +
             std::to_string(t.unparsed) + "," + python_float_repr(t.accuracy()) + "," +
             python_float_repr(t.unparsed_rate()) + "," + std::to_string(t.errors) + "\n";
    };
    for (const auto& [task, t] : grading.task_rows()) line(task, t);
    line("OVERALL", grading.overall());
    write_file_atomically(dir / kAccuracyResultsCsv, csv);

    std::string jsonl;
    for (const GradedResponse& g : grading.responses()) {
      ojson o = {{"session_num", g.session_num},
                 {"conversation_id", g.conversation_id},
                 {"x_request_id", g.x_request_id.empty() ? ojson(nullptr) : ojson(g.x_request_id)},
                 {"benchmark_phase", "profiling"},
                 {"timestamp_ns", g.timestamp_ns},
                 {"task", g.task},
                 {"grader_name", std::string(grader_name(grading.key().grader))},
                 {"passed", g.grade.correct},
                 {"unparsed", g.grade.unparsed},
                 {"confidence", g.grade.correct ? 1.0 : 0.0},
                 {"expected", g.grade.expected},
                 {"actual", g.grade.extracted},
                 {"explanation", g.grade.explanation},
                 {"model_output", g.model_output},
                 {"model_thinking", g.model_thinking.empty() ? ojson(nullptr) : ojson(g.model_thinking)}};
      jsonl += o.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    }
    write_file_atomically(dir / kAccuracyExportJsonl, jsonl);
  } catch (const std::exception&) {
    ok = false;
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(summary_json, ec)) return ok;
  try {
    std::ifstream in(summary_json);
    ojson doc = ojson::parse(in);
    doc["accuracy"] = accuracy_summary_json(grading);
    write_file_atomically(summary_json, dump_pretty(doc));
  } catch (const std::exception&) {
    ok = false;
  }
  return ok;
}

}  // namespace aiperf
