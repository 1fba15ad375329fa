// The pages one column chunk becomes: PLAIN data pages, and for dictionary columns the
// dictionary page (PLAIN entries) and the RLE_DICTIONARY page (levels, bit width, indices),
// with the fall back to PLAIN once the dictionary reaches a limit. Byte layouts follow the
// Parquet format's description (Encodings.md); DuckDB reads them in tests/e2e/parquet_export.sh.
#include "io/parquet_column.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>
#include "../support/file_bytes.h"

namespace aiperf {
namespace {

using test_support::byte_values;

ParquetColumnSpec text_spec(bool nullable, bool dictionary) {
  return {"t", ParquetPhysical::byte_array, nullable, true, dictionary};
}

TEST(ParquetColumn, PlainTextIsOneDataPage) {
  ParquetColumn c(text_spec(true, false));
  c.string("ab");
  c.null();
  std::vector<ParquetPage> pages;
  c.take_pages(pages);
  ASSERT_EQ(pages.size(), 1u);
  EXPECT_FALSE(pages[0].dictionary);
  EXPECT_EQ(pages[0].encoding, ParquetEncoding::plain);
  EXPECT_EQ(pages[0].num_values, 2);
  // Levels (length 2: one bit-packed group, bits 1,0), then "ab" with its 4-byte length.
  EXPECT_EQ(byte_values(pages[0].body), (std::vector<int>{2, 0, 0, 0, 0x03, 0x01, 2, 0, 0, 0, 'a', 'b'}));
}

TEST(ParquetColumn, DictionaryPageThenIndexPage) {
  ParquetColumn c(text_spec(true, true));
  c.string("a");
  c.string("b");
  c.null();
  c.string("a");
  std::vector<ParquetPage> pages;
  c.take_pages(pages);
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_TRUE(pages[0].dictionary);
  EXPECT_EQ(pages[0].encoding, ParquetEncoding::plain);
  EXPECT_EQ(pages[0].num_values, 2);  // entries
  EXPECT_EQ(byte_values(pages[0].body), (std::vector<int>{1, 0, 0, 0, 'a', 1, 0, 0, 0, 'b'}));
  EXPECT_FALSE(pages[1].dictionary);
  EXPECT_EQ(pages[1].encoding, ParquetEncoding::rle_dictionary);
  EXPECT_EQ(pages[1].num_values, 4);  // rows, the null included
  // Levels 1,1,0,1 (bit-packed 0b1011); bit width 1; indices 0,1,0 (bit-packed 0b010).
  EXPECT_EQ(byte_values(pages[1].body), (std::vector<int>{2, 0, 0, 0, 0x03, 0x0B, 1, 0x03, 0x02}));
}

TEST(ParquetColumn, OneEntryDictionaryUsesOneBitAndRuns) {
  ParquetColumn c(text_spec(false, true));
  for (int i = 0; i < 20; ++i) c.string("profiling");
  std::vector<ParquetPage> pages;
  c.take_pages(pages);
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_EQ(pages[0].num_values, 1);
  // REQUIRED: no levels; width 1; one RLE run of 20 zeros.
  EXPECT_EQ(byte_values(pages[1].body), (std::vector<int>{1, 40, 0}));
}

TEST(ParquetColumn, BitWidthCoversTheLargestIndex) {
  ParquetColumn c(text_spec(false, true));
  for (int i = 0; i < 300; ++i) c.string(std::to_string(i));
  std::vector<ParquetPage> pages;
  c.take_pages(pages);
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_EQ(pages[0].num_values, 300);
  EXPECT_EQ(uint8_t(pages[1].body[0]), 9);  // 299 needs 9 bits
}

TEST(ParquetColumn, FallsBackToPlainAtTheEntryLimit) {
  ParquetColumn c(text_spec(false, true), ParquetDictionaryLimits{1 << 20, 2});
  for (const char* v : {"a", "b", "c", "a"}) c.string(v);
  std::vector<ParquetPage> pages;
  c.take_pages(pages);
  ASSERT_EQ(pages.size(), 3u);
  EXPECT_TRUE(pages[0].dictionary);
  EXPECT_EQ(pages[0].num_values, 2);
  EXPECT_EQ(pages[1].encoding, ParquetEncoding::rle_dictionary);
  EXPECT_EQ(pages[1].num_values, 2);
  EXPECT_EQ(byte_values(pages[1].body), (std::vector<int>{1, 0x03, 0x02}));  // indices 0,1
  // "c" did not fit, so it and every later row (even "a", in the dictionary) are PLAIN.
  EXPECT_EQ(pages[2].encoding, ParquetEncoding::plain);
  EXPECT_EQ(pages[2].num_values, 2);
  EXPECT_EQ(byte_values(pages[2].body), (std::vector<int>{1, 0, 0, 0, 'c', 1, 0, 0, 0, 'a'}));

  // The next row group starts a fresh dictionary.
  c.string("c");
  c.take_pages(pages);
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_EQ(byte_values(pages[0].body), (std::vector<int>{1, 0, 0, 0, 'c'}));
}

TEST(ParquetColumn, FallsBackToPlainAtTheByteLimit) {
  ParquetColumn c(text_spec(true, true), ParquetDictionaryLimits{10, 1 << 16});
  c.string("abc");  // 7 bytes in the dictionary
  c.null();
  c.string("de");   // would make 13
  std::vector<ParquetPage> pages;
  c.take_pages(pages);
  ASSERT_EQ(pages.size(), 3u);
  EXPECT_EQ(pages[1].num_values, 2);  // "abc" and the null
  EXPECT_EQ(byte_values(pages[1].body), (std::vector<int>{2, 0, 0, 0, 0x03, 0x01, 1, 0x03, 0x00}));
  EXPECT_EQ(pages[2].num_values, 1);
  EXPECT_EQ(byte_values(pages[2].body), (std::vector<int>{2, 0, 0, 0, 0x03, 0x01, 2, 0, 0, 0, 'd', 'e'}));
}

TEST(ParquetColumn, ValueLargerThanTheLimitFirstMeansNoDictionary) {
  ParquetColumn c(text_spec(true, true), ParquetDictionaryLimits{4, 1 << 16});
  c.null();
  c.string("toolong");
  std::vector<ParquetPage> pages;
  c.take_pages(pages);
  ASSERT_EQ(pages.size(), 1u);  // no empty dictionary page
  EXPECT_EQ(pages[0].encoding, ParquetEncoding::plain);
  EXPECT_EQ(pages[0].num_values, 2);
}

TEST(ParquetColumn, AllNullDictionaryColumnIsPlain) {
  ParquetColumn c(text_spec(true, true));
  c.null();
  c.null();
  std::vector<ParquetPage> pages;
  c.take_pages(pages);
  ASSERT_EQ(pages.size(), 1u);
  EXPECT_EQ(pages[0].encoding, ParquetEncoding::plain);
  EXPECT_EQ(byte_values(pages[0].body), (std::vector<int>{2, 0, 0, 0, 0x03, 0x00}));
}

// The writer takes the four types it encodes, and the text options only on byte_array.
TEST(ParquetColumn, SpecsTheWriterCannotWriteAreRefused) {
  EXPECT_THROW(ParquetColumn({"i", ParquetPhysical::int32}), std::logic_error);
  EXPECT_THROW(ParquetColumn({"f", ParquetPhysical::float_}), std::logic_error);
  EXPECT_THROW(ParquetColumn({"n", ParquetPhysical::int64, true, true}), std::logic_error);
  EXPECT_THROW(ParquetColumn({"d", ParquetPhysical::double_, true, false, true}), std::logic_error);
  EXPECT_NO_THROW(ParquetColumn(ParquetColumnSpec::dictionary_text("t", true)));
}

}  // namespace
}  // namespace aiperf
