// Hand-made tokenizer.json files small enough to check BPE and added-token rules by hand.
#include <gtest/gtest.h>

#include <numeric>

#include <atomic>
#include <nlohmann/json.hpp>
#include <thread>

#include "tokenizer/hf_tokenizer.h"

namespace aiperf {
namespace {

using nlohmann::json;

// Byte-level vocabulary over the letters used here, with "Ġ" for the space byte.
json tiny_tokenizer(json merges, bool ignore_merges = false) {
  json vocab = {{"a", 0}, {"b", 1}, {"c", 2}, {"Ġ", 3}, {"ab", 4}, {"bc", 5}, {"abc", 6}, {"Ġa", 7}, {"aa", 8},
                {"aaaa", 9}, {"!", 10}};
  return {
      {"version", "1.0"},
      {"normalizer", nullptr},
      {"pre_tokenizer",
       {{"type", "Sequence"},
        {"pretokenizers",
         json::array({{{"type", "Split"},
                       {"pattern", {{"Regex", R"( ?\p{L}+|[^\s\p{L}]+|\s+)"}}},
                       {"behavior", "Isolated"},
                       {"invert", false}},
                      {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", false}}})}}},
      {"added_tokens",
       json::array({{{"id", 20}, {"content", "<s>"}, {"special", true}, {"normalized", false}},
                    {{"id", 21}, {"content", "<pad>"}, {"special", true}, {"normalized", false}, {"lstrip", true},
                     {"rstrip", true}}})},
      {"model",
       {{"type", "BPE"}, {"vocab", vocab}, {"merges", merges}, {"ignore_merges", ignore_merges}}},
      {"decoder", {{"type", "ByteLevel"}}},
  };
}

std::vector<int32_t> ids(const json& j, std::string_view text) {
  return HfTokenizer::from_json(j.dump(), "tiny")->encode(text);
}

// HF's vocab_size: the model's vocabulary; vllm style leaves out ids of special added tokens.
TEST(TinyTokenizer, VocabularyIdsLeaveOutSpecialTokensUnlessAsked) {
  json j = tiny_tokenizer(json::array());
  j["added_tokens"].push_back({{"id", 10}, {"content", "!"}, {"special", true}, {"normalized", false}});
  const auto t = HfTokenizer::from_json(j.dump(), "tiny");
  std::vector<int32_t> plain(10), all(11);
  std::iota(plain.begin(), plain.end(), 0);
  std::iota(all.begin(), all.end(), 0);
  EXPECT_EQ(t->vocabulary_ids(false), plain);  // "!" (10) is special; <s> and <pad> are outside the vocabulary
  EXPECT_EQ(t->vocabulary_ids(true), all);
}

TEST(TinyTokenizer, LowerRankMergesFirst) {
  // "abc": (b,c) outranks (a,b), so the result is a + bc, not ab + c.
  EXPECT_EQ(ids(tiny_tokenizer(json::array({"b c", "a b", "ab c"})), "abc"), (std::vector<int32_t>{0, 5}));
  EXPECT_EQ(ids(tiny_tokenizer(json::array({"a b", "b c", "ab c"})), "abc"), (std::vector<int32_t>{6}));
}

TEST(TinyTokenizer, MergesAcceptPairArraysAndLeftmostWinsTies) {
  json merges = json::array({json::array({"a", "a"}), json::array({"aa", "aa"})});
  EXPECT_EQ(ids(tiny_tokenizer(merges), "aaa"), (std::vector<int32_t>{8, 0}));
  EXPECT_EQ(ids(tiny_tokenizer(merges), "aaaaa"), (std::vector<int32_t>{9, 0}));
}

TEST(TinyTokenizer, IgnoreMergesTakesWholeVocabularyWords) {
  // Without a merge path "abc" falls apart; ignore_merges finds it in the vocabulary directly.
  EXPECT_EQ(ids(tiny_tokenizer(json::array()), "abc"), (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(ids(tiny_tokenizer(json::array(), true), "abc"), (std::vector<int32_t>{6}));
}

TEST(TinyTokenizer, SpacesBecomeByteLevelCharacters) {
  EXPECT_EQ(ids(tiny_tokenizer(json::array({"Ġ a"})), "a a!"), (std::vector<int32_t>{0, 7, 10}));
}

TEST(TinyTokenizer, AddedTokensAreMatchedBeforeSplitting) {
  auto t = HfTokenizer::from_json(tiny_tokenizer(json::array({"a b"})).dump(), "tiny");
  EXPECT_EQ(t->encode("ab<s>ab"), (std::vector<int32_t>{4, 20, 4}));
  // lstrip/rstrip swallow the surrounding whitespace.
  EXPECT_EQ(t->encode("a  <pad>  b"), (std::vector<int32_t>{0, 21, 1}));
  EXPECT_EQ(t->decode({4, 20, 3, 4}), "ab<s> ab");
}

TEST(TinyTokenizer, DecodeInvertsEncodeAndRejectsUnknownIds) {
  auto t = HfTokenizer::from_json(tiny_tokenizer(json::array({"a b", "Ġ a"})).dump(), "tiny");
  for (std::string s : {"abc cab", " a  b!", "<s>a"}) EXPECT_EQ(t->decode(t->encode(s)), s);
  EXPECT_THROW(t->decode({999}), std::out_of_range);
}

TEST(TinyTokenizer, InvalidUtf8IsReplacedNotDropped) {
  json j = tiny_tokenizer(json::array());
  j["model"]["vocab"]["ï"] = 30;  // bytes of U+FFFD: EF BF BD
  j["model"]["vocab"]["¿"] = 31;
  j["model"]["vocab"]["½"] = 32;
  EXPECT_EQ(ids(j, "a\xFF"), (std::vector<int32_t>{0, 30, 31, 32}));
}

TEST(TinyTokenizer, ConcurrentEncodesAgreeWithSerialOnes) {
  auto t = HfTokenizer::from_json(tiny_tokenizer(json::array({"a b", "b c", "ab c", "Ġ a"})).dump(), "tiny");
  std::vector<std::string> texts;
  for (int i = 0; i < 200; ++i) texts.push_back(std::string(size_t(i % 7), 'a') + " abc <s>b" + std::to_string(i));
  std::vector<std::vector<int32_t>> serial;
  for (const auto& s : texts) serial.push_back(t->encode(s));
  std::vector<std::thread> threads;
  std::atomic<int> differing{0};
  for (int k = 0; k < 4; ++k) {
    threads.emplace_back([&] {
      for (size_t i = 0; i < texts.size(); ++i) differing += t->encode(texts[i]) != serial[i];
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(differing.load(), 0);
}

std::string error_for(const json& j) {
  try {
    HfTokenizer::from_json(j.dump(), "tokenizer.json");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "no error";
}

TEST(TinyTokenizer, UnsupportedComponentsAreNamed) {
  json j = tiny_tokenizer(json::array());
  j["pre_tokenizer"] = {{"type", "BertPreTokenizer"}};
  EXPECT_EQ(error_for(j), "tokenizer.json: unsupported pre_tokenizer type 'BertPreTokenizer'");
  j = tiny_tokenizer(json::array());
  j["normalizer"] = {{"type", "Precompiled"}};
  EXPECT_EQ(error_for(j), "tokenizer.json: unsupported normalizer type 'Precompiled'");
  j = tiny_tokenizer(json::array());
  j["model"]["type"] = "WordPiece";
  EXPECT_EQ(error_for(j), "tokenizer.json: unsupported model type 'WordPiece'");
  j = tiny_tokenizer(json::array());
  j["model"]["dropout"] = 0.1;
  EXPECT_EQ(error_for(j), "tokenizer.json: unsupported BPE option dropout");
  j = tiny_tokenizer(json::array());
  j["decoder"] = {{"type", "WordPiece"}};
  EXPECT_EQ(error_for(j), "tokenizer.json: unsupported decoder type 'WordPiece'");
  j = tiny_tokenizer(json::array());
  j["post_processor"] = {{"type", "Bogus"}};
  EXPECT_EQ(error_for(j), "tokenizer.json: unsupported post_processor type 'Bogus'");
}

TEST(TinyTokenizer, MalformedFilesAreNamed) {
  EXPECT_EQ(error_for(json::array()), "tokenizer.json: top level is not a JSON object");
  json j = tiny_tokenizer(json::array({"a z"}));
  EXPECT_EQ(error_for(j), "tokenizer.json: model: merge 0 ('a' 'z') uses a token missing from the vocabulary");
  j = tiny_tokenizer(json::array());
  j["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"] = "(";
  EXPECT_NE(error_for(j).find("tokenizer.json: pre_tokenizer: invalid regex '('"), std::string::npos);
  j = tiny_tokenizer(json::array({"ab"}));
  EXPECT_EQ(error_for(j), "tokenizer.json: model.merges[0] is not two tokens separated by one space");
  j = tiny_tokenizer(json::array({json::array({"a", "b", "c"})}));
  EXPECT_EQ(error_for(j), "tokenizer.json: model.merges[0] is neither \"a b\" nor [\"a\", \"b\"]");
  j = tiny_tokenizer(json::array());
  j["model"]["vocab"]["z"] = "x";
  EXPECT_EQ(error_for(j), "tokenizer.json: model.vocab[\"z\"] is not an integer id");
  j = tiny_tokenizer(json::array({{{"left", "a"}}}));
  EXPECT_EQ(error_for(j), "tokenizer.json: model.merges[0] is neither \"a b\" nor [\"a\", \"b\"]");
  j = tiny_tokenizer(json::array({json::array({"a", 1})}));
  EXPECT_EQ(error_for(j), "tokenizer.json: model.merges[0] is neither \"a b\" nor [\"a\", \"b\"]");
  j = tiny_tokenizer(json::array());
  j["model"]["vocab"]["z"] = json::array({1});
  EXPECT_EQ(error_for(j), "tokenizer.json: model.vocab[\"z\"] is not an integer id");
  j = tiny_tokenizer(json::array());
  j["pre_tokenizer"]["pretokenizers"][0]["behavior"] = 3;
  EXPECT_EQ(error_for(j).rfind("tokenizer.json: malformed: ", 0), 0u);
  j = tiny_tokenizer(json::array());
  j["model"].erase("vocab");
  EXPECT_EQ(error_for(j), "tokenizer.json: model.vocab must be an object");
  // The id table is indexed by id: a sparse id must not size it (10 GB in a fuzzed file).
  j = tiny_tokenizer(json::array());
  j["model"]["vocab"]["z"] = 333333333;
  EXPECT_NE(error_for(j).find("id 333333333 is far beyond a vocabulary of 12 tokens"), std::string::npos)
      << error_for(j);
  j = tiny_tokenizer(json::array());
  j["model"]["vocab"]["z"] = 60000;  // a gap, as some vocabularies have: accepted
  EXPECT_EQ(error_for(j), "no error");
}

// Replace rules whose content holds their own pattern, chained, grow text exponentially: a
// fuzzed file took 23 s and 600 MB on 5 bytes. Encoding stops with a message instead.
TEST(TinyTokenizer, NormalizersThatFeedEachOtherAreStopped) {
  json j = tiny_tokenizer(json::array());
  json steps = json::array();
  for (int i = 0; i < 12; ++i)
    steps.push_back({{"type", "Replace"}, {"pattern", {{"String", "a"}}}, {"content", "aaaaa"}});
  j["normalizer"] = {{"type", "Sequence"}, {"normalizers", steps}};
  const auto t = HfTokenizer::from_json(j.dump(), "tokenizer.json");
  try {
    (void)t->encode("a a");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("its Replace or Prepend rules feed each other"), std::string::npos) << e.what();
  }
  j["normalizer"]["normalizers"] = json::array({steps[0]});  // one growth of 5x is fine
  EXPECT_EQ(HfTokenizer::from_json(j.dump(), "tokenizer.json")->encode("a").size(), 5u);  // no merges: 5 x "a"
  EXPECT_THROW(HfTokenizer::load("/nonexistent/tokenizer.json"), std::runtime_error);
  try {
    HfTokenizer::from_json("{ not json", "bad.json");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("bad.json: not valid JSON", 0), 0u);
  }
}

}  // namespace
}  // namespace aiperf
