// Byte-exact checks of the Thrift compact protocol encoding (varints, zigzag, field headers,
// lists, nested structs) used by the Parquet footer and page headers.
#include "io/thrift_compact_writer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>
#include "../support/file_bytes.h"

namespace aiperf {
namespace {

using test_support::byte_values;

TEST(ThriftCompact, VarintUsesSevenBitGroupsLowFirst) {
  std::string s;
  append_varint(s, 0);
  append_varint(s, 127);
  append_varint(s, 128);
  append_varint(s, 300);
  EXPECT_EQ(byte_values(s), (std::vector<int>{0x00, 0x7F, 0x80, 0x01, 0xAC, 0x02}));
  s.clear();
  append_varint(s, UINT64_MAX);
  EXPECT_EQ(s.size(), 10u);
  EXPECT_EQ(uint8_t(s.back()), 0x01);
}

TEST(ThriftCompact, ZigzagInterleavesSigns) {
  EXPECT_EQ(zigzag(0), 0u);
  EXPECT_EQ(zigzag(-1), 1u);
  EXPECT_EQ(zigzag(1), 2u);
  EXPECT_EQ(zigzag(-2), 3u);
  EXPECT_EQ(zigzag(INT64_MAX), UINT64_MAX - 1);
  EXPECT_EQ(zigzag(INT64_MIN), UINT64_MAX);
}

TEST(ThriftCompact, ShortFieldHeaderCarriesIdDelta) {
  std::string s;
  ThriftCompactWriter w(s);
  w.field_i32(1, 3);     // delta 1, type i32 (5); zigzag(3) = 6
  w.field_i64(3, -1);    // delta 2, type i64 (6); zigzag(-1) = 1
  w.field_bool(4, true);   // value in the type nibble
  w.field_bool(5, false);
  w.field_binary(6, "ab");
  w.finish();
  EXPECT_EQ(byte_values(s), (std::vector<int>{0x15, 0x06, 0x26, 0x01, 0x11, 0x12, 0x18, 0x02, 'a', 'b', 0x00}));
}

TEST(ThriftCompact, LongFieldHeaderWhenDeltaOver15) {
  std::string s;
  ThriftCompactWriter w(s);
  w.field_i32(1, 0);
  w.field_i32(17, 0);  // delta 16: type byte, then zigzag varint id (34)
  EXPECT_EQ(byte_values(s), (std::vector<int>{0x15, 0x00, 0x05, 0x22, 0x00}));
}

TEST(ThriftCompact, NestedStructRestartsFieldIds) {
  std::string s;
  ThriftCompactWriter w(s);
  w.field_i32(2, 1);
  w.begin_struct(5);  // delta 3, type struct (12)
  w.field_i32(1, 1);  // ids inside count from 0 again
  w.end_struct();
  w.field_i32(6, 1);  // delta from 5, the outer struct's last id
  w.finish();
  EXPECT_EQ(byte_values(s), (std::vector<int>{0x25, 0x02, 0x3C, 0x15, 0x02, 0x00, 0x15, 0x02, 0x00}));
}

TEST(ThriftCompact, ListHeaderShortAndLongForm) {
  std::string s;
  ThriftCompactWriter w(s);
  w.begin_list(1, ThriftType::i32, 2);
  w.list_i32(0);
  w.list_i32(3);
  EXPECT_EQ(byte_values(s), (std::vector<int>{0x19, 0x25, 0x00, 0x06}));

  s.clear();
  ThriftCompactWriter big(s);
  big.begin_list(1, ThriftType::binary, 20);
  EXPECT_EQ(byte_values(s), (std::vector<int>{0x19, 0xF8, 20}));
}

TEST(ThriftCompact, ListOfStructs) {
  std::string s;
  ThriftCompactWriter w(s);
  w.begin_list(2, ThriftType::struct_, 1);
  w.begin_list_struct();
  w.field_binary(4, "x");
  w.end_struct();
  w.field_i64(3, 7);  // after the list: delta from field 2
  w.finish();
  EXPECT_EQ(byte_values(s), (std::vector<int>{0x29, 0x1C, 0x48, 0x01, 'x', 0x00, 0x16, 0x0E, 0x00}));
}

}  // namespace
}  // namespace aiperf
