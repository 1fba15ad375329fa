#pragma once
// The rendezvous' messages: one line each, words split by single spaces, every word
// percent-escaped so a fingerprint or an error message can carry any byte.
//   shard i -> 0:  hello/1 <index> <count> <fingerprint>   ping <t0>
//                  clock <offset> <uncertainty> <round trip> <samples>
//   0 -> shard i:  welcome   refused <message>   pong <t0> <t1> <t2>
//                  start <run id> <start ns on shard 0's clock>   abort <message>
// The version sits in the greeting's verb, so two aiperf builds that speak differently refuse
// each other by name instead of misreading.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

inline constexpr std::string_view kRendezvousHello = "hello/1";

std::string rendezvous_line(std::initializer_list<std::string_view> words);

struct RendezvousWords {
  std::vector<std::string> words;  // unescaped; words[0] is the verb

  bool is(std::string_view verb, size_t arity) const {
    return !words.empty() && words[0] == verb && words.size() == arity + 1;
  }
  // Word i (1-based after the verb) as a number; nullopt when missing or malformed.
  std::optional<int64_t> integer(size_t i) const;
};

RendezvousWords parse_rendezvous_line(std::string_view line);

}  // namespace aiperf
