#include "io/parquet_file_writer.h"

#include <bit>
#include <cstring>
#include <stdexcept>

#include <snappy.h>
#include <zstd.h>

#include "io/thrift_compact_writer.h"

namespace aiperf {
namespace {

// Fast end of zstd's scale: pages are small and the writer runs beside the measurement.
constexpr int kZstdLevel = 1;

constexpr int32_t kRle = int32_t(ParquetEncoding::rle);

}  // namespace

ParquetFileWriter::ParquetFileWriter(const std::filesystem::path& path, std::vector<ParquetColumnSpec> columns,
                                     size_t rows_per_group, ParquetCodec codec,
                                     ParquetDictionaryLimits dictionary_limits)
    : rows_per_group_(rows_per_group == 0 ? 1 : rows_per_group), codec_(codec) {
  if (codec_ != ParquetCodec::uncompressed && codec_ != ParquetCodec::snappy && codec_ != ParquetCodec::zstd)
    throw std::logic_error(std::string("the parquet writer cannot compress with ") + parquet_codec_name(codec_));
  for (auto& spec : columns) columns_.emplace_back(std::move(spec), dictionary_limits);
  file_ = std::fopen(path.c_str(), "wb");
  if (!file_) throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(errno));
  write(std::string_view(kParquetMagic, 4));
}

ParquetFileWriter::~ParquetFileWriter() {
  close();
  ZSTD_freeCCtx(static_cast<ZSTD_CCtx*>(zstd_ctx_));
}

void ParquetFileWriter::add_metadata(std::string key, std::string value) {
  metadata_.emplace_back(std::move(key), std::move(value));
}

void ParquetFileWriter::end_row() {
  ++total_rows_;
  if (++group_rows_ >= rows_per_group_) flush_row_group();
}

void ParquetFileWriter::write(std::string_view bytes) {
  if (!file_ || bytes.empty()) return;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) ok_ = false;
  offset_ += int64_t(bytes.size());
}

void ParquetFileWriter::flush_row_group() {
  if (group_rows_ == 0) return;
  RowGroupMeta group{int64_t(group_rows_), {}};
  for (ParquetColumn& column : columns_) {
    column.take_pages(pages_);
    ChunkMeta chunk;
    chunk.offset = offset_;
    if (column.spec().nullable) chunk.encodings |= 1u << kRle;  // the definition levels
    for (const ParquetPage& page : pages_) write_page(page, chunk);
    group.chunks.push_back(chunk);
  }
  groups_.push_back(std::move(group));
  group_rows_ = 0;
}

void ParquetFileWriter::write_page(const ParquetPage& page, ChunkMeta& chunk) {
  std::string_view stored = page.body;
  if (codec_ == ParquetCodec::zstd) {
    if (!zstd_ctx_) zstd_ctx_ = ZSTD_createCCtx();
    packed_.resize(ZSTD_compressBound(page.body.size()));
    const size_t n = ZSTD_compressCCtx(static_cast<ZSTD_CCtx*>(zstd_ctx_), packed_.data(), packed_.size(),
                                       page.body.data(), page.body.size(), kZstdLevel);
    packed_.resize(ZSTD_isError(n) ? 0 : n);
    if (ZSTD_isError(n)) ok_ = false;  // cannot happen with a bound-sized buffer; never silent
    stored = packed_;
  } else if (codec_ == ParquetCodec::snappy) {
    // Raw snappy (no framing), as parquet.thrift's SNAPPY means; it cannot fail.
    packed_.resize(snappy::MaxCompressedLength(page.body.size()));
    size_t n = 0;
    snappy::RawCompress(page.body.data(), page.body.size(), packed_.data(), &n);
    packed_.resize(n);
    stored = packed_;
  }
  header_.clear();
  ThriftCompactWriter h(header_);
  h.field_i32(1, int32_t(page.dictionary ? ParquetPageType::dictionary : ParquetPageType::data));
  h.field_i32(2, int32_t(page.body.size()));
  h.field_i32(3, int32_t(stored.size()));
  if (page.dictionary) {
    h.begin_struct(7);  // DictionaryPageHeader
    h.field_i32(1, page.num_values);
    h.field_i32(2, int32_t(page.encoding));
    h.end_struct();
  } else {
    h.begin_struct(5);  // DataPageHeader
    h.field_i32(1, page.num_values);
    h.field_i32(2, int32_t(page.encoding));
    h.field_i32(3, kRle);
    h.field_i32(4, kRle);
    h.end_struct();
  }
  h.finish();

  if (page.dictionary) chunk.dictionary_page_offset = offset_;
  else if (chunk.data_page_offset == 0) chunk.data_page_offset = offset_;
  chunk.encodings |= 1u << int32_t(page.encoding);
  chunk.uncompressed += int64_t(header_.size() + page.body.size());
  chunk.compressed += int64_t(header_.size() + stored.size());
  write(header_);
  write(stored);
}

