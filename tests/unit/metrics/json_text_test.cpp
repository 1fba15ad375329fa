#include "metrics/json_text.h"

#include <limits>

#include <gtest/gtest.h>

namespace aiperf {
namespace {

std::string dbl(double v) {
  std::string s;
  append_json_double(s, v);
  return s;
}

std::string str(std::string_view v) {
  std::string s;
  append_json_string(s, v);
  return s;
}

// Expected texts are orjson 3.x / msgspec output (ryu's format64 rule).
TEST(JsonText, DoublesPrintLikeOrjson) {
  EXPECT_EQ(dbl(20.0), "20.0");
  EXPECT_EQ(dbl(38.2), "38.2");
  EXPECT_EQ(dbl(0.0), "0.0");
  EXPECT_EQ(dbl(-0.0), "-0.0");
  EXPECT_EQ(dbl(-1.5), "-1.5");
  EXPECT_EQ(dbl(0.0001), "0.0001");
  EXPECT_EQ(dbl(0.00012), "0.00012");
  EXPECT_EQ(dbl(2e-05), "0.00002");       // Python: 2e-05
  EXPECT_EQ(dbl(1.5e-05), "0.000015");    // Python: 1.5e-05
  EXPECT_EQ(dbl(1e-06), "1e-6");          // Python: 1e-06
  EXPECT_EQ(dbl(1e-07), "1e-7");
  EXPECT_EQ(dbl(-2.5e-10), "-2.5e-10");
  EXPECT_EQ(dbl(100000.0), "100000.0");
  EXPECT_EQ(dbl(123456.789), "123456.789");
  EXPECT_EQ(dbl(1e15), "1000000000000000.0");
  EXPECT_EQ(dbl(9999999999999998.0), "9999999999999998.0");
  EXPECT_EQ(dbl(1e16), "1e16");           // Python: 1e+16
  EXPECT_EQ(dbl(1.2345e20), "1.2345e20");
  EXPECT_EQ(dbl(123456789012345680.0), "1.2345678901234568e17");
  EXPECT_EQ(dbl(1.7673627111699999e18), "1.76736271117e18");
  EXPECT_EQ(dbl(1.7976931348623157e308), "1.7976931348623157e308");
  EXPECT_EQ(dbl(5e-324), "5e-324");
  EXPECT_EQ(dbl(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(dbl(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(dbl(std::numeric_limits<double>::quiet_NaN()), "null");
}

TEST(JsonText, IntsArePlain) {
  std::string s;
  append_json_int(s, -42);
  append_json_int(s, 1767362711532410000);
  EXPECT_EQ(s, "-421767362711532410000");
}

TEST(JsonText, StringsAreEscaped) {
  EXPECT_EQ(str("a\"b\\c"), R"("a\"b\\c")");
  EXPECT_EQ(str("line\nnext\ttab"), R"("line\nnext\ttab")");
  EXPECT_EQ(str(std::string_view("\x01", 1)), R"("\u0001")");
}

TEST(JsonText, Utf8PassesThroughAndInvalidBytesAreReplaced) {
  EXPECT_EQ(str("caf\xC3\xA9"), "\"caf\xC3\xA9\"");
  EXPECT_EQ(str("\xF0\x9F\x98\x80"), "\"\xF0\x9F\x98\x80\"");
  EXPECT_EQ(str("a\xFFz"), "\"a\xEF\xBF\xBDz\"");
  EXPECT_EQ(str("\xC3"), "\"\xEF\xBF\xBD\"");          // truncated sequence
  EXPECT_EQ(str("\xC0\xAF"), "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");  // overlong '/'
}

}  // namespace
}  // namespace aiperf
