#include "common/uuid.h"

#include <cstdint>
#include <random>

namespace aiperf {

namespace {

// splitmix64: fast, good enough for identifiers (not for security).
uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

struct IdGenerator {
  uint64_t state;
  IdGenerator() : state((uint64_t(std::random_device{}()) << 32) ^ std::random_device{}()) {}
  uint64_t next() { return mix64(state += 0x9e3779b97f4a7c15ull); }
};

void format_bits(std::string& out, uint64_t hi, uint64_t lo, bool dashes) {
  hi = (hi & ~0xf000ull) | 0x4000ull;                          // version 4
  lo = (lo & ~(0xc000ull << 48)) | (0x8000ull << 48);          // RFC 4122 variant
  static constexpr char kHex[] = "0123456789abcdef";
  // Two ids per request on the worker thread: built in place, one assign, no per-char growth.
  char buf[36];
  size_t n = 0;
  for (int i = 0; i < 32; ++i) {
    if (dashes && (i == 8 || i == 12 || i == 16 || i == 20)) buf[n++] = '-';
    uint64_t word = i < 16 ? hi : lo;
    int shift = 60 - 4 * (i % 16);
    buf[n++] = kHex[(word >> shift) & 0xf];
  }
  out.assign(buf, n);
}

void format(std::string& out, bool dashes) {
  thread_local IdGenerator gen;
  const uint64_t hi = gen.next();
  format_bits(out, hi, gen.next(), dashes);
}

}  // namespace

std::string uuid4() {
  std::string out;
  format(out, true);
  return out;
}

void assign_uuid4(std::string& out) { format(out, true); }

void assign_keyed_uuid4(std::string& out, uint64_t run_key, uint64_t id) {
  // mix64 is a bijection: ids of one run clash no more often than random UUIDs.
  format_bits(out, mix64(run_key ^ id), mix64(~run_key + id * 0x9e3779b97f4a7c15ull), true);
}

std::string uuid4_hex() {
  std::string out;
  format(out, false);
  return out;
}

}  // namespace aiperf
