#pragma once
// --accuracy-answer-key FILE with --accuracy-correct-fraction F: the mock answers accuracy
// benchmark problems, a known share of them correctly, so a test can check that the client's
// grading reports exactly that share (docs/accuracy.md, "Testing with the mock server").
//
// The key is JSON Lines, one problem per line:
//   {"match": "<text found only in that problem's prompt>", "correct": "B", "wrong": "C"}
// Problem i (0-based, in file order) is answered correctly iff floor((i+1)F) > floor(iF), so
// any N problems asked once each get exactly floor(N F) correct answers, whatever the order of
// the requests. A request is matched to the key whose `match` text appears latest in its body
// (few-shot examples come before the question); a request no key matches gets the usual words.
#include <string>
#include <string_view>
#include <vector>

namespace aiperf::mock {

class AccuracyAnswers {
 public:
  // Empty `path`: the mode is off. Returns a one-line error naming the file and line, or "".
  std::string load(const std::string& path, double correct_fraction);
  bool enabled() const { return !keys_.empty(); }
  // The reply text for a request body (raw JSON, as received); empty when no key matches.
  std::string_view reply_for(std::string_view body) const;

 private:
  struct Key {
    std::string match;  // JSON-escaped, as it appears inside the body's strings
    std::string reply;  // the correct or the wrong answer, chosen at load time
  };
  std::vector<Key> keys_;
};

}  // namespace aiperf::mock
