#include "common/base64.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(Base64Decode, RoundTripsEveryLengthAndByte) {
  std::string bytes;
  for (int i = 0; i < 256; ++i) bytes += char(i);
  for (size_t n = 0; n <= bytes.size(); n += 1) {
    const std::string part = bytes.substr(0, n);
    EXPECT_EQ(base64_decode(base64_encode(part)), part) << n;
  }
}

TEST(Base64Decode, PaddingIsOptionalAndBadTextRefused) {
  EXPECT_EQ(base64_decode("Zm9vYg=="), "foob");
  EXPECT_EQ(base64_decode("Zm9vYg"), "foob");
  EXPECT_EQ(base64_decode("Zm9vYmE="), "fooba");
  EXPECT_EQ(base64_decode(""), "");
  EXPECT_EQ(base64_decode("Zm9v\nYmFy"), "foobar");  // line-wrapped files
  EXPECT_FALSE(base64_decode("Zm9v-_"));     // URL-safe alphabet
  EXPECT_FALSE(base64_decode("Zm9vY"));      // a lone 6-bit tail
  EXPECT_FALSE(base64_decode("Zg=a"));
}

TEST(Base64Decode, AppendKeepsWhatWasThereAndUndoesAFailure) {
  std::string arena = "ab";
  EXPECT_TRUE(base64_decode_append("Zm9v", arena));
  EXPECT_EQ(arena, "abfoo");
  EXPECT_FALSE(base64_decode_append("Zm9vYg=a", arena));  // fails after decoding some bytes
  EXPECT_EQ(arena, "abfoo");
  EXPECT_FALSE(base64_decode_append("Zm9vY", arena));
  EXPECT_EQ(arena, "abfoo");
}

}  // namespace
}  // namespace aiperf
