#include "tokenizer/unicode_nfc.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(UnicodeNfc, TextAlreadyInNfcIsUnchanged) {
  for (std::string s : {"", "plain ascii", "Café naïve", "Привет", "你好世界", "😀👍🏽", "한국어"}) {
    EXPECT_EQ(to_nfc(s), s);
  }
}

TEST(UnicodeNfc, ComposesBaseAndCombiningMarks) {
  EXPECT_EQ(to_nfc("e\u0301"), "\u00e9");
  EXPECT_EQ(to_nfc("A\u030Angstro\u0308m"), "\u00c5ngstr\u00f6m");
  // Marks are reordered by combining class before composing: dot below (220) before circumflex (230).
  EXPECT_EQ(to_nfc("a\u0302\u0323"), "\u1ead");
  EXPECT_EQ(to_nfc("a\u0323\u0302"), "\u1ead");
}

TEST(UnicodeNfc, SingletonsAndExclusionsDecompose) {
  EXPECT_EQ(to_nfc("\u2126"), "\u03a9");  // OHM SIGN -> GREEK CAPITAL OMEGA
  EXPECT_EQ(to_nfc("\u212B"), "\u00c5");  // ANGSTROM SIGN -> A WITH RING
  EXPECT_EQ(to_nfc("\u0958"), "\u0915\u093c");  // excluded from recomposition
}

TEST(UnicodeNfc, OnlySpansAroundChangingCharactersAreRewritten) {
  EXPECT_EQ(to_nfc("x e\u0301 \u0301y \u1112\u1161 na\u0308ive \u212B!"),
            "x \u00e9 \u0301y \ud558 n\u00e4ive \u00c5!");
}

TEST(UnicodeNfc, HangulJamoComposeArithmetically) {
  EXPECT_EQ(to_nfc("\u1112\u1161\u11ab"), "\ud55c");  // HIEUH A NIEUN -> 한
  EXPECT_EQ(to_nfc("\u1112\u1161"), "\ud558");
}

}  // namespace
}  // namespace aiperf
