#include "tokenizer/tokenizer_json.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace aiperf {
namespace {

using nlohmann::json;

// j[key] without copying (json::value() copies, and the model holds megabytes), or null.
const json& member(const json& j, const char* key) {
  static const json kNull;
  auto it = j.find(key);
  return it == j.end() ? kNull : *it;
}

// model.vocab and model.merges are taken out of the JSON while it is parsed: building them as
// JSON values first, then copying, is most of the load time of a 150k-token vocabulary.
struct ModelTables {
  std::unordered_map<std::string, int32_t> vocab;
  std::vector<std::pair<std::string, std::string>> merges;
  bool has_vocab = false;
  std::string error;  // first malformed entry, reported after parsing

  struct Frame {
    std::string key;  // member name of this container in its parent ("" in arrays)
    bool is_array;
  };
  std::vector<Frame> path;   // open containers, root first
  std::string key;           // last member name seen
  std::vector<std::string> pair;

  enum class Place { kOther, kVocab, kMerges, kMergePair, kMalformed };

  Place place() const {
    if (path.size() < 3 || path[1].key != "model" || path[1].is_array) return Place::kOther;
    bool in_vocab = path[2].key == "vocab" && !path[2].is_array;
    bool in_merges = path[2].key == "merges" && path[2].is_array;
    if (!in_vocab && !in_merges) return Place::kOther;
    if (path.size() == 3) return in_vocab ? Place::kVocab : Place::kMerges;
    if (path.size() == 4 && in_merges && path[3].is_array) return Place::kMergePair;
    return Place::kMalformed;
  }

  void note(const std::string& what) {
    if (error.empty()) error = what;
  }
  void bad_merge() {
    note("model.merges[" + std::to_string(merges.size()) + "] is neither \"a b\" nor [\"a\", \"b\"]");
  }
  void bad_vocab_entry() { note("model.vocab[\"" + key + "\"] is not an integer id"); }

  // The parser callback: returns whether the event's value stays in the JSON tree. `depth` is
  // the number of open containers (before a start, after an end); containers inside a
  // discarded member report no end, so the path is re-synchronised from it.
  bool on_event(int depth, json::parse_event_t event, json& parsed) {
    using E = json::parse_event_t;
    size_t open = size_t(depth) + (event == E::object_end || event == E::array_end ? 1 : 0);
    if (path.size() > open) path.resize(open);
    switch (event) {
      case E::object_start:
      case E::array_start: {
        bool in_array = !path.empty() && path.back().is_array;
        path.push_back({in_array ? std::string() : key, event == E::array_start});
        Place p = place();
        if (p == Place::kVocab && event == E::object_start) has_vocab = true;
        if (p == Place::kMalformed) path[2].key == "vocab" ? bad_vocab_entry() : bad_merge();
        return true;
      }
      case E::key:
        key = parsed.get<std::string>();
        return place() != Place::kVocab;
      case E::value:
        switch (place()) {
          case Place::kOther:
            return true;
          case Place::kVocab:
            if (parsed.is_number_integer()) {
              vocab.emplace(std::move(key), parsed.get<int32_t>());
            } else {
              bad_vocab_entry();
            }
            return false;
          case Place::kMerges:
            if (parsed.is_string()) {
              split_merge(parsed.get_ref<const std::string&>());
            } else {
              bad_merge();
            }
            return false;
          case Place::kMergePair:
            if (parsed.is_string()) {
              pair.push_back(std::move(parsed.get_ref<std::string&>()));
            } else {
              pair.push_back({});
              pair.push_back({});  // forces the size check below to fail
            }
            return false;
          case Place::kMalformed:
            return false;
        }
        return false;
      case E::object_end:
      case E::array_end: {
        Place p = place();
        if (p == Place::kMergePair) {
          if (pair.size() == 2) {
            merges.emplace_back(std::move(pair[0]), std::move(pair[1]));
          } else {
            bad_merge();
          }
          pair.clear();
        }
        path.pop_back();
        return p == Place::kOther;
      }
    }
    return true;
  }

