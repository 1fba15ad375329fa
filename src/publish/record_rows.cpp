#include "publish/record_rows.h"

#include <simdjson.h>

#include <fstream>
#include <stdexcept>

namespace aiperf {
namespace {

int64_t record_int(simdjson::dom::element e) {
  int64_t v = 0;
  if (!e.get(v)) return v;
  uint64_t u = 0;
  if (!e.get(u)) return int64_t(u);
  return 0;
}

enum class LineKind { profiling, other_phase, not_a_record };

LineKind parse_row(simdjson::dom::element line, RecordRow& row) {
  simdjson::dom::object record;
  if (line.get(record)) return LineKind::not_a_record;
  simdjson::dom::object meta;
  if (!record["metadata"].get(meta)) {
    std::string_view phase;
    if (!meta["benchmark_phase"].get(phase) && phase != "profiling") return LineKind::other_phase;
    row.session_num = record_int(meta["session_num"].value_unsafe());
    if (auto e = meta["request_start_ns"]; !e.error()) row.start_ns = record_int(e.value_unsafe());
    if (auto e = meta["request_end_ns"]; !e.error()) row.end_ns = record_int(e.value_unsafe());
    bool cancelled = false;
    if (!meta["was_cancelled"].get(cancelled)) row.cancelled = cancelled;
  }
  simdjson::dom::object error;
  if (!record["error"].get(error)) {
    row.failed = true;
    if (auto code = error["code"]; !code.error()) row.error_code = record_int(code.value_unsafe());
    if (error["type"].get(row.error_type)) row.error_type = {};
  }
  simdjson::dom::object metrics;
  if (record["metrics"].get(metrics)) return LineKind::profiling;
  for (auto [tag, metric] : metrics) {
    simdjson::dom::object m;
    if (metric.get(m)) continue;
    std::string_view unit;
    if (m["unit"].get(unit)) unit = {};
    simdjson::dom::element value;
    if (m["value"].get(value)) continue;
    double number = 0;
    if (!value.get(number)) {
      row.values.push_back({tag, unit, number});
      continue;
    }
    simdjson::dom::array list;
    if (value.get(list)) continue;
    for (simdjson::dom::element item : list)
      if (!item.get(number)) row.values.push_back({tag, unit, number});
  }
  return LineKind::profiling;
}

}  // namespace

std::optional<double> RecordRow::value(std::string_view tag) const {
  for (const RecordValue& v : values)
    if (v.tag == tag) return v.value;
  return std::nullopt;
}

void for_each_record(const std::filesystem::path& jsonl, const std::function<void(const RecordRow&)>& visit,
                     size_t* skipped) {
  std::ifstream in(jsonl, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + jsonl.string());
  simdjson::dom::parser parser;
  std::string line;
  RecordRow row;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    row = RecordRow{};
    simdjson::dom::element doc;
    const LineKind kind = parser.parse(line).get(doc) ? LineKind::not_a_record : parse_row(doc, row);
    if (kind == LineKind::profiling) visit(row);
    if (kind == LineKind::not_a_record && skipped) ++*skipped;
  }
}

}  // namespace aiperf
