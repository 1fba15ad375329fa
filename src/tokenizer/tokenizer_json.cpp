#include "tokenizer/tokenizer_json.h"

#include <climits>
#include <fstream>
#include <nlohmann/json.hpp>
#include <simdjson.h>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace aiperf {
namespace {

using nlohmann::json;

// j[key] without copying (json::value() copies, and the model holds megabytes), or null.
const json& member(const json& j, const char* key) {
  static const json kNull;
  auto it = j.find(key);
  return it == j.end() ? kNull : *it;
}

// model.vocab and model.merges are read straight from simdjson's DOM: building them as
// nlohmann values first, then copying, was most of the load time of a 150k-token vocabulary.
// Everything else (small) is handed to nlohmann for the component parsers below.
struct ModelTables {
  std::vector<std::pair<std::string, int32_t>> vocab;
  std::vector<std::pair<std::string, std::string>> merges;
  bool has_vocab = false;
  std::string error;  // first malformed entry, reported after parsing

  void note(const std::string& what) {
    if (error.empty()) error = what;
  }
  void bad_merge() {
    note("model.merges[" + std::to_string(merges.size()) + "] is neither \"a b\" nor [\"a\", \"b\"]");
  }

  void read_vocab(simdjson::dom::element v) {
    simdjson::dom::object obj;
    if (v.get_object().get(obj)) return;  // reported as "model.vocab must be an object"
    has_vocab = true;
    vocab.reserve(obj.size());
    for (auto field : obj) {
      int64_t id = 0;
      if (field.value.get_int64().get(id) || id < INT32_MIN || id > INT32_MAX) {
        note("model.vocab[\"" + std::string(field.key) + "\"] is not an integer id");
        continue;
      }
      vocab.emplace_back(std::string(field.key), int32_t(id));
    }
  }

  void read_merges(simdjson::dom::element v) {
    simdjson::dom::array arr;
    if (v.get_array().get(arr)) {
      note("model.merges must be an array");
      return;
    }
    merges.reserve(arr.size());
    for (auto m : arr) {
      std::string_view text;
      simdjson::dom::array pair;
      if (!m.get_string().get(text)) {
        split_merge(text);
      } else if (!m.get_array().get(pair) && pair.size() == 2 && pair.at(0).is_string() && pair.at(1).is_string()) {
        merges.emplace_back(std::string(pair.at(0).get_string().value_unsafe()),
                            std::string(pair.at(1).get_string().value_unsafe()));
      } else {
        bad_merge();
        merges.emplace_back();  // keeps later indices in messages right
      }
    }
  }

