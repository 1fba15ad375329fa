#include "io/parquet_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstring>

#include "io/parquet_decompress.h"
#include "io/rle_hybrid_decoder.h"

namespace aiperf {
namespace {

// A bounds-checked cursor over one page's bytes.
struct Bytes {
  const uint8_t* p;
  size_t n;
  size_t pos = 0;

  size_t left() const { return n - pos; }
  const uint8_t* take(size_t k) {
    if (k > left()) throw std::runtime_error("page data ends early");
    const uint8_t* at = p + pos;
    pos += k;
    return at;
  }
  uint32_t u32() {
    const uint8_t* b = take(4);
    return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
  }
  uint64_t uleb() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const uint8_t b = *take(1);
      v |= uint64_t(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    throw std::runtime_error("varint longer than 10 bytes");
  }
  int64_t zigzag() {
    const uint64_t v = uleb();
    return int64_t(v >> 1) ^ -int64_t(v & 1);
  }
};

// Decoded non-null values of one page (or a dictionary), before NULL slots are spread in.
struct Dense {
  std::vector<int64_t> ints;
  std::vector<double> reals;
  std::vector<std::string> texts;
};

template <typename T>
T load_le(const uint8_t* b) {
  T v;
  std::memcpy(&v, b, sizeof v);  // Parquet is little-endian, as are the targets we build for
  return v;
}

void decode_plain(Bytes& in, ParquetPhysical type, int32_t width, size_t count, Dense& out) {
  switch (type) {
    case ParquetPhysical::boolean: {
      const uint8_t* b = in.take((count + 7) / 8);
      for (size_t i = 0; i < count; ++i) out.ints.push_back((b[i / 8] >> (i % 8)) & 1);
      return;
    }
    case ParquetPhysical::int32:
      for (size_t i = 0; i < count; ++i) out.ints.push_back(load_le<int32_t>(in.take(4)));
      return;
    case ParquetPhysical::int64:
      for (size_t i = 0; i < count; ++i) out.ints.push_back(load_le<int64_t>(in.take(8)));
      return;
    case ParquetPhysical::float_:
      for (size_t i = 0; i < count; ++i) out.reals.push_back(load_le<float>(in.take(4)));
      return;
    case ParquetPhysical::double_:
      for (size_t i = 0; i < count; ++i) out.reals.push_back(load_le<double>(in.take(8)));
      return;
    case ParquetPhysical::byte_array:
      for (size_t i = 0; i < count; ++i) {
        const uint32_t len = in.u32();
        out.texts.emplace_back(reinterpret_cast<const char*>(in.take(len)), len);
      }
      return;
    case ParquetPhysical::fixed_len_byte_array:
      // Zero-width values would take no bytes, so a page header could claim billions of them.
      if (width <= 0) throw std::runtime_error("FIXED_LEN_BYTE_ARRAY column without a positive type_length");
      for (size_t i = 0; i < count; ++i)
        out.texts.emplace_back(reinterpret_cast<const char*>(in.take(size_t(width))), size_t(width));
      return;
    case ParquetPhysical::int96: break;
  }
  throw std::runtime_error("physical type INT96 is not supported");
}

// DELTA_BINARY_PACKED: a header (block size, miniblocks per block, total count, first value),
// then per block a zigzag min delta, one bit width per miniblock and the bit-packed deltas.
void decode_delta_binary_packed(Bytes& in, size_t count, std::vector<int64_t>& out) {
  const uint64_t block = in.uleb();
  const uint64_t miniblocks = in.uleb();
  const uint64_t total = in.uleb();
  int64_t value = in.zigzag();
  // The spec's shape (a block of a multiple of 128 values, miniblocks of a multiple of 32), and
  // as many bit widths per block as the page has bytes left: a hostile header must not size an
  // allocation (a fuzzed one asked for 56 TB).
  if (block == 0 || block % 128 != 0 || miniblocks == 0 || block % miniblocks != 0 ||
      (block / miniblocks) % 32 != 0)
    throw std::runtime_error("malformed DELTA_BINARY_PACKED header");
  if (miniblocks > in.left()) throw std::runtime_error("DELTA_BINARY_PACKED header runs past the page");
  if (total < count) throw std::runtime_error("DELTA_BINARY_PACKED holds fewer values than the page");
  const size_t per_mini = size_t(block / miniblocks);
  if (total == 0) return;
  out.push_back(value);
  uint64_t got = 1;
  std::vector<uint8_t> widths(miniblocks);
  while (got < total) {
    const int64_t min_delta = in.zigzag();
    for (auto& w : widths) w = *in.take(1);
    for (uint64_t m = 0; m < miniblocks && got < total; ++m) {
      const int w = widths[m];
      if (w > 64) throw std::runtime_error("DELTA_BINARY_PACKED bit width above 64");
      const uint8_t* bits = in.take(per_mini * size_t(w) / 8);
      // Values past the page's own are read over (their bytes are taken all the same), not
      // decoded one by one: with bit width 0 a header can claim 2^64 of them for free.
      const uint64_t in_mini = std::min<uint64_t>(per_mini, total - got);
      const uint64_t wanted = got < count ? std::min<uint64_t>(in_mini, count - got) : 0;
      for (size_t i = 0; i < wanted; ++i) {
        uint64_t delta = 0;
        for (int b = 0; b < w; ++b) {
          const size_t bit = i * size_t(w) + size_t(b);
          delta |= uint64_t((bits[bit / 8] >> (bit % 8)) & 1) << b;
        }
        value = int64_t(uint64_t(value) + uint64_t(min_delta) + delta);  // wraps, as the spec says
        out.push_back(value);
      }
      got += in_mini;
    }
  }
}

void decode_values(Bytes& in, ParquetEncoding encoding, ParquetPhysical type, int32_t width, size_t count,
                   const Dense* dictionary, Dense& out) {
  switch (encoding) {
    case ParquetEncoding::plain: decode_plain(in, type, width, count, out); return;
    case ParquetEncoding::plain_dictionary:
    case ParquetEncoding::rle_dictionary: {
      if (!dictionary) throw std::runtime_error("dictionary-encoded page without a dictionary page");
      const int bit_width = *in.take(1);
      std::vector<uint32_t> idx;
      decode_rle_hybrid(in.p + in.pos, in.left(), bit_width, count, idx);
      const size_t dict_size = dictionary->ints.size() + dictionary->reals.size() + dictionary->texts.size();
      for (uint32_t i : idx) {
        if (i >= dict_size) throw std::runtime_error("dictionary index out of range");
        if (!dictionary->ints.empty()) out.ints.push_back(dictionary->ints[i]);
        else if (!dictionary->reals.empty()) out.reals.push_back(dictionary->reals[i]);
        else out.texts.push_back(dictionary->texts[i]);
      }
      return;
    }
    case ParquetEncoding::rle:
      if (type == ParquetPhysical::boolean) {
        const uint32_t len = in.u32();
        std::vector<uint32_t> bits;
        decode_rle_hybrid(in.take(len), len, 1, count, bits);
        out.ints.insert(out.ints.end(), bits.begin(), bits.end());
        return;
      }
      break;
    case ParquetEncoding::delta_binary_packed:
      if (type == ParquetPhysical::int32 || type == ParquetPhysical::int64) {
        decode_delta_binary_packed(in, count, out.ints);
        return;
      }
      break;
    case ParquetEncoding::delta_length_byte_array:
      if (type == ParquetPhysical::byte_array) {
        std::vector<int64_t> lengths;
        decode_delta_binary_packed(in, count, lengths);
        for (int64_t len : lengths) {
          if (len < 0) throw std::runtime_error("negative DELTA_LENGTH_BYTE_ARRAY length");
          out.texts.emplace_back(reinterpret_cast<const char*>(in.take(size_t(len))), size_t(len));
        }
        return;
      }
      break;
    case ParquetEncoding::byte_stream_split:
      if (type == ParquetPhysical::float_ || type == ParquetPhysical::double_) {
        // Byte k of every value is stored together: stream k holds all values' k-th bytes.
        const size_t w = type == ParquetPhysical::float_ ? 4 : 8;
        const size_t total = in.left() / w;
        if (total < count) throw std::runtime_error("BYTE_STREAM_SPLIT page holds fewer values than its levels");
        const uint8_t* b = in.take(total * w);
        for (size_t i = 0; i < count; ++i) {
          uint8_t raw[8];
          for (size_t k = 0; k < w; ++k) raw[k] = b[k * total + i];
          out.reals.push_back(w == 4 ? double(load_le<float>(raw)) : load_le<double>(raw));
        }
        return;
      }
      break;
    default: break;
  }
  throw std::runtime_error(std::string("encoding ") + parquet_encoding_name(encoding) + " is not supported for " +
                           parquet_physical_name(type) + " values");
}

// How one leaf's levels map onto rows and slots.
struct LeafShape {
  int max_def = 0;
  int max_rep = 0;
  int repeated_def = 0;  // def level reached at the repeated node (lists only)
  int struct_def = -1;   // struct fields: def level at which the struct holding the field is present
};

// Appends one page's slots to `col`: levels (with max_rep 0, one per row) and the page's
// non-null values.
void append_slots(const LeafShape& shape, const std::vector<uint32_t>& defs, const std::vector<uint32_t>& reps,
                  size_t levels, Dense& values, ParquetColumnValues& col) {
  size_t next = 0;
  auto push_slot = [&](int d) {
    const bool present = d == shape.max_def;
    col.valid.push_back(present);
    if (col.in_struct) col.struct_valid.push_back(d >= shape.struct_def);
    if (col.is_integer()) col.ints.push_back(present ? values.ints.at(next) : 0);
    else if (col.is_real()) col.reals.push_back(present ? values.reals.at(next) : 0.0);
    else col.texts.push_back(present ? std::move(values.texts.at(next)) : std::string());
    if (present) ++next;
  };
  for (size_t i = 0; i < levels; ++i) {
    const int d = shape.max_def ? int(defs[i]) : 0;
    if (!col.is_list) {
      push_slot(d);
      continue;
    }
    if (reps[i] == 0) {  // a new row
      col.offsets.push_back(uint32_t(col.valid.size()));
      col.row_valid.push_back(d >= shape.repeated_def - 1);
    } else if (col.row_valid.empty()) {
      throw std::runtime_error("the first repetition level of a row group is not 0");
    }
    if (d >= shape.repeated_def) push_slot(d);
  }
  if (next != values.ints.size() + values.reals.size() + values.texts.size())
    throw std::runtime_error("page holds more values than its definition levels say");
}

}  // namespace

ParquetFile::ParquetFile(const std::filesystem::path& path) : path_(path.string()) {
  const int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    fail(std::string("cannot stat: ") + std::strerror(errno));
  }
  map_.size = size_t(st.st_size);
  if (map_.size >= 12) {
    void* m = ::mmap(nullptr, map_.size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (m != MAP_FAILED) map_.data = static_cast<const uint8_t*>(m);
  }
  ::close(fd);
  if (map_.size < 12) fail("not a Parquet file (" + std::to_string(map_.size) + " bytes, too short)");
  if (!map_.data) fail(std::string("cannot map: ") + std::strerror(errno));
  if (std::memcmp(map_.data, kParquetMagic, 4) != 0 || std::memcmp(map_.data + map_.size - 4, kParquetMagic, 4) != 0)
    fail("not a Parquet file (no PAR1 magic at its start and end)");
  const uint32_t footer_len = load_le<uint32_t>(map_.data + map_.size - 8);
  if (footer_len > map_.size - 12)
    fail("footer length " + std::to_string(footer_len) + " exceeds the file (truncated?)");
  try {
    meta_ = parse_parquet_footer(map_.data + map_.size - 8 - footer_len, footer_len);
  } catch (const std::runtime_error& e) {
    fail(std::string("corrupt footer: ") + e.what());
  }
  index_schema();
}

ParquetFile::Mapping::~Mapping() {
  if (data) ::munmap(const_cast<uint8_t*>(data), size);
}

void ParquetFile::fail(const std::string& what) const { throw ParquetError(path_ + ": " + what); }

void ParquetFile::index_schema() {
  const auto& s = meta_.schema;
  if (s.empty()) fail("corrupt footer: empty schema");
  children_.assign(s.size(), {});
  leaf_column_.assign(s.size(), 0);
  size_t leaf = 0;
  index_group(0, leaf, 0);
  for (const ParquetRowGroupMeta& g : meta_.row_groups)
    if (g.columns.size() != leaf)
      fail("corrupt footer: a row group has " + std::to_string(g.columns.size()) + " column chunks for " +
           std::to_string(leaf) + " schema leaves");
}

// The schema is a depth-first list; a group's children follow it, each with its own subtree.
// Returns the index just past the subtree of `at`.
size_t ParquetFile::index_group(size_t at, size_t& leaf, size_t depth) {
  const auto& s = meta_.schema;
  if (depth > 64) fail("corrupt footer: schema nested deeper than 64 levels");
  size_t i = at + 1;
  for (int32_t c = 0; c < s[at].num_children; ++c) {
    if (i >= s.size()) fail("corrupt footer: schema has fewer elements than its groups claim");
    children_[at].push_back(i);
    if (s[i].num_children > 0) {
      i = index_group(i, leaf, depth + 1);
    } else {
      leaf_column_[i] = leaf++;
      ++i;
    }
  }
  return i;
}

// A node a dotted path looks through: a LIST / MAP annotated group or a repeated node with one
// child (the 3-level `list` / `element` wrappers, the legacy 2-level `array`).
bool ParquetFile::is_list_wrapper(size_t node) const {
  const ParquetSchemaElement& e = meta_.schema[node];
  using C = ParquetConvertedType;
  const std::optional<C> c = e.converted_type;
  const bool annotated = e.logical_list || c == C::map || c == C::map_key_value || c == C::list;
  return node != 0 && children_[node].size() == 1 && (annotated || e.repetition == ParquetRepetition::repeated);
}

std::vector<size_t> ParquetFile::resolve(std::string_view name) const {
  auto child_named = [&](size_t node, std::string_view want) -> std::optional<size_t> {
    for (size_t c : children_[node])
      if (meta_.schema[c].name == want) return c;
    return std::nullopt;
  };
  if (auto top = child_named(0, name)) return {*top};
  std::vector<size_t> path;
  size_t node = 0;
  std::string_view rest = name;
  for (bool more = true; more;) {
    const size_t dot = rest.find('.');
    const std::string_view part = rest.substr(0, dot);
    more = dot != std::string_view::npos;
    if (more) rest.remove_prefix(dot + 1);
    while (is_list_wrapper(node)) path.push_back(node = children_[node][0]);
    const std::optional<size_t> next = child_named(node, part);
    if (!next) return {};
    path.push_back(node = *next);
  }
  return path;
}

void ParquetFile::collect_leaf_paths(size_t node, const std::string& prefix, std::vector<std::string>& out) const {
  while (is_list_wrapper(node)) node = children_[node][0];
  if (children_[node].empty()) {
    out.push_back(prefix);
    return;
  }
  for (size_t c : children_[node]) collect_leaf_paths(c, prefix + "." + meta_.schema[c].name, out);
}

std::vector<std::string> ParquetFile::column_names() const {
  std::vector<std::string> names;
  for (size_t c : children_[0]) names.push_back(meta_.schema[c].name);
  return names;
}

std::vector<std::string> ParquetFile::leaf_paths() const {
  std::vector<std::string> paths;
  for (size_t c : children_[0]) collect_leaf_paths(c, meta_.schema[c].name, paths);
  return paths;
}

bool ParquetFile::has_column(std::string_view name) const { return !resolve(name).empty(); }

ParquetColumnValues ParquetFile::read_column(std::string_view name) const {
  const std::string where = "column '" + std::string(name) + "'";
  std::vector<size_t> path = resolve(name);
  if (path.empty()) fail(where + ": no such column");
  const size_t named = path.size() - 1;  // the node `name` names; path[named - 1] holds it when a struct field
  // Down to the leaf through list wrappers; a struct must be read field by field.
  for (size_t node = path.back(); !children_[node].empty(); path.push_back(node)) {
    if (is_list_wrapper(node)) {
      node = children_[node][0];
      continue;
    }
    std::string fields, first;
    for (size_t c : children_[node]) {
      fields += (fields.empty() ? "" : ", ") + meta_.schema[c].name;
      if (first.empty()) first = meta_.schema[c].name;
    }
    fail(where + ": a struct (fields " + fields + "); read one field, as '" + std::string(name) + "." + first + "'");
  }

  LeafShape shape;
  size_t repeated_at = 0;
  for (size_t i = 0; i < path.size(); ++i) {
    const ParquetSchemaElement& e = meta_.schema[path[i]];
    if (e.repetition == ParquetRepetition::optional) ++shape.max_def;
    if (e.repetition == ParquetRepetition::repeated) {
      ++shape.max_def;
      ++shape.max_rep;
      shape.repeated_def = shape.max_def;
      repeated_at = i;
    }
    if (named > 0 && i == named - 1) shape.struct_def = shape.max_def;
  }
  if (shape.max_rep > 1) fail(where + ": lists of lists are not supported");
  if (shape.max_rep == 1 && named > 0 && repeated_at >= named)
    fail(where + ": a list inside a struct is not supported");
  const ParquetSchemaElement& leaf = meta_.schema[path.back()];
  if (!leaf.type) fail(where + ": corrupt schema (a leaf without a type)");
  if (*leaf.type == ParquetPhysical::int96) fail(where + ": physical type INT96 is not supported");

  ParquetColumnValues col;
  col.name = std::string(name);
  col.type = *leaf.type;
  col.is_list = shape.max_rep == 1;
  col.in_struct = named > 0;

  std::string page;       // decompressed page body, reused
  std::vector<uint32_t> defs, reps;
  for (size_t g = 0; g < meta_.row_groups.size(); ++g) {
    const ParquetColumnChunkMeta& chunk = meta_.row_groups[g].columns[leaf_column_[path.back()]];
    const std::string in_group = where + ", row group " + std::to_string(g);
    if (!parquet_codec_supported(chunk.codec))
      fail(in_group + ": compression codec " + parquet_codec_name(chunk.codec) + " is not supported");
    int64_t start = chunk.data_page_offset;
    // Some writers record dictionary_page_offset 0 for "none"; a real one precedes the data.
    if (chunk.dictionary_page_offset && *chunk.dictionary_page_offset >= 4 && *chunk.dictionary_page_offset < start)
      start = *chunk.dictionary_page_offset;
    if (start < 4 || uint64_t(start) >= map_.size - 8) fail(in_group + ": column chunk offset outside the file");
    size_t pos = size_t(start);
    const size_t end = map_.size - 8;  // page headers never run into the footer length and magic
    Dense dictionary;
    bool have_dictionary = false;
    int64_t levels_done = 0;
    try {
      while (levels_done < chunk.num_values) {
        if (pos >= end) throw std::runtime_error("column chunk runs past the end of the data");
        const ParquetPageHeader h = parse_parquet_page_header(map_.data + pos, end - pos);
        pos += h.header_size;
        if (h.compressed_size < 0 || h.uncompressed_size < 0 || size_t(h.compressed_size) > end - pos)
          throw std::runtime_error("page runs past the end of the file (truncated?)");
        const uint8_t* body = map_.data + pos;
        const size_t stored = size_t(h.compressed_size);
        pos += stored;
        if (h.type == ParquetPageType::index) continue;
        if (h.type == ParquetPageType::dictionary) {
          if (h.encoding != ParquetEncoding::plain && h.encoding != ParquetEncoding::plain_dictionary)
            throw std::runtime_error(std::string("dictionary page encoding ") + parquet_encoding_name(h.encoding) +
                                     " is not supported");
          parquet_decompress(chunk.codec, body, stored, size_t(h.uncompressed_size), page);
          Bytes in{reinterpret_cast<const uint8_t*>(page.data()), page.size()};
          dictionary = Dense{};
          decode_plain(in, col.type, leaf.type_length, size_t(std::max(h.num_values, 0)), dictionary);
          have_dictionary = true;
          continue;
        }
        if (h.type != ParquetPageType::data && h.type != ParquetPageType::data_v2)
          throw std::runtime_error("unknown page type " + std::to_string(int(h.type)));
        const size_t levels = size_t(std::max(h.num_values, 0));
        defs.clear();
        reps.clear();
        Bytes in{nullptr, 0};
        if (h.type == ParquetPageType::data) {
          parquet_decompress(chunk.codec, body, stored, size_t(h.uncompressed_size), page);
          in = Bytes{reinterpret_cast<const uint8_t*>(page.data()), page.size()};
          auto read_levels = [&](int max, ParquetEncoding encoding, std::vector<uint32_t>& out) {
            if (max == 0) return;
            if (encoding != ParquetEncoding::rle)
              throw std::runtime_error(std::string("level encoding ") + parquet_encoding_name(encoding) + " is not supported");
            const uint32_t len = in.u32();
            decode_rle_hybrid(in.take(len), len, bit_width_for(uint32_t(max)), levels, out);
          };
          read_levels(shape.max_rep, h.repetition_level_encoding, reps);
          read_levels(shape.max_def, h.definition_level_encoding, defs);
        } else {
          // v2: levels are stored uncompressed ahead of the (maybe compressed) values, no length prefix.
          const size_t rl = size_t(std::max(h.repetition_levels_byte_length, 0));
          const size_t dl = size_t(std::max(h.definition_levels_byte_length, 0));
          if (rl + dl > stored) throw std::runtime_error("v2 page levels exceed the page");
          if (shape.max_rep) decode_rle_hybrid(body, rl, bit_width_for(uint32_t(shape.max_rep)), levels, reps);
          if (shape.max_def) decode_rle_hybrid(body + rl, dl, bit_width_for(uint32_t(shape.max_def)), levels, defs);
          const size_t values_stored = stored - rl - dl;
          const size_t values_size = size_t(h.uncompressed_size) - std::min(size_t(h.uncompressed_size), rl + dl);
          if (h.v2_values_compressed) parquet_decompress(chunk.codec, body + rl + dl, values_stored, values_size, page);
          else page.assign(reinterpret_cast<const char*>(body + rl + dl), values_stored);
          in = Bytes{reinterpret_cast<const uint8_t*>(page.data()), page.size()};
        }
        size_t present = levels;
        if (shape.max_def) {
          present = 0;
          for (uint32_t d : defs) present += d == uint32_t(shape.max_def);
        }
        Dense values;
        decode_values(in, h.encoding, col.type, leaf.type_length, present, have_dictionary ? &dictionary : nullptr,
                      values);
        append_slots(shape, defs, reps, levels, values, col);
        levels_done += int64_t(levels);
      }
    } catch (const ParquetError&) {
      throw;
    } catch (const std::exception& e) {
      fail(in_group + ": " + e.what());
    }
  }
  if (col.is_list) col.offsets.push_back(uint32_t(col.valid.size()));
  if (int64_t(col.rows()) != meta_.num_rows)
    fail(where + ": " + std::to_string(col.rows()) + " rows read, the footer says " + std::to_string(meta_.num_rows));
  // DECIMAL (DuckDB writes `2000.0` so): the stored integers are scaled; read as the numbers they
  // stand for, never as the raw integers (a duration of 2000.0 is not 20000).
  if (leaf.converted_type == ParquetConvertedType::decimal) {
    if (!col.is_integer()) fail(where + ": DECIMAL stored as bytes is not supported (cast it to DOUBLE)");
    if (leaf.scale < 0 || leaf.scale > 38) fail(where + ": DECIMAL scale " + std::to_string(leaf.scale) + " is out of range");
    const double divisor = std::pow(10.0, leaf.scale);
    col.reals.reserve(col.ints.size());
    for (int64_t v : col.ints) col.reals.push_back(double(v) / divisor);
    col.ints.clear();
    col.type = ParquetPhysical::double_;
  }
  return col;
}

}  // namespace aiperf
