// Multiple-choice benchmarks besides MMLU: MMLU-Pro (TIGER-Lab's evaluate_from_api prompt),
// HellaSwag (DeepEval's template) and GPQA-Diamond (the simple-evals template).
#include <algorithm>
#include <set>

#include "accuracy/accuracy_problem.h"
#include "accuracy/benchmark_files.h"
#include "common/sigv4.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

std::string flag_of(const BenchmarkInfo& b) { return "--accuracy-benchmark " + std::string(b.name); }

bool wanted(const std::vector<std::string>& tasks, const std::string& task) {
  return tasks.empty() || std::find(tasks.begin(), tasks.end(), task) != tasks.end();
}

std::vector<std::string> text_list(const BenchmarkInfo& b, const nlohmann::json& row, const char* field,
                                   const std::string& where) {
  const auto it = row.find(field);
  if (it == row.end() || !it->is_array())
    throw ConfigError(flag_of(b) + ": " + where + ": '" + field + "' is not a list");
  std::vector<std::string> out;
  for (const nlohmann::json& v : *it) out.push_back(v.is_string() ? v.get<std::string>() : v.dump());
  return out;
}

// ---- MMLU-Pro ----

struct ProRow {
  std::string category, question, cot;
  std::vector<std::string> options;  // "N/A" placeholders dropped
  std::string answer;
};

std::vector<ProRow> mmlu_pro_rows(const BenchmarkInfo& b, const std::string& split) {
  std::vector<ProRow> rows;
  for_each_benchmark_row(b, benchmark_split_files(b, "", split),
                         {"question", "options", "answer", "cot_content", "category"},
                         [&](const nlohmann::json& row, const std::string& where) {
                           ProRow r;
                           r.category = row_text(b, row, "category", where);
                           r.question = row_text(b, row, "question", where);
                           r.answer = row_text(b, row, "answer", where);
                           const auto cot = row.find("cot_content");
                           if (cot != row.end() && cot->is_string()) r.cot = cot->get<std::string>();
                           for (std::string& o : text_list(b, row, "options", where))
                             if (o != "N/A") r.options.push_back(std::move(o));
                           if (r.options.size() > 10)
                             throw ConfigError(flag_of(b) + ": " + where + ": more than 10 options");
                           rows.push_back(std::move(r));
                         });
  return rows;
}

std::string pro_question(const ProRow& r) {
  std::string s = "Question: " + r.question + "\nOptions: ";
  for (size_t i = 0; i < r.options.size(); ++i) s += std::string(1, char('A' + i)) + ". " + r.options[i] + "\n";
  return s;
}

// The validation split's worked answers start "A: Let's think step by step."; the prompt says "Answer:".
std::string pro_shot_answer(const ProRow& r, bool cot) {
  if (!cot) return "Answer: " + r.answer + "\n\n";
  std::string worked = r.cot;
  if (worked.starts_with("A: ")) worked = "Answer: " + worked.substr(3);
  return worked + "\n\n";
}

// ---- HellaSwag ----

struct SwagRow {
  std::string label, ctx, answer;
  std::vector<std::string> endings;
};

std::vector<SwagRow> hellaswag_rows(const BenchmarkInfo& b, const std::string& split) {
  std::vector<SwagRow> rows;
  for_each_benchmark_row(
      b, benchmark_split_files(b, "", split), {"activity_label", "ctx", "endings", "label"},
      [&](const nlohmann::json& row, const std::string& where) {
        SwagRow r;
        r.label = row_text(b, row, "activity_label", where);
        r.ctx = row_text(b, row, "ctx", where);
        r.endings = text_list(b, row, "endings", where);
        const auto label = row.find("label");
        if (label != row.end() && !label->is_null()) r.answer = row_text(b, row, "label", where);
        if (!r.answer.empty() &&
            (r.answer.size() != 1 || r.answer[0] < '0' || size_t(r.answer[0] - '0') >= r.endings.size()))
          throw ConfigError(flag_of(b) + ": " + where + ": label '" + r.answer + "' is not an ending");
        rows.push_back(std::move(r));
      });
  return rows;
}

std::string swag_question(const SwagRow& r, bool with_answer) {
  std::string s = r.ctx;
  for (size_t i = 0; i < r.endings.size(); ++i) s += "\n" + std::string(1, char('A' + i)) + ". " + r.endings[i];
  s += "\nAnswer:";
  if (with_answer) s += " " + std::string(1, char('A' + (r.answer[0] - '0'))) + "\n\n";
  return s;
}

// ---- GPQA ----

