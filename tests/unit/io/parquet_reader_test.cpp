#include "io/parquet_reader.h"

#include <gtest/gtest.h>

#include <fstream>

#include "../support/file_bytes.h"
#include "../support/temp_dir.h"
#include "io/parquet_file_writer.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

void write_all(const fs::path& p, const std::string& bytes) { std::ofstream(p, std::ios::binary) << bytes; }

// 25 rows in row groups of 7: ids, a nullable dictionary label, a nullable double, a bool.
void write_sample(const fs::path& path, ParquetCodec codec) {
  ParquetFileWriter w(path,
                      {{"id", ParquetPhysical::int64, false, false},
                       {"label", ParquetPhysical::byte_array, true, true, true},
                       {"score", ParquetPhysical::double_, true, false},
                       {"flag", ParquetPhysical::boolean, false, false},
                       {"text", ParquetPhysical::byte_array, false, true}},
                      7, codec);
  for (int i = 0; i < 25; ++i) {
    w.column(0).int64(int64_t(i) * 1'000'000'007LL - 5);
    if (i % 4 == 0) w.column(1).null();
    else w.column(1).string("label-" + std::to_string(i % 3));
    if (i % 5 == 1) w.column(2).null();
    else w.column(2).double_(i * 0.25);
    w.column(3).boolean(i % 3 == 0);
    w.column(4).string(std::string(size_t(i), 'x'));
    w.end_row();
  }
  ASSERT_TRUE(w.close());
}

void expect_sample(const ParquetFile& f) {
  EXPECT_EQ(f.num_rows(), 25);
  EXPECT_EQ(f.column_names(), (std::vector<std::string>{"id", "label", "score", "flag", "text"}));
  const ParquetColumnValues id = f.read_column("id");
  const ParquetColumnValues label = f.read_column("label");
  const ParquetColumnValues score = f.read_column("score");
  const ParquetColumnValues flag = f.read_column("flag");
  const ParquetColumnValues text = f.read_column("text");
  ASSERT_EQ(id.rows(), 25u);
  EXPECT_FALSE(label.is_list);
  for (size_t i = 0; i < 25; ++i) {
    EXPECT_EQ(id.ints[i], int64_t(i) * 1'000'000'007LL - 5);
    EXPECT_EQ(label.is_null(i), i % 4 == 0) << i;
    if (i % 4) {
      EXPECT_EQ(label.texts[i], "label-" + std::to_string(i % 3));
    }
    EXPECT_EQ(score.is_null(i), i % 5 == 1) << i;
    if (i % 5 != 1) {
      EXPECT_DOUBLE_EQ(score.reals[i], double(i) * 0.25);
    }
    EXPECT_EQ(flag.ints[i], i % 3 == 0 ? 1 : 0);
    EXPECT_EQ(text.texts[i], std::string(i, 'x'));
  }
}

TEST(ParquetReader, ReadsOwnWriterUncompressed) {
  testing::TempDir dir;
  write_sample(dir.path / "a.parquet", ParquetCodec::uncompressed);
  expect_sample(ParquetFile(dir.path / "a.parquet"));
}

TEST(ParquetReader, ReadsOwnWriterZstd) {
  testing::TempDir dir;
  write_sample(dir.path / "a.parquet", ParquetCodec::zstd);
  expect_sample(ParquetFile(dir.path / "a.parquet"));
}

// SNAPPY: the codec of upstream AIPerf's server-metrics Parquet export.
TEST(ParquetReader, ReadsOwnWriterSnappy) {
  testing::TempDir dir;
  write_sample(dir.path / "a.parquet", ParquetCodec::snappy);
  expect_sample(ParquetFile(dir.path / "a.parquet"));
}

TEST(ParquetReader, EmptyFileHasNoRows) {
  testing::TempDir dir;
  {
    ParquetFileWriter w(dir.path / "e.parquet", {{"id", ParquetPhysical::int64, true, false}}, 4);
    ASSERT_TRUE(w.close());
  }
  ParquetFile f(dir.path / "e.parquet");
  EXPECT_EQ(f.num_rows(), 0);
  EXPECT_EQ(f.read_column("id").rows(), 0u);
}

std::string open_error(const fs::path& path, const char* column = nullptr) {
  try {
    ParquetFile f(path);
    if (column) f.read_column(column);
  } catch (const ParquetError& e) {
    return e.what();
  }
  return "";
}

TEST(ParquetReader, MissingFileNamesIt) {
  EXPECT_NE(open_error("/nonexistent/x.parquet").find("/nonexistent/x.parquet: cannot open"), std::string::npos);
}

TEST(ParquetReader, BadMagicIsRefused) {
  testing::TempDir dir;
  write_all(dir.path / "bad.parquet", "{\"not\": \"parquet\", \"but\": \"long enough\"}\n");
  EXPECT_NE(open_error(dir.path / "bad.parquet").find("no PAR1 magic"), std::string::npos);
  write_all(dir.path / "short.parquet", "PAR1");
  EXPECT_NE(open_error(dir.path / "short.parquet").find("too short"), std::string::npos);
}

// Lines of /proc/self/maps that map `path`.
int mappings_of(const fs::path& path) {
  std::ifstream maps("/proc/self/maps");
  int n = 0;
  for (std::string line; std::getline(maps, line);)
    if (line.find(path.string()) != std::string::npos) ++n;
  return n;
}

// A refused file is unmapped: the constructor throws after mapping it, so the destructor never
// runs (the fuzz harness once slowed to 700 runs/s truncating a file mapped thousands of times).
TEST(ParquetReader, RefusedFileIsNotLeftMapped) {
  testing::TempDir dir;
  const fs::path bad = dir.path / "bad.parquet";
  write_all(bad, "PAR1 not a footer at all, but long enough PAR1");
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(open_error(bad).empty());
  EXPECT_EQ(mappings_of(bad), 0);
  write_sample(dir.path / "ok.parquet", ParquetCodec::uncompressed);
  {
    const ParquetFile f(dir.path / "ok.parquet");
    EXPECT_EQ(mappings_of(dir.path / "ok.parquet"), 1);
  }
  EXPECT_EQ(mappings_of(dir.path / "ok.parquet"), 0);
}

TEST(ParquetReader, TruncatedFileIsRefused) {
  testing::TempDir dir;
  write_sample(dir.path / "a.parquet", ParquetCodec::uncompressed);
  const std::string whole = test_support::read_file(dir.path / "a.parquet");
  // Cut inside the footer, magic restored: the footer length now points before the file.
  const std::string cut = whole.substr(0, whole.size() - 60);
  write_all(dir.path / "cut.parquet", cut + whole.substr(whole.size() - 8));
  const std::string e = open_error(dir.path / "cut.parquet", "id");
  EXPECT_FALSE(e.empty());
  EXPECT_NE(e.find("cut.parquet"), std::string::npos) << e;
  // Cut off the end: no trailing magic.
  write_all(dir.path / "tail.parquet", whole.substr(0, whole.size() / 2));
  EXPECT_NE(open_error(dir.path / "tail.parquet").find("no PAR1 magic"), std::string::npos);
  // Footer intact but the pages garbled: the page header or data must be refused, not read.
  std::string garbled = whole;
  for (size_t i = 4; i < 40; ++i) garbled[i] = char(0xFF);
  write_all(dir.path / "garbled.parquet", garbled);
  EXPECT_NE(open_error(dir.path / "garbled.parquet", "id").find("column 'id', row group 0"), std::string::npos);
}

TEST(ParquetReader, UnknownColumnIsNamed) {
  testing::TempDir dir;
  write_sample(dir.path / "a.parquet", ParquetCodec::uncompressed);
  EXPECT_NE(open_error(dir.path / "a.parquet", "prompt").find("column 'prompt': no such column"), std::string::npos);
}

}  // namespace
}  // namespace aiperf
