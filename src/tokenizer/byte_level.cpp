#include "tokenizer/byte_level.h"

#include <array>

#include "tokenizer/utf8.h"

namespace aiperf::byte_level {
namespace {

struct Tables {
  std::array<char32_t, 256> to_cp{};
  std::array<std::string, 256> to_utf8;
  std::array<int, 324> to_byte{};  // every mapped code point is below U+0144
};

Tables build() {
  Tables t;
  t.to_byte.fill(-1);
  char32_t next = 256;
  for (int b = 0; b < 256; ++b) {
    bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
    char32_t cp = printable ? char32_t(b) : next++;
    t.to_cp[b] = cp;
    t.to_byte[cp] = b;
    utf8::append(t.to_utf8[b], cp);
  }
  return t;
}

const Tables& tables() {
  static const Tables t = build();
  return t;
}

}  // namespace

char32_t code_point_for_byte(unsigned char b) { return tables().to_cp[b]; }

int byte_for_code_point(char32_t cp) {
  const auto& t = tables();
  return cp < t.to_byte.size() ? t.to_byte[cp] : -1;
}

void encode(std::string_view bytes, std::string& out) {
  const auto& t = tables();
  for (char c : bytes) out += t.to_utf8[static_cast<unsigned char>(c)];
}

bool decode(std::string_view mapped, std::string& out) {
  for (size_t i = 0; i < mapped.size();) {
    size_t len = utf8::valid_sequence_length(mapped, i);
    if (len == 0) return false;
    int b = byte_for_code_point(utf8::decode_at(mapped, i, len));
    if (b < 0) return false;
    out += static_cast<char>(b);
    i += len;
  }
  return true;
}

}  // namespace aiperf::byte_level
