// --public-dataset sharegpt (workloads-and-endpoints.md §4): ShareGPT_V3_unfiltered_cleaned_split.json,
// a JSON list of {"id", "conversations": [{"from": "human"|"gpt"|..., "value": text}...]}.
// Every adjacent human->gpt pair is one turn of a multi-turn conversation sent with its live
// history; a conversation is dropped whole when any pair fails upstream's length rules.
//
// The real file is ~640 MB: it is stream-parsed with simdjson On Demand (no DOM), the texts
// stay views into the parser's buffer until kept, and the token counting, the costly part, is
// spread over every core (the tokenizers are thread-safe).
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <thread>

#include "common/uuid.h"
#include "dataset/conversation_id.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/public/public_dataset.h"

namespace aiperf {
namespace {

namespace od = simdjson::ondemand;

// Upstream's (vLLM's) ShareGPT length filter.
constexpr int64_t kMinTokens = 4, kMaxPromptTokens = 1024, kMaxTotalTokens = 2048;

enum Drop { kPromptShort, kCompletionShort, kPromptLong, kTotalLong, kNoPair, kDropReasons };
constexpr const char* kDropNames[kDropReasons] = {
    "prompt < 4 tokens", "completion < 4 tokens", "prompt > 1024 tokens", "prompt+completion > 2048 tokens",
    "no human->gpt pair"};

struct Pair {
  std::string_view prompt, completion;
  int64_t prompt_tokens = 0, completion_tokens = 0;
};

struct Conversation {
  size_t first_pair = 0, pairs = 0;
  std::optional<Drop> dropped;
};

struct Parsed {
  std::vector<Pair> pairs;
  std::vector<Conversation> conversations;
  size_t entries = 0, too_short = 0;  // too_short: fewer than 2 messages
};

class ShareGptParser {
 public:
  ShareGptParser(const std::string& path, const simdjson::padded_string& json) : path_(path), json_(json) {}

  Parsed parse() {
    Parsed out;
    check(parser_.iterate(json_).get(doc_), "not JSON");
    iterating_ = true;
    od::array list;
    check(doc_.get_array().get(list), "expected a JSON list of conversations");
    for (auto item : list) {
      ++out.entries;
      od::object entry;
      check(item.get_object().get(entry), "expected a JSON object");
      read_entry(entry, out);
    }
    return out;
  }

 private:
  struct Message {
    std::string_view from, value;
    bool has_from = false;
  };

  void read_entry(od::object& entry, Parsed& out) {
    messages_.clear();
    od::array conversation;
    auto field = entry.find_field_unordered("conversations");
    if (field.error() == simdjson::NO_SUCH_FIELD) {
      ++out.too_short;
      return;
    }
    check(field.get_array().get(conversation), "'conversations' must be a list");
    for (auto item : conversation) {
      od::object m;
      check(item.get_object().get(m), "a message must be a JSON object");
      Message msg;
      auto from = m.find_field_unordered("from");
      if (from.error() != simdjson::NO_SUCH_FIELD) {
        check(from.get_string().get(msg.from), "'from' must be a string");
        msg.has_from = true;
      }
      check(m.find_field_unordered("value").get_string().get(msg.value), "a message needs a string 'value'");
      messages_.push_back(msg);
    }
    if (messages_.size() < 2) {
      ++out.too_short;
      return;
    }
    Conversation c{out.pairs.size(), 0, std::nullopt};
    const bool any_role = std::any_of(messages_.begin(), messages_.end(), [](const Message& m) { return m.has_from; });
    if (!any_role) {
      out.pairs.push_back({messages_[0].value, messages_[1].value});  // upstream: the first two values
    } else {
      for (size_t i = 0; i + 1 < messages_.size(); ++i)
        if (messages_[i].from == "human" && messages_[i + 1].from == "gpt") {
          out.pairs.push_back({messages_[i].value, messages_[i + 1].value});
          ++i;
        }
    }
    c.pairs = out.pairs.size() - c.first_pair;
    if (c.pairs == 0) c.dropped = kNoPair;
    out.conversations.push_back(c);
  }

  void check(simdjson::error_code e, const char* what) {
    if (!e) return;
    size_t line = 1;
    const char* at = nullptr;
    // A document that failed to start (an empty file) has no location to ask for.
    if (iterating_ && !doc_.current_location().get(at) && at >= json_.data() && at <= json_.data() + json_.size())
      line += size_t(std::count(json_.data(), at, '\n'));
    throw ConfigError("--public-dataset sharegpt: " + path_ + ", line " + std::to_string(line) + ": " + what + " (" +
                      simdjson::error_message(e) + ")");
  }

