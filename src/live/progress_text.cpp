#include "live/progress_text.h"

#include <algorithm>
#include <cstdio>

#include "live/canvas.h"
#include "live/live_format.h"

namespace aiperf {

namespace {

std::string stat_text(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

}  // namespace

std::string progress_line(const std::string& name, const PhaseProgressView& p, double rate,
                          std::optional<double> eta_s, int width, bool utf8) {
  std::string head = name + ": " + format_count(p.completed);
  if (p.request_target) head += "/" + format_count(uint64_t(*p.request_target));
  std::string tail = "[" + format_clock(p.elapsed_s);
  if (p.duration_s) tail += "/" + format_clock(*p.duration_s);
  else if (!p.finished) tail += "<" + format_clock(eta_s);
  tail += ", " + format_rate(rate) + " req/s";
  if (p.errors > 0) tail += ", " + format_count(p.errors) + (p.errors == 1 ? " error" : " errors");
  tail += "]";
  const std::optional<double> f = p.fraction();
  if (!f) return head + " " + tail;
  const std::string pct = format_percent(*f);
  const int bar_w = std::min(30, width - int(decode_utf8(head).size() + pct.size() + tail.size()) - 5);
  std::string bar;
  if (bar_w >= 5) {
    const int done = int(*f * bar_w + 1e-9);
    bar = " |";
    for (int i = 0; i < bar_w; ++i) bar += i < done ? (utf8 ? "█" : "#") : (utf8 ? "░" : " ");
    bar += "|";
  }
  return head + bar + " " + pct + " " + tail;
}

std::string realtime_block(const LiveMetricsSnapshot& snap, double elapsed_s, const std::string& phase) {
  const RunSummary& s = snap.summary;
  auto find = [&](const char* tag) { return s.find(tag); };
  std::string out = "[realtime " + format_clock(elapsed_s) + " " + phase + "]";
  double req_rate = 0, in_tps = 0, out_tps = 0;
  if (const MetricResult* m = find("request_throughput")) req_rate = m->avg;
  if (const MetricResult* m = find("output_token_throughput")) out_tps = m->avg;
  if (const MetricResult* m = find("input_sequence_length"); m && snap.span_s > 0) in_tps = m->sum / snap.span_s;
  out += " " + format_rate(req_rate) + " req/s · in " + format_rate(in_tps) + " tok/s · out " + format_rate(out_tps) +
         " tok/s · done " + format_count(uint64_t(s.valid_count + s.error_count)) + " ok " +
         format_count(uint64_t(s.valid_count)) + " err " + format_count(uint64_t(s.error_count)) + "\n";
  static const std::pair<const char*, const char*> kRows[] = {
      {"time_to_first_token", "ttft"},       {"inter_token_latency", "itl"},
      {"request_latency", "e2e latency"},    {"output_token_throughput_per_user", "tps/user"},
      {"input_sequence_length", "isl"},      {"output_sequence_length", "osl"}};
  for (const auto& [tag, label] : kRows) {
    const MetricResult* m = find(tag);
    if (!m || !m->distribution) continue;
    char name[32];
    std::snprintf(name, sizeof name, "  %-13s", label);
    out += std::string(name) + "avg " + stat_text(m->avg) + "  p50 " + stat_text(m->p50.value_or(0)) + "  p90 " +
           stat_text(m->p90.value_or(0)) + "  p99 " + stat_text(m->p99.value_or(0)) + " " + m->unit + "\n";
  }
  return out;
}

}  // namespace aiperf
