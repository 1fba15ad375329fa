#include "app/sweep_table.h"

#include <algorithm>
#include <cstdio>

namespace aiperf {
namespace {

std::string stat(const TrialRecord* r, const char* tag, const char* key) {
  if (!r || !r->summary) return "-";
  const auto m = r->summary->find(tag);
  if (m == r->summary->end() || !m->is_object() || !m->contains(key) || !(*m)[key].is_number()) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", (*m)[key].get<double>());
  return buf;
}

}  // namespace

std::string sweep_table(const std::vector<SweepTableRow>& rows, bool with_verdict) {
  std::vector<std::string> header = {"Variation", "Trial", "Status", "Req/s", "Out tok/s", "TTFT p99 ms",
                                     "Latency p99 ms", "Errors"};
  if (with_verdict) header.push_back("SLA");
  std::vector<std::vector<std::string>> cells;
  for (const SweepTableRow& row : rows) {
    const TrialRecord* r = row.record;
    std::vector<std::string> c = {row.variation,
                                  row.trial,
                                  !r ? "pending" : r->ok() ? "ok" : r->interrupted ? "interrupted" : "failed",
                                  stat(r, "request_throughput", "avg"),
                                  stat(r, "output_token_throughput", "avg"),
                                  stat(r, "time_to_first_token", "p99"),
                                  stat(r, "request_latency", "p99"),
                                  stat(r, "error_request_count", "avg")};
    if (c.back() == "-" && r && r->ok()) c.back() = "0";
    if (with_verdict) c.push_back(row.verdict.empty() ? "-" : row.verdict);
    cells.push_back(std::move(c));
  }
  std::vector<size_t> width(header.size());
  for (size_t i = 0; i < header.size(); ++i) {
    width[i] = header[i].size();
    for (const auto& c : cells) width[i] = std::max(width[i], c[i].size());
  }
  auto line = [&](const std::vector<std::string>& c) {
    std::string out;
    for (size_t i = 0; i < c.size(); ++i) {
      const std::string pad(width[i] - c[i].size(), ' ');
      out += (i ? "  " : "") + (i < 3 ? c[i] + pad : pad + c[i]);  // names left, numbers right
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };
  std::string out = line(header);
  size_t total = 0;
  for (size_t w : width) total += w + 2;
  out += std::string(total - 2, '-') + "\n";
  for (const auto& c : cells) out += line(c);
  return out;
}

}  // namespace aiperf
