// Struct columns (HF's Audio / Image features) read field by field, from a file DuckDB wrote
// (tests/fixtures/parquet/make_struct_columns.sh regenerates it).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/parquet_reader.h"

namespace aiperf {
namespace {

const std::string kFile = std::string(AIPERF_TEST_FIXTURES_DIR) + "/parquet/struct_columns.parquet";

std::string column_error(const std::string& column) {
  try {
    ParquetFile(kFile).read_column(column);
  } catch (const ParquetError& e) {
    return e.what();
  }
  return "";
}

TEST(ParquetStruct, ListsLeafPathsAndResolvesDottedNames) {
  ParquetFile f(kFile);
  EXPECT_EQ(f.column_names(), (std::vector<std::string>{"id", "audio", "images", "info", "s"}));
  EXPECT_EQ(f.leaf_paths(), (std::vector<std::string>{"id", "audio.bytes", "audio.path", "images.bytes", "images.path",
                                                      "info.rate", "info.meta.lang", "s.vals"}));
  EXPECT_TRUE(f.has_column("audio"));
  EXPECT_TRUE(f.has_column("audio.bytes"));
  EXPECT_TRUE(f.has_column("images.path"));
  EXPECT_TRUE(f.has_column("info.meta.lang"));
  EXPECT_FALSE(f.has_column("audio.array"));
  EXPECT_FALSE(f.has_column("info.lang"));  // nested structs are named level by level
  EXPECT_FALSE(f.has_column("images.list.element.bytes"));
  EXPECT_FALSE(f.has_column("id.x"));
}

TEST(ParquetStruct, StructFieldKeepsNullStructAndNullFieldApart) {
  ParquetFile f(kFile);
  const ParquetColumnValues bytes = f.read_column("audio.bytes");
  const ParquetColumnValues path = f.read_column("audio.path");
  ASSERT_EQ(bytes.rows(), 4u);
  EXPECT_FALSE(bytes.is_list);
  EXPECT_TRUE(bytes.in_struct);
  EXPECT_TRUE(bytes.is_text());
  EXPECT_EQ(bytes.texts[0], std::string("\x00\xFF\x10", 3));
  EXPECT_EQ(path.texts[0], "a0.flac");
  // Row 1: the whole struct is NULL, so are its fields.
  EXPECT_TRUE(bytes.is_null(1));
  EXPECT_TRUE(bytes.struct_is_null(1));
  EXPECT_TRUE(path.struct_is_null(1));
  // Row 2: the struct is there, its bytes are NULL.
  EXPECT_TRUE(bytes.is_null(2));
  EXPECT_FALSE(bytes.struct_is_null(2));
  EXPECT_EQ(path.texts[2], "a2.flac");
  // Row 3: empty bytes are not NULL; a NULL path in a present struct.
  EXPECT_FALSE(bytes.is_null(3));
  EXPECT_EQ(bytes.texts[3], "");
  EXPECT_TRUE(path.is_null(3));
  EXPECT_FALSE(path.struct_is_null(3));
  // A plain column is not a struct field.
  const ParquetColumnValues id = f.read_column("id");
  EXPECT_FALSE(id.in_struct);
  EXPECT_FALSE(id.struct_is_null(1));
  EXPECT_EQ(id.ints, (std::vector<int64_t>{0, 1, 2, 3}));
}

TEST(ParquetStruct, FieldOfListOfStructsReadsAsList) {
  ParquetFile f(kFile);
  const ParquetColumnValues bytes = f.read_column("images.bytes");
  const ParquetColumnValues path = f.read_column("images.path");
  ASSERT_EQ(bytes.rows(), 4u);
  ASSERT_TRUE(bytes.is_list);
  ASSERT_TRUE(bytes.in_struct);
  EXPECT_EQ(bytes.offsets, (std::vector<uint32_t>{0, 3, 3, 3, 4}));
  EXPECT_EQ(path.offsets, bytes.offsets);
  // Row 0: [{png, i0.png}, NULL, {NULL, i2.png}]
  EXPECT_EQ(bytes.texts[0], "\x89PNG");
  EXPECT_EQ(path.texts[0], "i0.png");
  EXPECT_TRUE(bytes.struct_is_null(1));
  EXPECT_FALSE(bytes.valid[1]);
  EXPECT_FALSE(bytes.struct_is_null(2));
  EXPECT_FALSE(bytes.valid[2]);
  EXPECT_EQ(path.texts[2], "i2.png");
  // Row 1: a NULL list; row 2: an empty one.
  EXPECT_TRUE(bytes.is_null(1));
  EXPECT_FALSE(bytes.is_null(2));
  // Row 3: [{ffd8, NULL}]
  EXPECT_EQ(bytes.texts[3], "\xFF\xD8");
  EXPECT_FALSE(path.valid[3]);
  EXPECT_FALSE(path.struct_is_null(3));
}

TEST(ParquetStruct, NestedStructFieldTracksItsInnermostStruct) {
  ParquetFile f(kFile);
  const ParquetColumnValues rate = f.read_column("info.rate");
  EXPECT_EQ(rate.ints[0], 16000);
  EXPECT_TRUE(rate.struct_is_null(1));
  EXPECT_TRUE(rate.is_null(2));
  EXPECT_FALSE(rate.struct_is_null(2));
  EXPECT_EQ(rate.ints[3], 8000);
  const ParquetColumnValues lang = f.read_column("info.meta.lang");
  EXPECT_EQ(lang.texts[0], "en");
  EXPECT_TRUE(lang.struct_is_null(1));  // info NULL
  EXPECT_TRUE(lang.struct_is_null(2));  // info present, meta NULL
  EXPECT_TRUE(lang.is_null(3));
  EXPECT_FALSE(lang.struct_is_null(3));  // meta present, lang NULL
}

TEST(ParquetStruct, UnsupportedShapesAreRefusedClearly) {
  EXPECT_NE(column_error("audio").find("struct_columns.parquet: column 'audio': a struct (fields bytes, path); read one "
                                   "field, as 'audio.bytes'"),
            std::string::npos)
      << column_error("audio");
  EXPECT_NE(column_error("images").find("column 'images': a struct (fields bytes, path); read one field, as "
                                    "'images.bytes'"),
            std::string::npos)
      << column_error("images");
  EXPECT_NE(column_error("info.meta").find("a struct (fields lang)"), std::string::npos) << column_error("info.meta");
  EXPECT_NE(column_error("s.vals").find("column 's.vals': a list inside a struct is not supported"), std::string::npos)
      << column_error("s.vals");
  EXPECT_NE(column_error("audio.array").find("column 'audio.array': no such column"), std::string::npos);
}

}  // namespace
}  // namespace aiperf