  const std::string& path_;
  const simdjson::padded_string& json_;
  od::parser parser_;
  od::document doc_;
  bool iterating_ = false;  // doc_ holds a started iteration
  std::vector<Message> messages_;
};

void count_tokens(std::vector<Pair>& pairs, const Tokenizer& tokenizer) {
  const size_t threads =
      std::clamp<size_t>(std::thread::hardware_concurrency(), 1, std::max<size_t>(1, pairs.size() / 64));
  auto work = [&](size_t t) {
    for (size_t i = t; i < pairs.size(); i += threads) {
      pairs[i].prompt_tokens = int64_t(tokenizer.count(pairs[i].prompt));
      pairs[i].completion_tokens = int64_t(tokenizer.count(pairs[i].completion));
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& th : pool) th.join();
}

std::optional<Drop> length_rule(const Pair& p, bool osl_given) {
  if (p.prompt_tokens < kMinTokens) return kPromptShort;
  if (!osl_given && p.completion_tokens < kMinTokens) return kCompletionShort;
  if (p.prompt_tokens > kMaxPromptTokens) return kPromptLong;
  if (p.prompt_tokens + p.completion_tokens > kMaxTotalTokens) return kTotalLong;
  return std::nullopt;
}

}  // namespace

Dataset load_sharegpt_file(const std::string& path, const DatasetBuildSettings& config, const Tokenizer& tokenizer,
                           std::ostream& notes) {
  const auto start = std::chrono::steady_clock::now();
  simdjson::padded_string json;
  if (simdjson::padded_string::load(path).get(json))
    throw ConfigError("--public-dataset sharegpt: " + path + ": cannot read file");
  ShareGptParser parser(path, json);  // owns the buffer the texts point into until they are copied
  Parsed parsed = parser.parse();
  count_tokens(parsed.pairs, tokenizer);

  const bool osl_given = config.osl_mean.has_value();
  // Completions has no roles to carry the history: only each conversation's first turn is sent.
  const bool history = carries_roles(config.endpoint_type);
  FallbackOutputLength osl(config);
  Dataset out;
  size_t drops[kDropReasons] = {}, turns = 0, unsent_turns = 0, eligible = 0;
  // An explicit --num-dataset-entries keeps the first N conversations that pass the rules.
  const size_t keep = config.num_dataset_entries_given ? size_t(config.num_dataset_entries) : SIZE_MAX;
  for (Conversation& c : parsed.conversations) {
    for (size_t i = 0; i < c.pairs && !c.dropped; ++i) c.dropped = length_rule(parsed.pairs[c.first_pair + i], osl_given);
    if (c.dropped) {
      ++drops[*c.dropped];
      continue;
    }
    if (++eligible > keep) continue;
    DatasetEntry e;
    for (size_t i = 0; i < c.pairs; ++i) {
      const Pair& p = parsed.pairs[c.first_pair + i];
      const std::optional<int64_t> max_tokens = osl_given ? osl.next() : std::optional<int64_t>(p.completion_tokens);
      if (i == 0) {
        e.prompt = p.prompt;
        e.intended_input_tokens = p.prompt_tokens;
        e.max_tokens = max_tokens;
      } else if (history) {
        DatasetTurn t;
        t.prompt = p.prompt;
        t.intended_input_tokens = p.prompt_tokens;
        t.max_tokens = max_tokens;
        e.later_turns.push_back(std::move(t));
      } else {
        ++unsent_turns;
      }
    }
    turns += e.turn_count();
    e.conversation_id = default_conversation_id(config, out.entries.size());
    e.model = config.model_names.front();
    out.entries.push_back(std::move(e));
  }

  size_t dropped = 0;
  std::string why;
  for (int r = 0; r < kDropReasons; ++r)
    if (drops[r]) {
      dropped += drops[r];
      why += (why.empty() ? "" : ", ") + std::to_string(drops[r]) + " " + kDropNames[r];
    }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char took[32];
  std::snprintf(took, sizeof took, "%.2f", seconds);
  notes << "--public-dataset sharegpt: " << path << ": " << parsed.entries << " entries, kept " << out.entries.size()
        << " conversations (" << turns << " turns); skipped " << parsed.too_short << " with fewer than 2 messages; dropped "
        << dropped << (dropped ? " (" + why + ")" : "")
        << (eligible > keep ? "; kept the first " + std::to_string(keep) + " of " + std::to_string(eligible) +
                                  " passing (--num-dataset-entries)"
                            : "")
        << "; loaded in " << took << " s\n";
  if (unsent_turns)
    notes << "--public-dataset sharegpt: --endpoint-type " << endpoint_type_name(config.endpoint_type)
          << " carries no history: each conversation sends its first turn only (" << unsent_turns
          << " later turns not sent)\n";
  if (out.entries.empty())
    throw ConfigError("--public-dataset sharegpt: " + path + ": no conversation passes the length rules (" +
                      std::to_string(parsed.entries) + " entries)");
  return out;
}

}  // namespace aiperf