  void split_merge(std::string_view m) {
    size_t sp = m.find(' ');
    if (sp == std::string_view::npos || m.find(' ', sp + 1) != std::string_view::npos) {
      note("model.merges[" + std::to_string(merges.size()) + "] is not two tokens separated by one space");
      merges.emplace_back();
      return;
    }
    merges.emplace_back(std::string(m.substr(0, sp)), std::string(m.substr(sp + 1)));
  }
};

// Parses with simdjson, moving model.vocab/merges into `tables` and the rest into nlohmann.
nlohmann::json parse_document(std::string_view json_text, ModelTables& tables, std::string& error) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded(json_text);
  simdjson::dom::element doc;
  if (auto err = parser.parse(padded).get(doc)) {
    error = std::string("not valid JSON: ") + simdjson::error_message(err);
    return nullptr;
  }
  simdjson::dom::object top;
  if (doc.get_object().get(top)) {
    error = "top level is not a JSON object";
    return nullptr;
  }
  auto to_json = [](simdjson::dom::element e) { return nlohmann::json::parse(simdjson::to_string(e)); };
  nlohmann::json j = nlohmann::json::object();
  for (auto field : top) {
    simdjson::dom::object model;
    if (field.key != "model" || field.value.get_object().get(model)) {
      j[std::string(field.key)] = to_json(field.value);
      continue;
    }
    nlohmann::json m = nlohmann::json::object();
    for (auto mf : model) {
      if (mf.key == "vocab") {
        tables.read_vocab(mf.value);
      } else if (mf.key == "merges") {
        tables.read_merges(mf.value);
      } else {
        m[std::string(mf.key)] = to_json(mf.value);
      }
    }
    j["model"] = std::move(m);
  }
  return j;
}

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
    std::vector<NormalizerStep> steps;
    add_normalizer(j, steps);
    return Normalizer(std::move(steps));
  }

  // A {"String": s} or {"Regex": r} pattern of Split, Replace: (literal, regex) with one set.
  // `where` prefixes regex compile errors.
  std::pair<std::string, std::shared_ptr<const Pcre2Regex>> pattern(const json& j, const std::string& component,
                                                                    const std::string& where) const {
    const json& pat = member(j, "pattern");
    if (pat.contains("Regex") && pat["Regex"].is_string()) return {"", compile(pat["Regex"].get<std::string>(), where)};
    if (pat.contains("String") && pat["String"].is_string()) return {pat["String"].get<std::string>(), nullptr};
    fail(component + " needs a \"pattern\" with \"Regex\" or \"String\"");
  }

  std::string string_field(const json& j, const char* key, const std::string& component) const {
    if (!j.contains(key) || !j[key].is_string()) fail(component + " needs a string \"" + key + "\"");
    return j[key].get<std::string>();
  }

  void add_normalizer(const json& j, std::vector<NormalizerStep>& steps) const {
    if (j.is_null()) return;
    std::string type = type_of(j, "normalizer");
    NormalizerStep step;
    if (type == "Sequence") {
      for (const auto& n : member(j, "normalizers")) add_normalizer(n, steps);
      return;
    } else if (type == "NFC") {
      step.kind = NormalizerKind::kNfc;
    } else if (type == "NFD") {
      step.kind = NormalizerKind::kNfd;
    } else if (type == "NFKC") {
      step.kind = NormalizerKind::kNfkc;
    } else if (type == "NFKD") {
      step.kind = NormalizerKind::kNfkd;
    } else if (type == "Lowercase") {
      step.kind = NormalizerKind::kLowercase;
    } else if (type == "Strip") {
      step.kind = NormalizerKind::kStrip;
      step.strip_left = flag(j, "strip_left", true);
      step.strip_right = flag(j, "strip_right", true);
    } else if (type == "Prepend") {
      step.kind = NormalizerKind::kPrepend;
      step.literal = string_field(j, "prepend", "Prepend normalizer");
    } else if (type == "Replace") {
      step.kind = NormalizerKind::kReplace;
      std::tie(step.literal, step.regex) = pattern(j, "Replace normalizer", "normalizer");
      step.content = string_field(j, "content", "Replace normalizer");
    } else {
      fail("unsupported normalizer type '" + type + "'");
    }
    steps.push_back(std::move(step));
  }

  std::shared_ptr<const Pcre2Regex> compile(const std::string& pattern,
                                            const std::string& component = "pre_tokenizer") const {
    try {
      return std::make_shared<const Pcre2Regex>(pattern);
    } catch (const std::exception& e) {
      fail(component + ": " + e.what());
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
      auto [literal, regex] = pattern(j, "Split pre_tokenizer", "pre_tokenizer");
      if (!regex) regex = compile(regex_escape(literal));
      steps.push_back(split_step(std::move(regex), behavior(j), flag(j, "invert", false)));
    } else if (type == "ByteLevel") {
      PreTokenizerStep step{PreTokenizerStep::Kind::kByteLevel, {}, {}, {}};
      // Defaults are HuggingFace's: add_prefix_space and use_regex both true when absent.
      step.byte_level.add_prefix_space = flag(j, "add_prefix_space", true);
      if (flag(j, "use_regex", true)) step.byte_level.gpt2_regex = compile(kGpt2SplitPattern);
      steps.push_back(std::move(step));
    } else if (type == "Metaspace") {
      PreTokenizerStep step{PreTokenizerStep::Kind::kMetaspace, {}, {}, {}};
      step.metaspace.replacement = metaspace_replacement(j);
      step.metaspace.prepend_scheme = prepend_scheme(j);
      step.metaspace.split = flag(j, "split", true);
      steps.push_back(std::move(step));
    } else if (type == "Digits") {
      // Unicode numbers (Rust's char::is_numeric), one by one or in runs.
      steps.push_back(split_step(compile(flag(j, "individual_digits", false) ? "\\p{N}" : "\\p{N}+"),
                                 SplitBehavior::kIsolated, false));
    } else if (type == "Punctuation") {
      // ASCII punctuation or a Unicode P* character, each a match of its own.
      steps.push_back(split_step(compile("[\\p{P}\\x21-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7E]"), behavior(j), false));
    } else if (type == "Whitespace") {
      steps.push_back(split_step(compile("\\w+|[^\\w\\s]+"), SplitBehavior::kRemoved, true));
    } else if (type == "WhitespaceSplit") {
      steps.push_back(split_step(compile("\\s+"), SplitBehavior::kRemoved, false));
    } else {
      fail("unsupported pre_tokenizer type '" + type + "'");
    }
  }

  static PreTokenizerStep split_step(std::shared_ptr<const Pcre2Regex> regex, SplitBehavior b, bool invert) {
    PreTokenizerStep step{PreTokenizerStep::Kind::kSplit, {}, {}, {}};
    step.split = SplitStep{std::move(regex), b, invert};
    return step;
  }

  // Older files call the replacement "str_rep"; the default is U+2581.
  std::string metaspace_replacement(const json& j) const {
    for (const char* key : {"replacement", "str_rep"}) {
      if (!j.contains(key) || !j[key].is_string()) continue;
      if (j[key].get_ref<const std::string&>().empty()) fail("Metaspace \"" + std::string(key) + "\" is empty");
      return j[key].get<std::string>();
    }
    return "\xE2\x96\x81";
  }

  // prepend_scheme, or the older add_prefix_space (true = always), default always.
  PrependScheme prepend_scheme(const json& j) const {
    if (j.contains("prepend_scheme") && j["prepend_scheme"].is_string()) {
      std::string s = j["prepend_scheme"].get<std::string>();
      if (s == "always") return PrependScheme::kAlways;
      if (s == "first") return PrependScheme::kFirst;
      if (s == "never") return PrependScheme::kNever;
      fail("unsupported Metaspace prepend_scheme '" + s + "'");
    }
    return flag(j, "add_prefix_space", true) ? PrependScheme::kAlways : PrependScheme::kNever;
  }

  bool non_empty_string(const json& j, const char* key) const {
    return j.contains(key) && j[key].is_string() && !j[key].get_ref<const std::string&>().empty();
  }

  std::unique_ptr<BpeModel> model(const json& j, ModelTables& tables) const {
    if (!j.is_object()) fail("missing \"model\"");
    std::string type = j.contains("type") ? type_of(j, "model") : "BPE";
    if (type != "BPE") fail("unsupported model type '" + type + "'");
    if (j.contains("dropout") && !j["dropout"].is_null() && !(j["dropout"].is_number() && j["dropout"].get<double>() == 0.0)) {
      fail("unsupported BPE option dropout");
    }
    if (!tables.error.empty()) fail(tables.error);
    if (!tables.has_vocab) fail("model.vocab must be an object");
    BpeOptions options;
    options.ignore_merges = flag(j, "ignore_merges", false);
    if (j.contains("unk_token") && j["unk_token"].is_string()) options.unk_token = j["unk_token"].get<std::string>();
    options.fuse_unk = flag(j, "fuse_unk", false);
    options.byte_fallback = flag(j, "byte_fallback", false);
    if (non_empty_string(j, "continuing_subword_prefix")) {
      options.continuing_subword_prefix = j["continuing_subword_prefix"].get<std::string>();
    }
    if (non_empty_string(j, "end_of_word_suffix")) options.end_of_word_suffix = j["end_of_word_suffix"].get<std::string>();
    try {
      return std::make_unique<BpeModel>(std::move(tables.vocab), tables.merges, std::move(options));
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

  Decoder decoder(const json& j) const {
    if (j.is_null()) return Decoder();
    std::vector<DecoderStep> steps;
    add_decoder(j, steps);
    return Decoder(std::move(steps));
  }

  void add_decoder(const json& j, std::vector<DecoderStep>& steps) const {
    std::string type = type_of(j, "decoder");
    DecoderStep step{DecoderStep::Kind::kFuse, {}, {}, {}, true, 0, 0};
    if (type == "Sequence") {
      for (const auto& d : member(j, "decoders")) add_decoder(d, steps);
      return;
    } else if (type == "ByteLevel") {
      step.kind = DecoderStep::Kind::kByteLevel;
    } else if (type == "Metaspace") {
      step.kind = DecoderStep::Kind::kMetaspace;
      step.text = metaspace_replacement(j);
      step.drop_first_replacement = prepend_scheme(j) != PrependScheme::kNever;
    } else if (type == "ByteFallback") {
      step.kind = DecoderStep::Kind::kByteFallback;
    } else if (type == "Fuse") {
      step.kind = DecoderStep::Kind::kFuse;
    } else if (type == "Strip") {
      step.kind = DecoderStep::Kind::kStrip;
      step.text = string_field(j, "content", "Strip decoder");
      step.start = count_field(j, "start");
      step.stop = count_field(j, "stop");
    } else if (type == "Replace") {
      step.kind = DecoderStep::Kind::kReplace;
      std::tie(step.text, step.regex) = pattern(j, "Replace decoder", "decoder");
      step.content = string_field(j, "content", "Replace decoder");
    } else {
      fail("unsupported decoder type '" + type + "'");
    }
    steps.push_back(std::move(step));
  }

  size_t count_field(const json& j, const char* key) const {
    if (!j.contains(key)) return 0;
    if (!j[key].is_number_unsigned()) fail(std::string("\"") + key + "\" must be a non-negative integer");
    return j[key].get<size_t>();
  }

  // Resolves a special-token name of a post-processor to its ids.
  std::vector<int32_t> template_ids(const json& special_tokens, const std::string& name) const {
    const json& t = member(special_tokens, name.c_str());
    if (!t.is_object() || !t.contains("ids") || !t["ids"].is_array()) {
      fail("TemplateProcessing special token '" + name + "' has no \"ids\" in \"special_tokens\"");
    }
    return t["ids"].get<std::vector<int32_t>>();
  }

  // ["<s>", 1] as Roberta/Bert processors store cls and sep.
  int32_t token_pair_id(const json& j, const char* key, const std::string& component) const {
    const json& p = member(j, key);
    if (!p.is_array() || p.size() != 2 || !p[1].is_number_integer()) {
      fail(component + " needs \"" + key + "\": [token, id]");
    }
    return p[1].get<int32_t>();
  }

  PostProcessor post_processor(const json& j) const {
    PostProcessor out;
    if (j.is_null()) return out;
    std::string type = type_of(j, "post_processor");
    if (type == "Sequence") {
      for (const auto& p : member(j, "processors")) out.wrap_with(post_processor(p));
    } else if (type == "ByteLevel") {
      // Only adjusts offsets; ids are unchanged.
    } else if (type == "TemplateProcessing") {
      const json& single = member(j, "single");
      if (!single.is_array()) fail("TemplateProcessing needs a \"single\" template array");
      bool seen_sequence = false;
      for (const auto& piece : single) {
        if (piece.contains("Sequence")) {
          if (member(piece["Sequence"], "id") != "A") fail("TemplateProcessing single template may only use sequence A");
          seen_sequence = true;
        } else if (piece.contains("SpecialToken")) {
          auto ids = template_ids(member(j, "special_tokens"), string_field(piece["SpecialToken"], "id", "TemplateProcessing"));
          auto& side = seen_sequence ? out.suffix : out.prefix;
          side.insert(side.end(), ids.begin(), ids.end());
        } else {
          fail("TemplateProcessing piece is neither Sequence nor SpecialToken: " + piece.dump());
        }
      }
    } else if (type == "RobertaProcessing" || type == "BertProcessing") {
      out.prefix.push_back(token_pair_id(j, "cls", type));
      out.suffix.push_back(token_pair_id(j, "sep", type));
    } else {
      fail("unsupported post_processor type '" + type + "'");
    }
    return out;
  }
};

}  // namespace

