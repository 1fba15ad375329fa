#include "io/parquet_decompress.h"

#include <gtest/gtest.h>
#include <snappy.h>
#include <zlib.h>
#include <zstd.h>

#include <stdexcept>
#include <string>

namespace aiperf {
namespace {

constexpr size_t kTerabyte = size_t(1) << 40;

const uint8_t* bytes(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

std::string gzip(const std::string& text) {
  std::string out(compressBound(uLong(text.size())) + 32, '\0');
  z_stream z{};
  deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = uInt(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  deflate(&z, Z_FINISH);
  out.resize(size_t(z.total_out));
  deflateEnd(&z);
  return out;
}

// Each codec's pages decompress to what was written, and a page declaring more than its
// bytes could hold is refused before anything is allocated (1 TB here: allocating it first
// would throw bad_alloc, or abort under ASan).
void expect_refused(ParquetCodec codec, const std::string& stored, size_t declared) {
  std::string out;
  try {
    parquet_decompress(codec, bytes(stored), stored.size(), declared, out);
    ADD_FAILURE() << parquet_codec_name(codec) << " accepted " << declared << " bytes from " << stored.size();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("corrupt"), std::string::npos) << e.what();
  }
  EXPECT_LT(out.capacity(), size_t(1) << 20);
}

const std::string kText(5000, 'a');

TEST(ParquetDecompress, UncompressedPagesMustStateTheirOwnSize) {
  std::string out;
  parquet_decompress(ParquetCodec::uncompressed, bytes(kText), kText.size(), kText.size(), out);
  EXPECT_EQ(out, kText);
  expect_refused(ParquetCodec::uncompressed, kText, kTerabyte);
}

TEST(ParquetDecompress, SnappyPagesAreCheckedAgainstTheirOwnLengthPrefix) {
  std::string stored;
  snappy::Compress(kText.data(), kText.size(), &stored);
  std::string out;
  parquet_decompress(ParquetCodec::snappy, bytes(stored), stored.size(), kText.size(), out);
  EXPECT_EQ(out, kText);
  expect_refused(ParquetCodec::snappy, stored, kTerabyte);
  expect_refused(ParquetCodec::snappy, stored, kText.size() + 1);
}

TEST(ParquetDecompress, GzipPagesCannotDeclareMoreThanDeflateCanExpand) {
  const std::string stored = gzip(kText);
  std::string out;
  parquet_decompress(ParquetCodec::gzip, bytes(stored), stored.size(), kText.size(), out);
  EXPECT_EQ(out, kText);
  expect_refused(ParquetCodec::gzip, stored, kTerabyte);
}

TEST(ParquetDecompress, ZstdPagesAreCheckedAgainstTheFrameContentSize) {
  std::string stored(ZSTD_compressBound(kText.size()), '\0');
  stored.resize(ZSTD_compress(stored.data(), stored.size(), kText.data(), kText.size(), 3));
  std::string out;
  parquet_decompress(ParquetCodec::zstd, bytes(stored), stored.size(), kText.size(), out);
  EXPECT_EQ(out, kText);
  expect_refused(ParquetCodec::zstd, stored, kTerabyte);
  expect_refused(ParquetCodec::zstd, stored, kText.size() - 1);
  expect_refused(ParquetCodec::zstd, std::string("not a zstd frame"), 100);
}

}  // namespace
}  // namespace aiperf