std::string ParquetFileWriter::footer() const {
  std::string out;
  ThriftCompactWriter w(out);
  // Version 2: RLE_DICTIONARY data pages are a format-2 encoding (the pages stay v1), as
  // Arrow's writer marks such files.
  w.field_i32(1, 2);

  w.begin_list(2, ThriftType::struct_, columns_.size() + 1);
  w.begin_list_struct();  // the root: a group holding every column
  w.field_binary(4, "schema");
  w.field_i32(5, int32_t(columns_.size()));
  w.end_struct();
  for (const ParquetColumn& c : columns_) {
    const ParquetColumnSpec& s = c.spec();
    w.begin_list_struct();
    w.field_i32(1, int32_t(s.type));
    w.field_i32(3, int32_t(s.nullable ? ParquetRepetition::optional : ParquetRepetition::required));
    w.field_binary(4, s.name);
    if (s.utf8) {
      w.field_i32(6, int32_t(ParquetConvertedType::utf8));
      w.begin_struct(10);  // LogicalType
      w.begin_struct(1);   // STRING
      w.end_struct();
      w.end_struct();
    }
    w.end_struct();
  }

  w.field_i64(3, total_rows_);

  w.begin_list(4, ThriftType::struct_, groups_.size());
  for (const RowGroupMeta& g : groups_) {
    w.begin_list_struct();
    int64_t uncompressed = 0, compressed = 0;
    w.begin_list(1, ThriftType::struct_, g.chunks.size());
    for (size_t i = 0; i < g.chunks.size(); ++i) {
      const ChunkMeta& chunk = g.chunks[i];
      const ParquetColumnSpec& s = columns_[i].spec();
      uncompressed += chunk.uncompressed;
      compressed += chunk.compressed;
      w.begin_list_struct();  // ColumnChunk
      w.field_i64(2, chunk.offset);
      w.begin_struct(3);  // ColumnMetaData
      w.field_i32(1, int32_t(s.type));
      w.begin_list(2, ThriftType::i32, size_t(std::popcount(chunk.encodings)));
      for (int32_t e = 0; e < 32; ++e)
        if (chunk.encodings & (1u << e)) w.list_i32(e);
      w.begin_list(3, ThriftType::binary, 1);
      w.list_binary(s.name);
      w.field_i32(4, int32_t(codec_));
      w.field_i64(5, g.rows);
      w.field_i64(6, chunk.uncompressed);
      w.field_i64(7, chunk.compressed);
      w.field_i64(9, chunk.data_page_offset);
      if (chunk.dictionary_page_offset >= 0) w.field_i64(11, chunk.dictionary_page_offset);
      w.end_struct();
      w.end_struct();
    }
    w.field_i64(2, uncompressed);
    w.field_i64(3, g.rows);
    w.field_i64(5, g.chunks.empty() ? 0 : g.chunks.front().offset);
    w.field_i64(6, compressed);
    w.end_struct();
  }

  if (!metadata_.empty()) {
    w.begin_list(5, ThriftType::struct_, metadata_.size());
    for (const auto& [key, value] : metadata_) {
      w.begin_list_struct();
      w.field_binary(1, key);
      w.field_binary(2, value);
      w.end_struct();
    }
  }
  w.field_binary(6, "aiperf-cpp version " AIPERF_VERSION);
  w.finish();
  return out;
}

bool ParquetFileWriter::close() {
  if (!file_) return ok_;
  flush_row_group();
  std::string tail = footer();
  const uint32_t len = uint32_t(tail.size());
  for (int b = 0; b < 4; ++b) tail.push_back(char((len >> (8 * b)) & 0xFF));
  tail.append(kParquetMagic, 4);
  write(tail);
  if (std::fclose(file_) != 0) ok_ = false;
  file_ = nullptr;
  return ok_;
}

}  // namespace aiperf
