#pragma once
// A test-side protobuf field reader, independent of the writer under test: it splits one
// message into its (field, wire type, value) triples so tests can check what was encoded.
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf::testing {

struct ProtoField {
  uint32_t number = 0, wire_type = 0;
  uint64_t integer = 0;    // varint or fixed64 value
  std::string_view bytes;  // length-delimited value
  double as_double() const { return std::bit_cast<double>(integer); }
};

inline uint64_t read_proto_varint(std::string_view data, size_t& at) {
  uint64_t value = 0;
  for (int shift = 0; at < data.size() && shift < 64; shift += 7) {
    const uint8_t byte = uint8_t(data[at++]);
    value |= uint64_t(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return value;
  }
  throw std::runtime_error("truncated varint");
}

inline std::vector<ProtoField> proto_fields(std::string_view data) {
  std::vector<ProtoField> fields;
  size_t at = 0;
  while (at < data.size()) {
    const uint64_t key = read_proto_varint(data, at);
    ProtoField f{uint32_t(key >> 3), uint32_t(key & 7), 0, {}};
    if (f.wire_type == 0) {
      f.integer = read_proto_varint(data, at);
    } else if (f.wire_type == 1) {
      if (at + 8 > data.size()) throw std::runtime_error("truncated fixed64");
      for (int i = 0; i < 8; ++i) f.integer |= uint64_t(uint8_t(data[at + i])) << (8 * i);
      at += 8;
    } else if (f.wire_type == 2) {
      const uint64_t size = read_proto_varint(data, at);
      if (at + size > data.size()) throw std::runtime_error("truncated bytes");
      f.bytes = data.substr(at, size);
      at += size;
    } else {
      throw std::runtime_error("unexpected wire type");
    }
    fields.push_back(f);
  }
  return fields;
}

// The fields numbered `number`, in order.
inline std::vector<ProtoField> proto_fields(std::string_view data, uint32_t number) {
  std::vector<ProtoField> out;
  for (const ProtoField& f : proto_fields(data))
    if (f.number == number) out.push_back(f);
  return out;
}

}  // namespace aiperf::testing
