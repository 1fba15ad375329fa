#include "tokenizer/byte_level.h"

#include <gtest/gtest.h>

#include <set>

#include "tokenizer/utf8.h"

namespace aiperf {
namespace {

TEST(ByteLevel, PrintableBytesMapToThemselvesOthersAboveU0100) {
  EXPECT_EQ(byte_level::code_point_for_byte('A'), U'A');
  EXPECT_EQ(byte_level::code_point_for_byte('~'), U'~');
  EXPECT_EQ(byte_level::code_point_for_byte(0xE9), U'\u00E9');
  EXPECT_EQ(byte_level::code_point_for_byte(0x00), U'\u0100');
  EXPECT_EQ(byte_level::code_point_for_byte(' '), U'\u0120');   // the familiar 'Ġ'
  EXPECT_EQ(byte_level::code_point_for_byte('\n'), U'\u010A');  // 'Ċ'
  EXPECT_EQ(byte_level::code_point_for_byte(0xAD), U'\u0143');
}

TEST(ByteLevel, MappingIsABijectionAndRoundTrips) {
  std::set<char32_t> seen;
  std::string all;
  for (int b = 0; b < 256; ++b) {
    char32_t cp = byte_level::code_point_for_byte(static_cast<unsigned char>(b));
    EXPECT_TRUE(seen.insert(cp).second);
    EXPECT_EQ(byte_level::byte_for_code_point(cp), b);
    all += static_cast<char>(b);
  }
  std::string mapped, back;
  byte_level::encode(all, mapped);
  EXPECT_TRUE(utf8::is_valid(mapped));
  ASSERT_TRUE(byte_level::decode(mapped, back));
  EXPECT_EQ(back, all);
}

TEST(ByteLevel, DecodeRejectsUnmappedCodePoints) {
  std::string out;
  EXPECT_FALSE(byte_level::decode("\xE4\xBD\xA0", out));  // U+4F60 is not in the map
  EXPECT_EQ(byte_level::byte_for_code_point(U' '), -1);
}

TEST(Utf8, SanitizeReplacesMaximalInvalidSubparts) {
  EXPECT_EQ(utf8::sanitize("ok"), "ok");
  EXPECT_EQ(utf8::sanitize("a\xFF" "b"), "a\xEF\xBF\xBD" "b");
  // A truncated 3-byte sequence is one replacement, not two.
  EXPECT_EQ(utf8::sanitize("\xE4\xBD" "x"), "\xEF\xBF\xBD" "x");
  EXPECT_EQ(utf8::sanitize("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
  EXPECT_FALSE(utf8::is_valid("\xC0\x80"));  // overlong
  EXPECT_TRUE(utf8::is_valid("\xF0\x9F\x98\x80"));
}

}  // namespace
}  // namespace aiperf
