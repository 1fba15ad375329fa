// File framing of the Parquet writer: magic bytes, footer length, row groups, and the
// guard against NULL in a REQUIRED column. Readers (DuckDB) check the content in
// tests/e2e/parquet_export.sh.
#include "io/parquet_file_writer.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "../support/temp_dir.h"
#include "../support/file_bytes.h"

namespace aiperf {
namespace {

using test_support::byte_values;
using test_support::read_file;

std::vector<ParquetColumnSpec> columns() {
  return {ParquetColumnSpec::int64("id", false), ParquetColumnSpec::double_("ms", true),
          ParquetColumnSpec::text("name", true), ParquetColumnSpec::boolean("flag", false)};
}

void write_rows(ParquetFileWriter& w, int rows) {
  for (int i = 0; i < rows; ++i) {
    w.column(0).int64(i);
    if (i % 2) w.column(1).null();
    else w.column(1).double_(i * 0.5);
    w.column(2).string("row");
    w.column(3).boolean(i % 3 == 0);
    w.end_row();
  }
}

TEST(ParquetFileWriter, FramesFileWithMagicAndFooterLength) {
  for (ParquetCodec codec : {ParquetCodec::uncompressed, ParquetCodec::snappy, ParquetCodec::zstd}) {
    testing::TempDir dir;
    const auto path = dir.path / "t.parquet";
    {
      ParquetFileWriter w(path, columns(), 2, codec);
      w.add_metadata("k", "v");
      write_rows(w, 5);
      EXPECT_TRUE(w.close());
      EXPECT_EQ(w.rows_written(), 5);
    }
    const std::string file = read_file(path);
    ASSERT_GT(file.size(), 12u);
    EXPECT_EQ(file.substr(0, 4), "PAR1");
    EXPECT_EQ(file.substr(file.size() - 4), "PAR1");
    uint32_t footer_len = 0;
    for (int b = 0; b < 4; ++b) footer_len |= uint32_t(uint8_t(file[file.size() - 8 + size_t(b)])) << (8 * b);
    ASSERT_LT(footer_len + 12, file.size());
    const std::string footer = file.substr(file.size() - 8 - footer_len, footer_len);
    EXPECT_EQ(uint8_t(footer[0]), 0x15);  // field 1 (version), i32
    EXPECT_EQ(uint8_t(footer.back()), 0x00);
    EXPECT_NE(footer.find("aiperf-cpp"), std::string::npos);
    // The first page header follows the magic: field 1 (type) = DATA_PAGE (0).
    EXPECT_EQ(uint8_t(file[4]), 0x15);
    EXPECT_EQ(uint8_t(file[5]), 0x00);
  }
}

TEST(ParquetFileWriter, DictionaryColumnStartsWithDictionaryPage) {
  testing::TempDir dir;
  const auto path = dir.path / "d.parquet";
  {
    ParquetFileWriter w(path, {{"phase", ParquetPhysical::byte_array, false, true, true}}, 10,
                        ParquetCodec::uncompressed);
    for (int i = 0; i < 3; ++i) {
      w.column(0).string("profiling");
      w.end_row();
    }
    EXPECT_TRUE(w.close());
  }
  const std::string file = read_file(path);
  // PageHeader: type DICTIONARY_PAGE (zigzag 2), both sizes 13, then field 7
  // (DictionaryPageHeader, delta 4): num_values 1, encoding PLAIN; two STOPs.
  EXPECT_EQ(byte_values(file.substr(4, 13)),
            (std::vector<int>{0x15, 0x04, 0x15, 0x1A, 0x15, 0x1A, 0x4C, 0x15, 0x02, 0x15, 0x00, 0x00, 0x00}));
  EXPECT_EQ(file.substr(17, 13), std::string("\x09\0\0\0profiling", 13));  // the PLAIN entry
  // Then the index page: DATA_PAGE, DataPageHeader with encoding RLE_DICTIONARY (zigzag 16).
  EXPECT_EQ(uint8_t(file[30]), 0x15);
  EXPECT_EQ(uint8_t(file[31]), 0x00);
  EXPECT_NE(file.find(std::string("\x15\x06\x15\x10", 4), 30), std::string::npos);  // num_values 3, encoding 8
}

TEST(ParquetFileWriter, EmptyFileStillHasFooter) {
  testing::TempDir dir;
  const auto path = dir.path / "empty.parquet";
  {
    ParquetFileWriter w(path, columns(), 10);
    EXPECT_TRUE(w.close());
  }
  const std::string file = read_file(path);
  EXPECT_EQ(file.substr(0, 4), "PAR1");
  EXPECT_EQ(file.substr(file.size() - 4), "PAR1");
}

TEST(ParquetFileWriter, NullInRequiredColumnIsAProgrammingError) {
  testing::TempDir dir;
  ParquetFileWriter w(dir.path / "x.parquet", columns(), 10);
  EXPECT_THROW(w.column(0).null(), std::logic_error);
}

TEST(ParquetFileWriter, CodecsItCannotWriteAreRefused) {
  testing::TempDir dir;
  EXPECT_THROW(ParquetFileWriter(dir.path / "g.parquet", columns(), 10, ParquetCodec::gzip), std::logic_error);
}

TEST(ParquetFileWriter, UnwritablePathNamesThePath) {
  try {
    ParquetFileWriter w("/nonexistent-dir/x.parquet", columns(), 10);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/x.parquet"), std::string::npos);
  }
}

}  // namespace
}  // namespace aiperf
