#include "io/thrift_compact_writer.h"

#include <stdexcept>

namespace aiperf {

void append_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(char(uint8_t(v) | 0x80));
    v >>= 7;
  }
  out.push_back(char(v));
}

void ThriftCompactWriter::field_header(int16_t id, ThriftType type) {
  const int delta = id - last_id_[depth_];
  if (delta > 0 && delta <= 15) {
    out_.push_back(char((delta << 4) | int(type)));
  } else {
    out_.push_back(char(type));
    append_varint(out_, zigzag(id));
  }
  last_id_[depth_] = id;
}

void ThriftCompactWriter::field_i32(int16_t id, int32_t v) {
  field_header(id, ThriftType::i32);
  append_varint(out_, zigzag(v));
}

void ThriftCompactWriter::field_i64(int16_t id, int64_t v) {
  field_header(id, ThriftType::i64);
  append_varint(out_, zigzag(v));
}

// A bool field's value is its type nibble; no payload byte follows.
void ThriftCompactWriter::field_bool(int16_t id, bool v) {
  field_header(id, v ? ThriftType::bool_true : ThriftType::bool_false);
}

void ThriftCompactWriter::field_binary(int16_t id, std::string_view v) {
  field_header(id, ThriftType::binary);
  append_varint(out_, v.size());
  out_.append(v);
}

void ThriftCompactWriter::push() {
  if (depth_ + 1 >= kMaxDepth) throw std::logic_error("thrift structs nested too deep");
  last_id_[++depth_] = 0;
}

void ThriftCompactWriter::begin_struct(int16_t id) {
  field_header(id, ThriftType::struct_);
  push();
}

void ThriftCompactWriter::end_struct() {
  out_.push_back(0);
  --depth_;
}

void ThriftCompactWriter::begin_list(int16_t id, ThriftType element, size_t size) {
  field_header(id, ThriftType::list);
  if (size < 15) {
    out_.push_back(char((size << 4) | size_t(element)));
  } else {
    out_.push_back(char(0xF0 | int(element)));
    append_varint(out_, size);
  }
}

void ThriftCompactWriter::list_i32(int32_t v) { append_varint(out_, zigzag(v)); }

void ThriftCompactWriter::list_binary(std::string_view v) {
  append_varint(out_, v.size());
  out_.append(v);
}

void ThriftCompactWriter::begin_list_struct() { push(); }

}  // namespace aiperf
