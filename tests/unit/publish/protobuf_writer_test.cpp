#include "publish/protobuf_writer.h"

#include <gtest/gtest.h>

#include "protobuf_fields.h"

namespace aiperf {
namespace {

std::string pbw_hex(const std::string& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  return out;
}

// The examples of the protobuf encoding guide: 150 in field 1 is 08 96 01.
TEST(ProtobufWriter, VarintsAsTheEncodingGuideShowsThem) {
  ProtobufWriter w;
  w.varint(1, 150);
  EXPECT_EQ(pbw_hex(w.data()), "089601");
  ProtobufWriter zero;
  zero.varint(2, 0);
  EXPECT_EQ(pbw_hex(zero.data()), "1000");
  ProtobufWriter big_field;
  big_field.varint(16, 1);  // field numbers above 15 need a two-byte key
  EXPECT_EQ(pbw_hex(big_field.data()), "800101");
}

TEST(ProtobufWriter, NegativeInt64TakesTenBytes) {
  ProtobufWriter w;
  w.int64(1, -1);
  EXPECT_EQ(pbw_hex(w.data()), "08ffffffffffffffffff01");
}

TEST(ProtobufWriter, Fixed64AndDoubleAreLittleEndian) {
  ProtobufWriter w;
  w.fixed64(2, 0x0102030405060708ull);
  w.float64(3, 1.0);
  EXPECT_EQ(pbw_hex(w.data()),
            "110807060504030201"
            "19000000000000f03f");
}

TEST(ProtobufWriter, StringsAndNestedMessagesAreLengthDelimited) {
  ProtobufWriter inner;
  inner.varint(1, 150);
  ProtobufWriter w;
  w.bytes(2, "testing");
  w.message(3, inner);
  EXPECT_EQ(pbw_hex(w.data()),
            "120774657374696e67"
            "1a03089601");
}

TEST(ProtobufWriter, PackedListsAreOneFieldAndEmptyListsNone) {
  ProtobufWriter w;
  const uint64_t counts[] = {1, 2};
  const double bounds[] = {0.5};
  w.packed_fixed64(6, counts);
  w.packed_float64(7, bounds);
  w.packed_fixed64(8, {});
  const auto fields = testing::proto_fields(w.data());
  ASSERT_EQ(fields.size(), 2u);
  EXPECT_EQ(fields[0].number, 6u);
  EXPECT_EQ(fields[0].bytes.size(), 16u);
  EXPECT_EQ(fields[1].number, 7u);
  ASSERT_EQ(fields[1].bytes.size(), 8u);
  EXPECT_EQ(pbw_hex(std::string(fields[1].bytes)), "000000000000e03f");
}

TEST(ProtobufWriter, BoolIsAVarint) {
  ProtobufWriter w;
  w.boolean(3, true);
  w.boolean(4, false);
  EXPECT_EQ(pbw_hex(w.data()), "18012000");
}

}  // namespace
}  // namespace aiperf
