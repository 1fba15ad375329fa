// Compares HfTokenizer with the reference implementation (@lenml/tokenizers, i.e.
// transformers.js) on the original tokenizer.json files of Qwen3 and Llama 3 (byte-level BPE) and
// Llama 2 and Gemma (SentencePiece-style BPE with byte fallback): ids, ids with
// add_special_tokens=true, and decode(). The fixtures come from
// scripts/tokenizer-fixtures.sh; without AIPERF_TOKENIZER_FIXTURES these tests skip.
#include "tokenizer/hf_tokenizer.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include "../support/file_bytes.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

using test_support::read_file;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

class HfTokenizerReference : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const char* dir = std::getenv("AIPERF_TOKENIZER_FIXTURES");
    if (dir == nullptr || *dir == '\0') {
      GTEST_SKIP() << "AIPERF_TOKENIZER_FIXTURES is unset; run scripts/tokenizer-fixtures.sh and export it";
    }
    root_ = dir;
    model_dir_ = root_ / GetParam();
    // Loaded once per model for all tests: loading is measured, not repeated.
    static std::map<std::string, std::unique_ptr<HfTokenizer>> loaded;
    auto& slot = loaded[GetParam()];
    if (!slot) {
      auto t0 = Clock::now();
      slot = HfTokenizer::load(model_dir_ / "tokenizer.json");
      std::cout << "[ " << GetParam() << " ] tokenizer.json loaded in " << seconds_since(t0) << " s\n";
    }
    tokenizer_ = slot.get();
  }

  fs::path root_, model_dir_;
  const HfTokenizer* tokenizer_ = nullptr;
};

// Short description of where two id sequences first differ, for a readable failure.
std::string first_difference(const HfTokenizer& t, const std::vector<int32_t>& ours,
                             const std::vector<int32_t>& ref) {
  size_t i = 0;
  while (i < ours.size() && i < ref.size() && ours[i] == ref[i]) ++i;
  size_t from = i >= 3 ? i - 3 : 0;
  auto window = [&](const std::vector<int32_t>& v) {
    std::vector<int32_t> w(v.begin() + long(std::min(from, v.size())), v.begin() + long(std::min(i + 4, v.size())));
    std::ostringstream s;
    for (auto id : w) s << id << ' ';
    s << "= \"" << t.decode(w) << "\"";
    return s.str();
  };
  return "first difference at token " + std::to_string(i) + "\n  ours: " + window(ours) + "\n  ref:  " + window(ref);
}

// Compares every text of <set>.json with <model>/<set>.ids.json; returns the mismatch count.
int compare_set(const HfTokenizer& t, const std::string& model, const fs::path& root, const std::string& set) {
  json texts = json::parse(read_file(root / (set + ".json")));
  json ref = json::parse(read_file(root / model / (set + ".ids.json")));
  int mismatches = 0, special_mismatches = 0, decode_mismatches = 0;
  for (const auto& [name, text_json] : texts.items()) {
    std::string text = text_json.get<std::string>();
    auto expected = ref["ids"].at(name).get<std::vector<int32_t>>();
    auto ours = t.encode(text);
    if (ours != expected && ++mismatches <= 5) {
      ADD_FAILURE() << model << " " << set << " '" << name << "' " << json(text).dump() << ": "
                    << first_difference(t, ours, expected);
    }
    auto expected_special = ref["ids_special"].at(name).get<std::vector<int32_t>>();
    if (t.encode(text, true) != expected_special && ++special_mismatches <= 5) {
      ADD_FAILURE() << model << " " << set << " '" << name << "' with add_special_tokens: "
                    << first_difference(t, t.encode(text, true), expected_special);
    }
    // Decoding the reference ids gives what the reference decodes them to.
    std::string decoded = t.decode(expected);
    if (decoded != ref["decoded"].at(name).get<std::string>() && ++decode_mismatches <= 5) {
      ADD_FAILURE() << model << " " << set << " '" << name << "' decodes to " << json(decoded).dump()
                    << ", reference " << ref["decoded"].at(name).dump();
    }
    EXPECT_EQ(t.count(text), ours.size());
  }
  std::cout << "[ " << model << " ] " << set << ": " << texts.size() << " texts, mismatches: ids " << mismatches
            << ", with special tokens " << special_mismatches << ", decode " << decode_mismatches << "\n";
  return mismatches + special_mismatches + decode_mismatches;
}

TEST_P(HfTokenizerReference, FixedCasesMatchIdForIdAndRoundTrip) {
  EXPECT_EQ(compare_set(*tokenizer_, GetParam(), root_, "cases"), 0);
}

TEST_P(HfTokenizerReference, RandomPieceStringsMatchIdForId) {
  EXPECT_EQ(compare_set(*tokenizer_, GetParam(), root_, "fuzz"), 0);
}

TEST_P(HfTokenizerReference, MegabyteOfMixedTextMatchesIdForId) {
  std::string text = read_file(root_ / "mixed.txt");
  json ref = json::parse(read_file(model_dir_ / "mixed.ids.json"));
  auto expected = ref["ids"].get<std::vector<int32_t>>();

  auto t0 = Clock::now();
  auto ours = tokenizer_->encode(text);
  double cold = seconds_since(t0);
  double warm = 1e9;
  for (int i = 0; i < 3; ++i) {
    t0 = Clock::now();
    auto again = tokenizer_->encode(text);
    warm = std::min(warm, seconds_since(t0));
    ASSERT_EQ(again, ours);
  }

  size_t mismatches = ours.size() > expected.size() ? ours.size() - expected.size() : expected.size() - ours.size();
  for (size_t i = 0; i < std::min(ours.size(), expected.size()); ++i) mismatches += ours[i] != expected[i];
  double mb = double(text.size()) / 1e6;
  std::cout << "[ " << GetParam() << " ] " << text.size() << " bytes, " << expected.size()
            << " reference tokens, mismatches: " << mismatches << "\n"
            << "[ " << GetParam() << " ] encode MB/s  ours: cold " << mb / cold << ", warm " << mb / warm
            << " | JS reference: cold " << mb / ref["cold_seconds"].get<double>() << "\n"
            << "[ " << GetParam() << " ] tokens/s ours warm " << double(ours.size()) / warm << "\n";
  EXPECT_EQ(mismatches, 0u) << first_difference(*tokenizer_, ours, expected);
  EXPECT_EQ(tokenizer_->decode(ours), ref["decoded"].get<std::string>());
}

INSTANTIATE_TEST_SUITE_P(Models, HfTokenizerReference, ::testing::Values("qwen3", "llama3", "llama2", "gemma"));

}  // namespace
}  // namespace aiperf
