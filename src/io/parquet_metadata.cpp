#include "io/parquet_metadata.h"

#include <stdexcept>

#include "io/thrift_compact_reader.h"

namespace aiperf {
namespace {

using R = ThriftCompactReader;
using T = ThriftType;

// Calls on_field(id, type) for each field of the struct that starts here; on_field reads the
// value it wants and returns false to have it skipped.
template <typename F>
void for_each_field(R& r, F&& on_field) {
  r.begin_struct();
  int16_t id;
  T type;
  while (r.next_field(id, type))
    if (!on_field(id, type)) r.skip(type);
}

template <typename F>
void for_each_element(R& r, F&& on_element) {
  const ThriftListHeader h = r.list_header();
  for (uint32_t i = 0; i < h.size; ++i) on_element(h.element);
}

ParquetSchemaElement schema_element(R& r) {
  ParquetSchemaElement e;
  for_each_field(r, [&](int16_t id, T type) {
    switch (id) {
      case 1: e.type = ParquetPhysical(r.i32()); return true;
      case 2: e.type_length = r.i32(); return true;
      case 3: e.repetition = ParquetRepetition(r.i32()); return true;
      case 4: e.name = r.binary(); return true;
      case 5: e.num_children = r.i32(); return true;
      case 6: e.converted_type = ParquetConvertedType(r.i32()); return true;
      case 7: e.scale = r.i32(); return true;
      case 10:  // LogicalType: a union; field 3 is LIST
        if (type != T::struct_) return false;
        for_each_field(r, [&](int16_t which, T) {
          if (which == 3) e.logical_list = true;
          return false;
        });
        return true;
      default: return false;
    }
  });
  return e;
}

ParquetColumnChunkMeta column_meta(R& r) {
  ParquetColumnChunkMeta m;
  for_each_field(r, [&](int16_t id, T) {
    switch (id) {
      case 1: m.type = ParquetPhysical(r.i32()); return true;
      case 3: for_each_element(r, [&](T) { m.path.emplace_back(r.binary()); }); return true;
      case 4: m.codec = ParquetCodec(r.i32()); return true;
      case 5: m.num_values = r.i64(); return true;
      case 7: m.total_compressed_size = r.i64(); return true;
      case 9: m.data_page_offset = r.i64(); return true;
      case 11: m.dictionary_page_offset = r.i64(); return true;
      default: return false;
    }
  });
  return m;
}

ParquetRowGroupMeta row_group(R& r) {
  ParquetRowGroupMeta g;
  for_each_field(r, [&](int16_t id, T) {
    if (id == 3) {
      g.num_rows = r.i64();
      return true;
    }
    if (id != 1) return false;
    for_each_element(r, [&](T) {
      bool has_meta = false;
      for_each_field(r, [&](int16_t cid, T) {
        if (cid != 3) return false;
        g.columns.push_back(column_meta(r));
        has_meta = true;
        return true;
      });
      // Metadata kept in another file (ColumnChunk.file_path) is not supported.
      if (!has_meta) throw std::runtime_error("a column chunk has no metadata in this file");
    });
    return true;
  });
  return g;
}

}  // namespace

ParquetFileMeta parse_parquet_footer(const uint8_t* data, size_t size) {
  R r(data, size);
  ParquetFileMeta meta;
  for_each_field(r, [&](int16_t id, T) {
    switch (id) {
      case 2: for_each_element(r, [&](T) { meta.schema.push_back(schema_element(r)); }); return true;
      case 3: meta.num_rows = r.i64(); return true;
      case 4: for_each_element(r, [&](T) { meta.row_groups.push_back(row_group(r)); }); return true;
      default: return false;
    }
  });
  return meta;
}

ParquetPageHeader parse_parquet_page_header(const uint8_t* data, size_t size) {
  R r(data, size);
  ParquetPageHeader h;
  for_each_field(r, [&](int16_t id, T type) {
    switch (id) {
      case 1: h.type = ParquetPageType(r.i32()); return true;
      case 2: h.uncompressed_size = r.i32(); return true;
      case 3: h.compressed_size = r.i32(); return true;
      case 5:  // DataPageHeader
        for_each_field(r, [&](int16_t f, T) {
          switch (f) {
            case 1: h.num_values = r.i32(); return true;
            case 2: h.encoding = ParquetEncoding(r.i32()); return true;
            case 3: h.definition_level_encoding = ParquetEncoding(r.i32()); return true;
            case 4: h.repetition_level_encoding = ParquetEncoding(r.i32()); return true;
            default: return false;
          }
        });
        return true;
      case 7:  // DictionaryPageHeader
        for_each_field(r, [&](int16_t f, T) {
          switch (f) {
            case 1: h.num_values = r.i32(); return true;
            case 2: h.encoding = ParquetEncoding(r.i32()); return true;
            default: return false;
          }
        });
        return true;
      case 8:  // DataPageHeaderV2
        for_each_field(r, [&](int16_t f, T ft) {
          switch (f) {
            case 1: h.num_values = r.i32(); return true;
            case 4: h.encoding = ParquetEncoding(r.i32()); return true;
            case 5: h.definition_levels_byte_length = r.i32(); return true;
            case 6: h.repetition_levels_byte_length = r.i32(); return true;
            case 7: h.v2_values_compressed = R::bool_field(ft); return true;
            default: return false;
          }
        });
        return true;
      default: (void)type; return false;
    }
  });
  h.header_size = r.position();
  return h;
}

}  // namespace aiperf