  void split_merge(const std::string& m) {
    size_t sp = m.find(' ');
    if (sp == std::string::npos || m.find(' ', sp + 1) != std::string::npos) {
      note("model.merges[" + std::to_string(merges.size()) + "] is not two tokens separated by one space");
      return;
    }
    merges.emplace_back(m.substr(0, sp), m.substr(sp + 1));
  }
};

struct Parser {
  const std::string& source;

  [[noreturn]] void fail(const std::string& what) const { throw std::runtime_error(source + ": " + what); }

  std::string type_of(const json& j, const std::string& component) const {
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) fail(component + " has no \"type\"");
    return j["type"].get<std::string>();
  }

  bool flag(const json& j, const char* key, bool fallback) const {
    if (!j.contains(key) || j[key].is_null()) return fallback;
    if (!j[key].is_boolean()) fail(std::string("\"") + key + "\" must be true or false");
    return j[key].get<bool>();
  }

  Normalizer normalizer(const json& j) const {
    std::vector<NormalizerKind> steps;
    add_normalizer(j, steps);
    return Normalizer(std::move(steps));
  }

  void add_normalizer(const json& j, std::vector<NormalizerKind>& steps) const {
    if (j.is_null()) return;
    std::string type = type_of(j, "normalizer");
    if (type == "NFC") {
      steps.push_back(NormalizerKind::kNfc);
    } else if (type == "Sequence") {
      for (const auto& n : member(j, "normalizers")) add_normalizer(n, steps);
    } else {
      fail("unsupported normalizer type '" + type + "'");
    }
  }

  std::shared_ptr<const Pcre2Regex> compile(const std::string& pattern) const {
    try {
      return std::make_shared<const Pcre2Regex>(pattern);
    } catch (const std::exception& e) {
      fail(std::string("pre_tokenizer: ") + e.what());
    }
  }

  SplitBehavior behavior(const json& j) const {
    std::string b = j.value("behavior", std::string("Isolated"));
    if (b == "Removed") return SplitBehavior::kRemoved;
    if (b == "Isolated") return SplitBehavior::kIsolated;
    if (b == "MergedWithPrevious") return SplitBehavior::kMergedWithPrevious;
    if (b == "MergedWithNext") return SplitBehavior::kMergedWithNext;
    if (b == "Contiguous") return SplitBehavior::kContiguous;
    fail("unsupported Split behavior '" + b + "'");
  }

  void add_pre_tokenizer(const json& j, std::vector<PreTokenizerStep>& steps) const {
    if (j.is_null()) return;
    std::string type = type_of(j, "pre_tokenizer");
    if (type == "Sequence") {
      for (const auto& p : member(j, "pretokenizers")) add_pre_tokenizer(p, steps);
    } else if (type == "Split") {
      const json& pat = member(j, "pattern");
      std::string regex;
      if (pat.contains("Regex") && pat["Regex"].is_string()) {
        regex = pat["Regex"].get<std::string>();
      } else if (pat.contains("String") && pat["String"].is_string()) {
        regex = regex_escape(pat["String"].get<std::string>());
      } else {
        fail("Split pre_tokenizer needs a \"pattern\" with \"Regex\" or \"String\"");
      }
      PreTokenizerStep step{PreTokenizerStep::Kind::kSplit, {}, {}};
      step.split = SplitStep{compile(regex), behavior(j), flag(j, "invert", false)};
      steps.push_back(std::move(step));
    } else if (type == "ByteLevel") {
      PreTokenizerStep step{PreTokenizerStep::Kind::kByteLevel, {}, {}};
      // Defaults are HuggingFace's: add_prefix_space and use_regex both true when absent.
      step.byte_level.add_prefix_space = flag(j, "add_prefix_space", true);
      if (flag(j, "use_regex", true)) step.byte_level.gpt2_regex = compile(kGpt2SplitPattern);
      steps.push_back(std::move(step));
    } else {
      fail("unsupported pre_tokenizer type '" + type + "'");
    }
  }

