#include "mock_server/accuracy_answers.h"

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

namespace aiperf::mock {

std::string AccuracyAnswers::load(const std::string& path, double correct_fraction) {
  keys_.clear();
  if (path.empty()) return "";
  std::ifstream in(path);
  if (!in) return "--accuracy-answer-key " + path + ": cannot open the file";
  std::string line;
  for (size_t n = 1; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto where = "--accuracy-answer-key " + path + ":" + std::to_string(n) + ": ";
    const nlohmann::json row = nlohmann::json::parse(line, nullptr, false);
    if (!row.is_object() || !row.contains("match") || !row["match"].is_string() || !row.contains("correct") ||
        !row["correct"].is_string() || !row.contains("wrong") || !row["wrong"].is_string())
      return where + "expected {\"match\": text, \"correct\": text, \"wrong\": text}";
    const std::string match = row["match"].get<std::string>();
    if (match.empty()) return where + "empty match text";
    const size_t i = keys_.size();
    // floor((i+1)F) - floor(iF) is 1 for exactly floor(N F) of the first N problems.
    const bool correct =
        std::floor(double(i + 1) * correct_fraction + 1e-9) > std::floor(double(i) * correct_fraction + 1e-9);
    const std::string escaped = nlohmann::json(match).dump();
    keys_.push_back({escaped.substr(1, escaped.size() - 2), row[correct ? "correct" : "wrong"].get<std::string>()});
  }
  if (keys_.empty()) return "--accuracy-answer-key " + path + ": no problems in the file";
  return "";
}

std::string_view AccuracyAnswers::reply_for(std::string_view body) const {
  const Key* best = nullptr;
  size_t best_at = 0;
  for (const Key& k : keys_) {
    const size_t at = body.rfind(k.match);
    if (at != std::string_view::npos && (!best || at > best_at)) {
      best = &k;
      best_at = at;
    }
  }
  return best ? std::string_view(best->reply) : std::string_view();
}

}  // namespace aiperf::mock
