#include "io/thrift_compact_reader.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace aiperf {

namespace {
int64_t unzigzag(uint64_t v) { return int64_t(v >> 1) ^ -int64_t(v & 1); }
}  // namespace

void ThriftCompactReader::fail(const char* what) const {
  throw std::runtime_error(std::string("malformed Thrift metadata at byte ") + std::to_string(pos_) + ": " + what);
}

uint8_t ThriftCompactReader::byte() {
  if (pos_ >= size_) fail("unexpected end");
  return data_[pos_++];
}

uint64_t ThriftCompactReader::varint() {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    const uint8_t b = byte();
    v |= uint64_t(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
  fail("varint longer than 10 bytes");
}

void ThriftCompactReader::begin_struct() {
  if (depth_ + 1 >= kMaxDepth) fail("structs nested too deep");
  last_id_[++depth_] = 0;
}

bool ThriftCompactReader::next_field(int16_t& id, ThriftType& type) {
  if (depth_ < 0) fail("field read outside a struct");
  const uint8_t b = byte();
  if (b == 0) {
    --depth_;
    return false;
  }
  type = ThriftType(b & 0x0F);
  const int delta = b >> 4;
  id = delta ? int16_t(last_id_[depth_] + delta) : int16_t(unzigzag(varint()));
  last_id_[depth_] = id;
  return true;
}

int32_t ThriftCompactReader::i32() { return int32_t(unzigzag(varint())); }
int64_t ThriftCompactReader::i64() { return unzigzag(varint()); }

double ThriftCompactReader::f64() {
  if (size_ - pos_ < 8) fail("unexpected end");
  double v;
  std::memcpy(&v, data_ + pos_, 8);  // little-endian on the wire, as on every target we build for
  pos_ += 8;
  return v;
}

std::string_view ThriftCompactReader::binary() {
  const uint64_t n = varint();
  if (n > size_ - pos_) fail("binary runs past the end");
  std::string_view v(reinterpret_cast<const char*>(data_ + pos_), size_t(n));
  pos_ += size_t(n);
  return v;
}

bool ThriftCompactReader::bool_element() { return byte() == 1; }

// Inside a list or map a bool is a whole byte, unlike a bool field.
void ThriftCompactReader::skip_element(ThriftType type) {
  if (type == ThriftType::bool_true || type == ThriftType::bool_false) byte();
  else skip(type);
}

ThriftListHeader ThriftCompactReader::list_header() {
  const uint8_t b = byte();
  uint64_t size = b >> 4;
  if (size == 15) size = varint();
  // Every element takes at least one byte, so a larger count is a corrupt header.
  if (size > size_ - pos_) fail("list longer than the metadata");
  return {ThriftType(b & 0x0F), uint32_t(size)};
}

void ThriftCompactReader::skip(ThriftType type) {
  switch (type) {
    case ThriftType::bool_true:
    case ThriftType::bool_false: return;  // field form: the value was the type nibble
    case ThriftType::i8: byte(); return;
    case ThriftType::i16:
    case ThriftType::i32:
    case ThriftType::i64: varint(); return;
    case ThriftType::double_: f64(); return;
    case ThriftType::binary: binary(); return;
    case ThriftType::list:
    case ThriftType::set: {
      const ThriftListHeader h = list_header();
      for (uint32_t i = 0; i < h.size; ++i) skip_element(h.element);
      return;
    }
    case ThriftType::map: {
      const uint64_t n = varint();
      if (n == 0) return;
      const uint8_t kv = byte();
      for (uint64_t i = 0; i < n; ++i) {
        skip_element(ThriftType(kv >> 4));
        skip_element(ThriftType(kv & 0x0F));
      }
      return;
    }
    case ThriftType::struct_: {
      begin_struct();
      int16_t id;
      ThriftType t;
      while (next_field(id, t)) skip(t);
      return;
    }
    case ThriftType::stop: break;
  }
  fail("unknown field type");
}

}  // namespace aiperf
