#include "plot/goodput_encoding.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace aiperf::plot {
namespace {

int64_t ceil_div_1000(int64_t v) {
  const int64_t q = v / 1000, r = v % 1000;
  return r > 0 ? q + 1 : q;  // C++ truncates toward zero: only a positive remainder rounds up
}

uint64_t zigzag(int64_t v) { return (uint64_t(v) << 1) ^ uint64_t(v >> 63); }
int64_t unzigzag(uint64_t v) { return int64_t(v >> 1) ^ -int64_t(v & 1); }

void put_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(char(uint8_t(v) | 0x80));
    v >>= 7;
  }
  out.push_back(char(v));
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= bytes_.size()) throw std::runtime_error("goodput data: truncated varint");
      const uint8_t b = uint8_t(bytes_[pos_++]);
      v |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    throw std::runtime_error("goodput data: varint longer than 64 bits");
  }
  bool done() const { return pos_ == bytes_.size(); }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

}  // namespace

std::optional<int64_t> goodput_rank(double ms) {
  if (!std::isfinite(ms)) return std::nullopt;
  const double ns = ms * 1e6;
  int64_t n = std::llround(ns);
  // TTFT is a whole number of ns, but ITL is a quotient, (latency - TTFT) / (OSL - 1), and may
  // lie strictly between two whole ns; the export and the read-back move a value by a few ulps
  // only, so farther than that from n it is a fraction, which compares as the whole ns above it
  // against any threshold (T(S) is within an ulp of a whole ns) and is never a whole µs.
  const double off = ns - double(n);
  const bool fraction = std::abs(off) > std::abs(ns) * 4e-16;
  if (fraction && off > 0) ++n;
  const int64_t c = ceil_div_1000(n);
  const bool whole_us = !fraction && n % 1000 == 0;
  return 2 * c - (whole_us ? 0 : 1);
}

int64_t goodput_rank_limit(int64_t slo_us) {
  // Spelt as --goodput's parsing and resolve_goodput spell it: the "ms" value, times 1e6.
  const double threshold_ns = double(slo_us) / 1000 * 1e6;
  return threshold_ns >= double(slo_us * 1000) ? 2 * slo_us : 2 * slo_us - 1;
}

GoodputColumns goodput_columns(const RequestTable& t) {
  GoodputColumns c;
  struct Row {
    int64_t ttft;
    std::optional<int64_t> itl;
  };
  std::vector<Row> rows;
  rows.reserve(t.size());
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t.failed(i)) {
      ++c.errors;
      continue;
    }
    const std::optional<int64_t> ttft = goodput_rank(t.ttft_ms[i]);
    if (!ttft) {
      ++c.without_ttft;
      continue;
    }
    rows.push_back({*ttft, goodput_rank(t.itl_ms[i])});
  }
  // ITL as the tie-break makes the order (and so the file) a function of the values alone.
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    if (a.ttft != b.ttft) return a.ttft < b.ttft;
    return a.itl.value_or(INT64_MIN) < b.itl.value_or(INT64_MIN);
  });
  c.ttft.reserve(rows.size());
  c.itl.reserve(rows.size());
  for (const Row& r : rows) c.ttft.push_back(r.ttft), c.itl.push_back(r.itl);
  return c;
}

std::string encode_goodput_columns(const GoodputColumns& c) {
  if (c.ttft.size() != c.itl.size()) throw std::invalid_argument("goodput columns differ in length");
  if (!std::is_sorted(c.ttft.begin(), c.ttft.end()))
    throw std::invalid_argument("goodput columns: TTFT not sorted");
  std::string out;
  out.reserve(c.ttft.size() * 4 + 16);
  put_varint(out, 2);
  put_varint(out, c.ttft.size());
  put_varint(out, c.without_ttft);
  put_varint(out, c.errors);
  for (std::size_t i = 0; i < c.ttft.size(); ++i)
    put_varint(out, i == 0 ? zigzag(c.ttft[0]) : uint64_t(c.ttft[i] - c.ttft[i - 1]));
  for (const std::optional<int64_t>& itl : c.itl) put_varint(out, itl ? zigzag(*itl) + 1 : 0);
  return out;
}

GoodputColumns decode_goodput_columns(std::string_view bytes) {
  Reader r(bytes);
  if (r.varint() != 2) throw std::runtime_error("goodput data: unknown version");
  GoodputColumns c;
  const uint64_t n = r.varint();
  if (n > bytes.size()) throw std::runtime_error("goodput data: count exceeds the data");
  c.without_ttft = r.varint();
  c.errors = r.varint();
  c.ttft.resize(n);
  for (uint64_t i = 0; i < n; ++i)
    c.ttft[i] = i == 0 ? unzigzag(r.varint()) : c.ttft[i - 1] + int64_t(r.varint());
  c.itl.resize(n);
  for (uint64_t i = 0; i < n; ++i) {
    const uint64_t code = r.varint();
    if (code != 0) c.itl[i] = unzigzag(code - 1);
  }
  if (!r.done()) throw std::runtime_error("goodput data: trailing bytes");
  return c;
}

}  // namespace aiperf::plot
