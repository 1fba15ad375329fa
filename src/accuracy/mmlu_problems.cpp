// MMLU (lighteval/mmlu, one configuration per subject) in lighteval's prompt format: an
// instruction naming the subject, few-shot "Question: ...\nA. ...\nAnswer: X" examples from the
// subject's dev split, then the question ending in "Answer:". On chat endpoints each few-shot
// example is its own user/assistant pair, as lighteval's chat template sends them.
#include <cstdint>

#include "accuracy/accuracy_problem.h"
#include "accuracy/benchmark_files.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

struct MmluRow {
  std::string question;
  std::string choices;  // "\nA. ...\nB. ..."
  char gold = 'A';
};

MmluRow mmlu_row(const BenchmarkInfo& b, const nlohmann::json& row, const std::string& where) {
  MmluRow r;
  r.question = row_text(b, row, "question", where);
  const auto choices = row.find("choices");
  if (choices == row.end() || !choices->is_array() || choices->empty() || choices->size() > 26)
    throw ConfigError("--accuracy-benchmark " + std::string(b.name) + ": " + where + ": 'choices' is not a list");
  for (size_t i = 0; i < choices->size(); ++i)
    r.choices += "\n" + std::string(1, char('A' + i)) + ". " +
                 ((*choices)[i].is_string() ? (*choices)[i].get<std::string>() : (*choices)[i].dump());
  const std::string answer = row_text(b, row, "answer", where);
  size_t index = SIZE_MAX;
  if (answer.size() == 1 && answer[0] >= 'A' && answer[0] <= 'Z')
    index = size_t(answer[0] - 'A');
  else if (!answer.empty() && answer.size() < 3 && answer.find_first_not_of("0123456789") == std::string::npos)
    index = size_t(std::stoul(answer));
  if (index >= choices->size())
    throw ConfigError("--accuracy-benchmark " + std::string(b.name) + ": " + where + ": answer " + answer +
                      " is not one of the choices");
  r.gold = char('A' + index);
  return r;
}

std::vector<MmluRow> mmlu_rows(const BenchmarkInfo& b, const std::string& subject, const std::string& split) {
  std::vector<MmluRow> rows;
  for_each_benchmark_row(
      b, benchmark_split_files(b, subject, split), {"question", "choices", "answer"},
      [&](const nlohmann::json& row, const std::string& where) { rows.push_back(mmlu_row(b, row, where)); });
  return rows;
}

}  // namespace

std::vector<AccuracyProblem> load_mmlu_problems(const BenchmarkInfo& b, const ProblemOptions& o) {
  std::vector<AccuracyProblem> problems;
  std::vector<std::string> subjects = o.tasks;
  if (subjects.empty())
    for (std::string_view t : b.tasks) subjects.emplace_back(t);
  for (const std::string& subject : subjects) {
    std::string name = subject;
    for (char& ch : name) ch = ch == '_' ? ' ' : ch;
    // CoT asks for upstream's "The answer is (X)" line, which the multiple_choice grader reads.
    const std::string instruction =
        "The following are multiple choice questions (with answers) about " + name + "." +
        (o.cot ? " Think step by step and then output the answer in the format of \"The answer is (X)\" at the end."
               : "") +
        "\n\n";
    // lighteval samples shots label-balanced; the dev split holds 5 per subject, taken in order.
    std::vector<MmluRow> shots;
    if (o.n_shots > 0) {
      shots = mmlu_rows(b, subject, std::string(b.shot_split));
      if (shots.size() > size_t(o.n_shots)) shots.resize(size_t(o.n_shots));
    }
    for (const MmluRow& row : mmlu_rows(b, subject, std::string(b.eval_split))) {
      AccuracyProblem p;
      p.task = subject;
      p.gold = std::string(1, row.gold);
      p.text = instruction;
      for (size_t i = 0; i < shots.size(); ++i) {
        const std::string q = "Question: " + shots[i].question + shots[i].choices + "\nAnswer:";
        p.text += q + " " + std::string(1, shots[i].gold) + "\n\n";
        p.messages.push_back({"user", (i == 0 ? instruction : "") + q});
        p.messages.push_back({"assistant", " " + std::string(1, shots[i].gold)});
      }
      const std::string query =
          "Question: " + row.question + row.choices + (o.cot ? "\nLet's think step by step.\nAnswer:" : "\nAnswer:");
      p.text += query;
      p.messages.push_back({"user", (shots.empty() ? instruction : "") + query});
      problems.push_back(std::move(p));
    }
  }
  return problems;
}

AccuracyProblem single_message_problem(std::string task, std::string gold, std::string text) {
  AccuracyProblem p;
  p.task = std::move(task);
  p.gold = std::move(gold);
  p.messages.push_back({"user", text});
  p.text = std::move(text);
  return p;
}

}  // namespace aiperf