// A permutation of 0..3 from SHA-256(question): the same letters on every run and machine.
std::array<int, 4> gpqa_order(const std::string& question) {
  const Sha256Digest d = sha256(question);
  std::array<int, 4> order = {0, 1, 2, 3};
  for (int i = 3; i > 0; --i) std::swap(order[size_t(i)], order[size_t(d[size_t(i)] % uint8_t(i + 1))]);
  return order;
}

}  // namespace

std::vector<AccuracyProblem> load_mmlu_pro_problems(const BenchmarkInfo& b, const ProblemOptions& o) {
  std::vector<ProRow> shots_pool;
  if (o.n_shots > 0) shots_pool = mmlu_pro_rows(b, std::string(b.shot_split));
  std::vector<AccuracyProblem> problems;
  for (const ProRow& r : mmlu_pro_rows(b, std::string(b.eval_split))) {
    if (!wanted(o.tasks, r.category)) continue;
    std::string text = "The following are multiple choice questions (with answers) about " + r.category +
                       ". Think step by step and then output the answer in the format of \"The answer is (X)\" at "
                       "the end.\n\n";
    int used = 0;
    for (const ProRow& s : shots_pool)
      if (used < o.n_shots && s.category == r.category) {
        text += pro_question(s) + pro_shot_answer(s, o.cot);
        ++used;
      }
    text += pro_question(r) + (o.cot ? "Answer: Let's think step by step." : "Answer:");
    problems.push_back(single_message_problem(r.category, r.answer, std::move(text)));
  }
  return problems;
}

std::vector<AccuracyProblem> load_hellaswag_problems(const BenchmarkInfo& b, const ProblemOptions& o) {
  std::vector<SwagRow> rows = hellaswag_rows(b, std::string(b.eval_split));
  std::set<std::string> labels;
  for (const SwagRow& r : rows) labels.insert(r.label);
  for (const std::string& t : o.tasks)
    if (!labels.contains(t)) {
      std::string valid;
      for (const std::string& l : labels) (valid.empty() ? valid : valid += ", ") += l;
      throw ConfigError("--accuracy-tasks: unknown hellaswag task '" + t + "' (the activity labels of its " +
                        std::string(b.eval_split) + " split: " + valid + ")");
    }
  // DeepEval's shots: the first train row of each activity label, in order.
  std::vector<SwagRow> shots;
  if (o.n_shots > 0) {
    std::set<std::string> seen;
    for (SwagRow& r : hellaswag_rows(b, std::string(b.shot_split)))
      if (!r.answer.empty() && seen.insert(r.label).second && shots.size() < size_t(o.n_shots))
        shots.push_back(std::move(r));
  }
  std::vector<AccuracyProblem> problems;
  for (const SwagRow& r : rows) {
    if (r.answer.empty() || !wanted(o.tasks, r.label)) continue;  // unlabeled rows cannot be graded
    std::string text =
        "The following are multiple choice questions (with answers) are sentence completion problems "
        "about " +
        r.label + ".\n\n";
    for (const SwagRow& s : shots) text += swag_question(s, true);
    text += swag_question(r, false);
    problems.push_back(
        single_message_problem(r.label, std::string(1, char('A' + (r.answer[0] - '0'))), std::move(text)));
  }
  return problems;
}

std::vector<AccuracyProblem> load_gpqa_problems(const BenchmarkInfo& b, const ProblemOptions&) {
  std::vector<AccuracyProblem> problems;
  const char* const kFields[] = {"Correct Answer", "Incorrect Answer 1", "Incorrect Answer 2", "Incorrect Answer 3"};
  for_each_benchmark_row(
      b, benchmark_split_files(b, std::string(b.subset), std::string(b.eval_split)),
      {"Question", kFields[0], kFields[1], kFields[2], kFields[3]},
      [&](const nlohmann::json& row, const std::string& where) {
        const std::string question = row_text(b, row, "Question", where);
        const std::array<int, 4> order = gpqa_order(question);
        std::string text =
            "Answer the following multiple choice question. The last line of your response should be of the "
            "following format: 'Answer: $LETTER' (without quotes) where LETTER is one of ABCD. Think step by step "
            "before answering.\n\n" +
            question + "\n\n";
        char gold = 'A';
        for (size_t i = 0; i < 4; ++i) {
          text +=
              std::string(1, char('A' + i)) + ") " + row_text(b, row, kFields[order[i]], where) + (i < 3 ? "\n" : "");
          if (order[i] == 0) gold = char('A' + i);
        }
        problems.push_back(single_message_problem(std::string(b.name), std::string(1, gold), std::move(text)));
      });
  return problems;
}

}  // namespace aiperf
