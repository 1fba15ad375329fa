// The normalizers, pre-tokenizers, post-processors, decoders and BPE options of tokenizer.json,
// each checked on small inputs against what HuggingFace tokenizers produces for them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tokenizer/hf_tokenizer.h"
#include "tokenizer/tokenizer_json.h"

namespace aiperf {
namespace {

using nlohmann::json;
using Ids = std::vector<int32_t>;
using Strings = std::vector<std::string>;

std::string normalize(const json& j, std::string_view text) { return normalizer_from_json(j.dump()).apply(text); }

Strings pieces(const json& j, std::string_view text, bool at_start = true) {
  Strings out;
  pre_tokenizer_from_json(j.dump()).split(text, out, at_start);
  return out;
}

std::string decode(const json& j, Strings tokens) { return decoder_from_json(j.dump()).decode(std::move(tokens)); }

TEST(Normalizers, UnicodeForms) {
  EXPECT_EQ(normalize({{"type", "NFD"}}, "\u00e9"), "e\u0301");
  EXPECT_EQ(normalize({{"type", "NFKD"}}, "\ufb01\u00e9"), "fie\u0301");
  EXPECT_EQ(normalize({{"type", "NFKC"}}, "\ufb01 \u2460 e\u0301 \uff21"), "fi 1 \u00e9 A");
  EXPECT_EQ(normalize({{"type", "NFC"}}, "e\u0301"), "\u00e9");
}

TEST(Normalizers, LowercaseStripPrependReplaceAndSequence) {
  EXPECT_EQ(normalize({{"type", "Lowercase"}}, "ABC \u00c0\u0416 \u0130 \u03a3"), "abc \u00e0\u0436 i\u0307 \u03c3");
  EXPECT_EQ(normalize({{"type", "Strip"}, {"strip_left", true}, {"strip_right", true}}, " \t\u3000a b\n "), "a b");
  EXPECT_EQ(normalize({{"type", "Strip"}, {"strip_left", false}, {"strip_right", true}}, "  a  "), "  a");
  EXPECT_EQ(normalize({{"type", "Prepend"}, {"prepend", "\u2581"}}, "a"), "\u2581a");
  EXPECT_EQ(normalize({{"type", "Prepend"}, {"prepend", "\u2581"}}, ""), "");
  EXPECT_EQ(normalize({{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", "\u2581"}}, "a b  c"),
            "a\u2581b\u2581\u2581c");
  EXPECT_EQ(normalize({{"type", "Replace"}, {"pattern", {{"Regex", "\\s+"}}}, {"content", " "}}, "a \t\n b"), "a b");
  json seq = {{"type", "Sequence"},
              {"normalizers", json::array({{{"type", "Prepend"}, {"prepend", "\u2581"}},
                                           {{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", "\u2581"}}})}};
  EXPECT_EQ(normalize(seq, "Hi there"), "\u2581Hi\u2581there");
}

TEST(PreTokenizers, MetaspacePrependSchemesAndSplit) {
  json always = {{"type", "Metaspace"}, {"replacement", "\u2581"}, {"prepend_scheme", "always"}, {"split", true}};
  EXPECT_EQ(pieces(always, "Hey  friend"), (Strings{"\u2581Hey", "\u2581", "\u2581friend"}));
  EXPECT_EQ(pieces(always, "x", false), (Strings{"\u2581x"}));
  json first = always;
  first["prepend_scheme"] = "first";
  EXPECT_EQ(pieces(first, "a b"), (Strings{"\u2581a", "\u2581b"}));
  EXPECT_EQ(pieces(first, "a b", false), (Strings{"a", "\u2581b"}));
  json never = always;
  never["prepend_scheme"] = "never";
  never["split"] = false;
  EXPECT_EQ(pieces(never, "a b"), (Strings{"a\u2581b"}));
  // Older files: add_prefix_space instead of prepend_scheme.
  json legacy = {{"type", "Metaspace"}, {"replacement", "\u2581"}, {"add_prefix_space", true}};
  EXPECT_EQ(pieces(legacy, "a"), (Strings{"\u2581a"}));
}

TEST(PreTokenizers, DigitsPunctuationWhitespace) {
  EXPECT_EQ(pieces({{"type", "Digits"}, {"individual_digits", true}}, "ab123c"), (Strings{"ab", "1", "2", "3", "c"}));
  EXPECT_EQ(pieces({{"type", "Digits"}, {"individual_digits", false}}, "ab123c4"), (Strings{"ab", "123", "c", "4"}));
  EXPECT_EQ(pieces({{"type", "Punctuation"}, {"behavior", "Isolated"}}, "Hey!? you\u3002"),
            (Strings{"Hey", "!", "?", " you", "\u3002"}));
  EXPECT_EQ(pieces({{"type", "Whitespace"}}, "Hey friend!!  ok?"), (Strings{"Hey", "friend", "!!", "ok", "?"}));
  EXPECT_EQ(pieces({{"type", "WhitespaceSplit"}}, " Hey friend!!\t ok? "), (Strings{"Hey", "friend!!", "ok?"}));
  json seq = {{"type", "Sequence"},
              {"pretokenizers", json::array({{{"type", "WhitespaceSplit"}}, {{"type", "Digits"}, {"individual_digits", true}}})}};
  EXPECT_EQ(pieces(seq, "a12 b"), (Strings{"a", "1", "2", "b"}));
}

TEST(PostProcessors, TemplateRobertaBertSequence) {
  json tmpl = {{"type", "TemplateProcessing"},
               {"single", json::array({{{"SpecialToken", {{"id", "<s>"}, {"type_id", 0}}}},
                                       {{"Sequence", {{"id", "A"}, {"type_id", 0}}}},
                                       {{"SpecialToken", {{"id", "</s>"}, {"type_id", 0}}}}})},
               {"special_tokens", {{"<s>", {{"id", "<s>"}, {"ids", {1}}, {"tokens", {"<s>"}}}},
                                   {"</s>", {{"id", "</s>"}, {"ids", {2}}, {"tokens", {"</s>"}}}}}}};
  PostProcessor p = post_processor_from_json(tmpl.dump());
  EXPECT_EQ(p.prefix, Ids{1});
  EXPECT_EQ(p.suffix, Ids{2});
  p = post_processor_from_json(json({{"type", "RobertaProcessing"}, {"sep", {"</s>", 2}}, {"cls", {"<s>", 0}}}).dump());
  EXPECT_EQ(p.prefix, Ids{0});
  EXPECT_EQ(p.suffix, Ids{2});
  p = post_processor_from_json(json({{"type", "BertProcessing"}, {"sep", {"[SEP]", 102}}, {"cls", {"[CLS]", 101}}}).dump());
  EXPECT_EQ(p.prefix, Ids{101});
  EXPECT_EQ(p.suffix, Ids{102});
  json seq = {{"type", "Sequence"}, {"processors", json::array({{{"type", "ByteLevel"}}, tmpl})}};
  p = post_processor_from_json(seq.dump());
  EXPECT_EQ(p.prefix, Ids{1});
  EXPECT_EQ(p.suffix, Ids{2});
  EXPECT_THROW(post_processor_from_json(R"({"type": "TemplateProcessing", "single": [{"SpecialToken": {"id": "x"}}],
                                            "special_tokens": {}})"),
               std::runtime_error);
}

TEST(Decoders, SentencePieceChain) {
  json llama = {{"type", "Sequence"},
                {"decoders", json::array({{{"type", "Replace"}, {"pattern", {{"String", "\u2581"}}}, {"content", " "}},
                                          {{"type", "ByteFallback"}},
                                          {{"type", "Fuse"}},
                                          {{"type", "Strip"}, {"content", " "}, {"start", 1}, {"stop", 0}}})}};
  EXPECT_EQ(decode(llama, {"\u2581Hello", "\u2581", "<0xE4>", "<0xBD>", "<0xA0>", "\u2581x"}), "Hello \xE4\xBD\xA0 x");
  // Bytes that are not UTF-8 become one U+FFFD each, as in HuggingFace.
  EXPECT_EQ(decode(llama, {"a", "<0xE4>", "<0xBD>", "b"}), "a\uFFFD\uFFFDb");
  json meta = {{"type", "Metaspace"}, {"replacement", "\u2581"}, {"prepend_scheme", "always"}};
  EXPECT_EQ(decode(meta, {"\u2581Hey", "\u2581friend"}), "Hey friend");
  meta["prepend_scheme"] = "never";
  EXPECT_EQ(decode(meta, {"\u2581Hey", "\u2581friend"}), " Hey friend");
  EXPECT_EQ(decode({{"type", "Strip"}, {"content", "x"}, {"start", 2}, {"stop", 1}}, {"xxxaxx"}), "xax");
  EXPECT_EQ(decode({{"type", "Replace"}, {"pattern", {{"Regex", "a+"}}}, {"content", "b"}}, {"caaat", "a"}), "cbtb");
  EXPECT_EQ(decode({{"type", "ByteLevel"}}, {"Hello", "\u0120world"}), "Hello world");
  EXPECT_THROW(decoder_from_json(R"({"type": "CTC"})"), std::runtime_error);
}

// A SentencePiece-style BPE (Llama 2 layout) small enough to check byte fallback by hand.
json sentencepiece_tokenizer(bool byte_fallback, bool fuse_unk) {
  json vocab = {{"<unk>", 0}, {"<s>", 1}, {"</s>", 2}, {"\u2581", 3}, {"a", 4}, {"b", 5}, {"\u2581a", 6}, {"ab", 7}};
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof name, "<0x%02X>", b);
    vocab[name] = 8 + b;
  }
  return {
      {"normalizer",
       {{"type", "Sequence"},
        {"normalizers", json::array({{{"type", "Prepend"}, {"prepend", "\u2581"}},
                                     {{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", "\u2581"}}})}}},
      {"pre_tokenizer", nullptr},
      {"added_tokens", json::array({{{"id", 1}, {"content", "<s>"}, {"special", true}, {"normalized", false}}})},
      {"model",
       {{"type", "BPE"},
        {"vocab", vocab},
        {"merges", json::array({"\u2581 a", "a b"})},
        {"unk_token", "<unk>"},
        {"fuse_unk", fuse_unk},
        {"byte_fallback", byte_fallback}}},
      {"post_processor",
       {{"type", "TemplateProcessing"},
        {"single", json::array({{{"SpecialToken", {{"id", "<s>"}, {"type_id", 0}}}},
                                {{"Sequence", {{"id", "A"}, {"type_id", 0}}}}})},
        {"special_tokens", {{"<s>", {{"id", "<s>"}, {"ids", {1}}, {"tokens", {"<s>"}}}}}}}},
      {"decoder",
       {{"type", "Sequence"},
        {"decoders", json::array({{{"type", "Replace"}, {"pattern", {{"String", "\u2581"}}}, {"content", " "}},
                                  {{"type", "ByteFallback"}},
                                  {{"type", "Fuse"}},
                                  {{"type", "Strip"}, {"content", " "}, {"start", 1}, {"stop", 0}}})}}},
  };
}

TEST(BpeOptions, ByteFallbackUnkAndFuseUnk) {
  auto t = HfTokenizer::from_json(sentencepiece_tokenizer(true, true).dump(), "sp");
  // "é" is not in the vocabulary: its two UTF-8 bytes become <0xC3> <0xA9>.
  EXPECT_EQ(t->encode("ab \u00e9"), (Ids{6, 5, 3, 8 + 0xC3, 8 + 0xA9}));
  EXPECT_EQ(t->decode(t->encode("ab \u00e9")), "ab \u00e9");
  EXPECT_EQ(t->encode("a", true), (Ids{1, 6}));
  EXPECT_EQ(t->encode("a<s>b", true), (Ids{1, 6, 1, 3, 5}));

  auto unk = HfTokenizer::from_json(sentencepiece_tokenizer(false, false).dump(), "sp");
  EXPECT_EQ(unk->encode("a\u00e9\u00e9b"), (Ids{6, 0, 0, 5}));
  auto fused = HfTokenizer::from_json(sentencepiece_tokenizer(false, true).dump(), "sp");
  EXPECT_EQ(fused->encode("a\u00e9\u00e9b"), (Ids{6, 0, 5}));
}

TEST(BpeOptions, ContinuingSubwordPrefixAndEndOfWordSuffix) {
  json vocab = {{"a", 0}, {"##b", 1}, {"##c", 2}, {"ab", 3}, {"abc", 4}, {"b", 5}};
  json j = {{"pre_tokenizer", {{"type", "WhitespaceSplit"}}},
            {"model",
             {{"type", "BPE"},
              {"vocab", vocab},
              {"merges", json::array({"a ##b", "ab ##c"})},
              {"continuing_subword_prefix", "##"}}}};
  auto t = HfTokenizer::from_json(j.dump(), "wp");
  EXPECT_EQ(t->encode("abc ab b"), (Ids{4, 3, 5}));

  json vocab2 = {{"a", 0}, {"b</w>", 1}, {"ab</w>", 2}, {"a</w>", 3}};
  json j2 = {{"pre_tokenizer", {{"type", "WhitespaceSplit"}}},
             {"model",
              {{"type", "BPE"}, {"vocab", vocab2}, {"merges", json::array({"a b</w>"})}, {"end_of_word_suffix", "</w>"}}}};
  auto t2 = HfTokenizer::from_json(j2.dump(), "suffix");
  EXPECT_EQ(t2->encode("ab a"), (Ids{2, 3}));
}

}  // namespace
}  // namespace aiperf
