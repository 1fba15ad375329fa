// One run's requests as read back from profile_export.jsonl, column by column (a million
// requests cost ~60 MB, not a million small objects). Times are wall-clock ns as exported;
// metric values are in their display units (ms, tokens); NaN where the record has no value.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf::plot {

// Many short strings in one buffer: value i is text[offset[i] .. offset[i+1]).
class StringColumn {
 public:
  void push_back(std::string_view s) {
    text_.append(s);
    offsets_.push_back(text_.size());
  }
  std::string_view operator[](std::size_t i) const {
    const std::size_t begin = i == 0 ? 0 : offsets_[i - 1];
    return std::string_view(text_).substr(begin, offsets_[i] - begin);
  }
  std::size_t size() const { return offsets_.size(); }

 private:
  std::string text_{};
  std::vector<std::size_t> offsets_{};
};

// (t − origin) in seconds; NaN when the difference does not fit in int64 (a corrupt record), so a
// hostile file draws nothing there instead of overflowing.
inline double seconds_since(int64_t t, int64_t origin) {
  int64_t d = 0;
  if (__builtin_sub_overflow(t, origin, &d)) return std::nan("");
  return double(d) / 1e9;
}

struct RequestTable {
  std::vector<int64_t> start_ns{};  // request_start_ns (wall); 0 when absent
  std::vector<int64_t> end_ns{};    // request_end_ns (wall); 0 when absent
  std::vector<double> ttft_ms{};    // time_to_first_token
  std::vector<double> itl_ms{};     // inter_token_latency (NaN with OSL < 2)
  std::vector<double> latency_ms{}; // request_latency
  std::vector<double> isl{};        // input_sequence_length (tokens)
  std::vector<double> osl{};        // output_sequence_length (tokens)
  std::vector<int32_t> turn_index{};
  std::vector<uint32_t> error{};    // 0: succeeded; else 1 + index into error_messages
  std::vector<std::string> error_messages{};  // distinct "<code> <type>: <message>" texts
  StringColumn request_id;        // x_request_id ("" when absent)
  StringColumn conversation_id;   // "" when absent

  std::size_t size() const { return start_ns.size(); }
  bool failed(std::size_t i) const { return error[i] != 0; }
  std::string_view error_message(std::size_t i) const {
    return error[i] == 0 ? std::string_view() : std::string_view(error_messages[error[i] - 1]);
  }
};

}  // namespace aiperf::plot
