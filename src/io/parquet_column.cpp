#include "io/parquet_column.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#include "io/rle_hybrid_levels.h"

namespace aiperf {
namespace {

static_assert(std::endian::native == std::endian::little, "PLAIN values are written as in memory");

template <typename T>
void append_raw(std::string& out, T v) {
  char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  out.append(bytes, sizeof v);
}

}  // namespace

ParquetColumn::ParquetColumn(ParquetColumnSpec spec, ParquetDictionaryLimits limits)
    : spec_(std::move(spec)), limits_(limits) {
  const ParquetPhysical t = spec_.type;
  if (t != ParquetPhysical::boolean && t != ParquetPhysical::int64 && t != ParquetPhysical::double_ &&
      t != ParquetPhysical::byte_array)
    throw std::logic_error("parquet column " + spec_.name + ": the writer cannot write " + parquet_physical_name(t));
  if ((spec_.utf8 || spec_.dictionary) && t != ParquetPhysical::byte_array)
    throw std::logic_error("parquet column " + spec_.name + ": utf8 / dictionary need byte_array, not " +
                           parquet_physical_name(t));
}

void ParquetColumn::null() {
  if (!spec_.nullable) throw std::logic_error("null written to required parquet column " + spec_.name);
  levels_.push_back(0);
}

void ParquetColumn::int64(int64_t v) {
  present();
  append_raw(values_, v);
}

void ParquetColumn::double_(double v) {
  present();
  append_raw(values_, v);
}

void ParquetColumn::string(std::string_view v) {
  if (spec_.dictionary && !plain_fallback_ && dictionary_takes(v)) return;
  present();
  append_raw(values_, uint32_t(v.size()));
  values_.append(v);
}

// Records `v` as a dictionary index; false (and the switch to PLAIN) when the dictionary
// would outgrow its limits.
bool ParquetColumn::dictionary_takes(std::string_view v) {
  uint32_t id = 0;
  if (auto it = dict_ids_.find(v); it != dict_ids_.end()) {
    id = it->second;
  } else if (dict_ids_.size() < limits_.max_entries && dict_values_.size() + 4 + v.size() <= limits_.max_bytes) {
    id = uint32_t(dict_ids_.size());
    dict_ids_.emplace(std::string(v), id);
    append_raw(dict_values_, uint32_t(v.size()));
    dict_values_.append(v);
  } else {
    seal_dictionary_rows();
    return false;
  }
  present();
  indices_.push_back(id);
  return true;
}

// Encodes the rows so far as an RLE_DICTIONARY page body (levels, one byte of bit width,
// the hybrid-encoded indices); later rows of this row group go to the PLAIN page.
void ParquetColumn::seal_dictionary_rows() {
  plain_fallback_ = true;
  if (dict_ids_.empty()) return;  // nothing but nulls yet: they stay in the PLAIN page
  dict_rows_ = int32_t(rows());
  dict_rows_page_.clear();
  append_levels(dict_rows_page_);
  // At least one bit: a one-entry dictionary's width would be 0, which some readers reject.
  const int width = std::max(1, int(std::bit_width(dict_ids_.size() - 1)));
  dict_rows_page_.push_back(char(width));
  append_rle_hybrid(dict_rows_page_, indices_.data(), indices_.size(), width);
  indices_.clear();
}

// v1 data pages start with the definition levels; this hands the rows over to a page.
void ParquetColumn::append_levels(std::string& out) {
  if (spec_.nullable) append_levels_v1(out, levels_.data(), levels_.size(), 1);
  levels_.clear();
  rows_ = 0;
}

// PLAIN booleans: one bit each, LSB first.
void ParquetColumn::boolean(bool v) {
  present();
  if (bool_count_ % 8 == 0) values_.push_back(0);
  if (v) values_.back() = char(uint8_t(values_.back()) | (1u << (bool_count_ % 8)));
  ++bool_count_;
}

void ParquetColumn::take_pages(std::vector<ParquetPage>& out) {
  out.clear();
  if (spec_.dictionary && !plain_fallback_) seal_dictionary_rows();
  if (dict_rows_ > 0) {
    dict_page_.swap(dict_values_);
    out.push_back({true, ParquetEncoding::plain, int32_t(dict_ids_.size()), dict_page_});
    out.push_back({false, ParquetEncoding::rle_dictionary, dict_rows_, dict_rows_page_});
  }
  if (rows() > 0 || out.empty()) {
    const auto n = int32_t(rows());
    plain_page_.clear();
    append_levels(plain_page_);
    plain_page_.append(values_);
    out.push_back({false, ParquetEncoding::plain, n, plain_page_});
  }
  values_.clear();
  bool_count_ = 0;
  dict_ids_.clear();
  dict_values_.clear();
  indices_.clear();
  plain_fallback_ = false;
  dict_rows_ = 0;
}

}  // namespace aiperf
