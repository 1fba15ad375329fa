#include "tokenizer/tokenizer_json.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace aiperf {
namespace {

using nlohmann::json;

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
      for (const auto& n : j.value("normalizers", json::array())) add_normalizer(n, steps);
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
      for (const auto& p : j.value("pretokenizers", json::array())) add_pre_tokenizer(p, steps);
    } else if (type == "Split") {
      const json& pat = j.value("pattern", json());
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

  std::vector<std::pair<std::string, std::string>> merges(const json& j) const {
    std::vector<std::pair<std::string, std::string>> out;
    out.reserve(j.size());
    for (size_t i = 0; i < j.size(); ++i) {
      const json& m = j[i];
      if (m.is_string()) {
        const auto& s = m.get_ref<const std::string&>();
        size_t sp = s.find(' ');
        if (sp == std::string::npos || s.find(' ', sp + 1) != std::string::npos) {
          fail("model.merges[" + std::to_string(i) + "] is not two tokens separated by one space");
        }
        out.emplace_back(s.substr(0, sp), s.substr(sp + 1));
      } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
        out.emplace_back(m[0].get<std::string>(), m[1].get<std::string>());
      } else {
        fail("model.merges[" + std::to_string(i) + "] is neither \"a b\" nor [\"a\", \"b\"]");
      }
    }
    return out;
  }

  bool non_empty_string(const json& j, const char* key) const {
    return j.contains(key) && j[key].is_string() && !j[key].get_ref<const std::string&>().empty();
  }

  std::unique_ptr<BpeModel> model(const json& j) const {
    if (!j.is_object()) fail("missing \"model\"");
    std::string type = j.contains("type") ? type_of(j, "model") : "BPE";
    if (type != "BPE") fail("unsupported model type '" + type + "'");
    if (flag(j, "byte_fallback", false)) fail("unsupported BPE option byte_fallback");
    if (j.contains("dropout") && !j["dropout"].is_null()) fail("unsupported BPE option dropout");
    if (non_empty_string(j, "continuing_subword_prefix")) fail("unsupported BPE option continuing_subword_prefix");
    if (non_empty_string(j, "end_of_word_suffix")) fail("unsupported BPE option end_of_word_suffix");
    if (!j.contains("vocab") || !j["vocab"].is_object()) fail("model.vocab must be an object");
    std::unordered_map<std::string, int32_t> vocab;
    vocab.reserve(j["vocab"].size());
    for (const auto& [tok, id] : j["vocab"].items()) {
      if (!id.is_number_integer()) fail("model.vocab[\"" + tok + "\"] is not an integer id");
      vocab.emplace(tok, id.get<int32_t>());
    }
    std::optional<std::string> unk;
    if (j.contains("unk_token") && j["unk_token"].is_string()) unk = j["unk_token"].get<std::string>();
    try {
      return std::make_unique<BpeModel>(std::move(vocab), merges(j.value("merges", json::array())),
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
  json j;
  try {
    j = json::parse(json_text);
  } catch (const json::parse_error& e) {
    p.fail(std::string("not valid JSON: ") + e.what());
  }
  if (!j.is_object()) p.fail("top level is not a JSON object");
  TokenizerJson out;
  out.normalizer = p.normalizer(j.value("normalizer", json()));
  std::vector<PreTokenizerStep> steps;
  p.add_pre_tokenizer(j.value("pre_tokenizer", json()), steps);
  out.pre_tokenizer = PreTokenizer(std::move(steps));
  out.model = p.model(j.value("model", json()));
  out.added_tokens = p.added_tokens(j.value("added_tokens", json()));
  out.decoder = p.decoder(j.value("decoder", json()));
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