TokenizerJson parse_tokenizer_json(std::string_view json_text, const std::string& source) {
  Parser p{source};
  ModelTables tables;
  std::string error;
  json j = parse_document(json_text, tables, error);
  if (!error.empty()) p.fail(error);
  TokenizerJson out;
  try {
    out.normalizer = p.normalizer(member(j, "normalizer"));
    std::vector<PreTokenizerStep> steps;
    p.add_pre_tokenizer(member(j, "pre_tokenizer"), steps);
    out.pre_tokenizer = PreTokenizer(std::move(steps));
    out.model = p.model(member(j, "model"), tables);
    out.added_tokens = p.added_tokens(member(j, "added_tokens"));
    out.post_processor = p.post_processor(member(j, "post_processor"));
    out.decoder = p.decoder(member(j, "decoder"));
  } catch (const json::exception& e) {
    // A field of the wrong JSON type somewhere the checks above do not look.
    p.fail(std::string("malformed: ") + e.what());
  }
  return out;
}

namespace {

template <typename F>
auto component_from_json(std::string_view json_text, F build) {
  static const std::string kSource = "component";
  Parser p{kSource};
  json j;
  try {
    j = json::parse(json_text);
  } catch (const json::parse_error& e) {
    p.fail(std::string("not valid JSON: ") + e.what());
  }
  return build(p, j);
}

}  // namespace

Normalizer normalizer_from_json(std::string_view json_text) {
  return component_from_json(json_text, [](const Parser& p, const json& j) { return p.normalizer(j); });
}

PreTokenizer pre_tokenizer_from_json(std::string_view json_text) {
  return component_from_json(json_text, [](const Parser& p, const json& j) {
    std::vector<PreTokenizerStep> steps;
    p.add_pre_tokenizer(j, steps);
    return PreTokenizer(std::move(steps));
  });
}

PostProcessor post_processor_from_json(std::string_view json_text) {
  return component_from_json(json_text, [](const Parser& p, const json& j) { return p.post_processor(j); });
}

Decoder decoder_from_json(std::string_view json_text) {
  return component_from_json(json_text, [](const Parser& p, const json& j) { return p.decoder(j); });
}

TokenizerJson read_tokenizer_json(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot open tokenizer file");
  std::ostringstream buf;
  buf << in.rdbuf();
  return parse_tokenizer_json(buf.str(), path.string());
}

}  // namespace aiperf