  bool non_empty_string(const json& j, const char* key) const {
    return j.contains(key) && j[key].is_string() && !j[key].get_ref<const std::string&>().empty();
  }

  std::unique_ptr<BpeModel> model(const json& j, ModelTables& tables) const {
    if (!j.is_object()) fail("missing \"model\"");
    std::string type = j.contains("type") ? type_of(j, "model") : "BPE";
    if (type != "BPE") fail("unsupported model type '" + type + "'");
    if (flag(j, "byte_fallback", false)) fail("unsupported BPE option byte_fallback");
    if (j.contains("dropout") && !j["dropout"].is_null()) fail("unsupported BPE option dropout");
    if (non_empty_string(j, "continuing_subword_prefix")) fail("unsupported BPE option continuing_subword_prefix");
    if (non_empty_string(j, "end_of_word_suffix")) fail("unsupported BPE option end_of_word_suffix");
    if (!tables.error.empty()) fail(tables.error);
    if (!tables.has_vocab) fail("model.vocab must be an object");
    std::optional<std::string> unk;
    if (j.contains("unk_token") && j["unk_token"].is_string()) unk = j["unk_token"].get<std::string>();
    try {
      return std::make_unique<BpeModel>(std::move(tables.vocab), tables.merges,
                                        flag(j, "ignore_merges", false), unk);
    } catch (const std::runtime_error& e) {
      fail(std::string("model: ") + e.what());
    }
  }

  std::vector<AddedToken> added_tokens(const json& j) const {
    std::vector<AddedToken> out;
    if (j.is_null()) return out;
    if (!j.is_array()) fail("\"added_tokens\" must be an array");
    for (const auto& t : j) {
      if (!t.contains("id") || !t["id"].is_number_integer() || !t.contains("content") || !t["content"].is_string()) {
        fail("added_tokens entry without integer \"id\" and string \"content\": " + t.dump());
      }
      AddedToken a;
      a.id = t["id"].get<int32_t>();
      a.content = t["content"].get<std::string>();
      a.special = flag(t, "special", false);
      a.normalized = flag(t, "normalized", !a.special);
      a.lstrip = flag(t, "lstrip", false);
      a.rstrip = flag(t, "rstrip", false);
      a.single_word = flag(t, "single_word", false);
      out.push_back(std::move(a));
    }
    return out;
  }

  DecoderKind decoder(const json& j) const {
    if (j.is_null()) return DecoderKind::kJoinWithSpaces;
    std::string type = type_of(j, "decoder");
    if (type == "ByteLevel") return DecoderKind::kByteLevel;
    fail("unsupported decoder type '" + type + "'");
  }
};

}  // namespace

TokenizerJson parse_tokenizer_json(std::string_view json_text, const std::string& source) {
  Parser p{source};
  ModelTables tables;
  json j;
  try {
    j = json::parse(json_text, [&tables](int depth, json::parse_event_t event, json& parsed) {
      return tables.on_event(depth, event, parsed);
    });
  } catch (const json::parse_error& e) {
    p.fail(std::string("not valid JSON: ") + e.what());
  }
  if (!j.is_object()) p.fail("top level is not a JSON object");
  TokenizerJson out;
  try {
    out.normalizer = p.normalizer(member(j, "normalizer"));
    std::vector<PreTokenizerStep> steps;
    p.add_pre_tokenizer(member(j, "pre_tokenizer"), steps);
    out.pre_tokenizer = PreTokenizer(std::move(steps));
    out.model = p.model(member(j, "model"), tables);
    out.added_tokens = p.added_tokens(member(j, "added_tokens"));
    out.decoder = p.decoder(member(j, "decoder"));
  } catch (const json::exception& e) {
    // A field of the wrong JSON type somewhere the checks above do not look.
    p.fail(std::string("malformed: ") + e.what());
  }
  return out;
}

TokenizerJson read_tokenizer_json(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot open tokenizer file");
  std::ostringstream buf;
  buf << in.rdbuf();
  return parse_tokenizer_json(buf.str(), path.string());
}

}  // namespace aiperf
