#include "plot/run_artifacts.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <unordered_map>

#include <simdjson.h>

namespace aiperf::plot {
namespace {

namespace fs = std::filesystem;
constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

// Display units to the ones the table keeps (ms for times); counts pass through.
double to_table_unit(double value, std::string_view unit) {
  if (unit == "ns") return value / 1e6;
  if (unit == "us") return value / 1e3;
  if (unit == "s" || unit == "sec") return value * 1e3;
  return value;
}

double metric_value(simdjson::dom::object metrics, std::string_view tag) {
  simdjson::dom::object m;
  if (metrics[tag].get(m)) return kNoValue;
  double v;
  if (m["value"].get(v)) return kNoValue;  // lists (inter_chunk_latency) and nulls are not plotted
  std::string_view unit;
  if (m["unit"].get(unit)) unit = {};
  return to_table_unit(v, unit);
}

int64_t int_field(simdjson::dom::object o, std::string_view key) {
  int64_t v = 0;
  if (o[key].get(v)) {
    uint64_t u = 0;
    if (!o[key].get(u)) v = int64_t(u);
  }
  return v;
}

std::string_view string_field(simdjson::dom::object o, std::string_view key) {
  std::string_view s;
  if (o[key].get(s)) return {};
  return s;
}

std::string error_text(simdjson::dom::object e) {
  std::string text;
  int64_t code = 0;
  if (!e["code"].get(code)) text = std::to_string(code) + " ";
  std::string_view type = string_field(e, "type");
  if (!type.empty()) text.append(type).append(": ");
  text.append(string_field(e, "message"));
  return text;
}

}  // namespace

RequestTable read_request_table(const fs::path& jsonl) {
  std::ifstream in(jsonl, std::ios::binary);
  if (!in) throw std::runtime_error(jsonl.string() + ": cannot be read");
  RequestTable t;
  std::unordered_map<std::string, uint32_t> error_ids;
  simdjson::dom::parser parser;
  std::string line;
  size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto bad = [&](const std::string& why) {
      return std::runtime_error(jsonl.string() + ":" + std::to_string(number) + ": " + why);
    };
    const size_t length = line.size();
    line.resize(length + simdjson::SIMDJSON_PADDING);  // parse in place, no copy per line
    simdjson::dom::element doc;
    if (auto e = parser.parse(line.data(), length, false).get(doc))
      throw bad(std::string("not JSON (") + simdjson::error_message(e) + ")");
    simdjson::dom::object record, meta, metrics;
    if (doc.get(record) || record["metadata"].get(meta)) throw bad("not a profile_export.jsonl record (no \"metadata\")");
    const std::string_view phase = string_field(meta, "benchmark_phase");
    if (!phase.empty() && phase != "profiling") continue;
    if (record["metrics"].get(metrics)) metrics = simdjson::dom::object();
    t.start_ns.push_back(int_field(meta, "request_start_ns"));
    t.end_ns.push_back(int_field(meta, "request_end_ns"));
    t.turn_index.push_back(int32_t(int_field(meta, "turn_index")));
    t.request_id.push_back(string_field(meta, "x_request_id"));
    t.conversation_id.push_back(string_field(meta, "conversation_id"));
    const bool has_metrics = record["metrics"].error() == simdjson::SUCCESS;
    t.ttft_ms.push_back(has_metrics ? metric_value(metrics, "time_to_first_token") : kNoValue);
    t.itl_ms.push_back(has_metrics ? metric_value(metrics, "inter_token_latency") : kNoValue);
    t.latency_ms.push_back(has_metrics ? metric_value(metrics, "request_latency") : kNoValue);
    t.isl.push_back(has_metrics ? metric_value(metrics, "input_sequence_length") : kNoValue);
    t.osl.push_back(has_metrics ? metric_value(metrics, "output_sequence_length") : kNoValue);
    simdjson::dom::object error;
    if (record["error"].get(error)) {
      t.error.push_back(0);
    } else {
      std::string text = error_text(error);
      auto [it, added] = error_ids.try_emplace(text, uint32_t(t.error_messages.size() + 1));
      if (added) t.error_messages.push_back(std::move(text));
      t.error.push_back(it->second);
    }
  }
  return t;
}

RunArtifacts read_run(const fs::path& dir, bool with_requests) {
  RunArtifacts run;
  run.dir = dir;
  run.name = fs::absolute(dir).lexically_normal().filename().string();
  if (run.name.empty()) run.name = fs::absolute(dir).lexically_normal().parent_path().filename().string();
  const fs::path summary = dir / "profile_export_aiperf.json";
  const fs::path records = dir / "profile_export.jsonl";
  const bool has_summary = fs::is_regular_file(summary);
  const bool has_records = fs::is_regular_file(records);
  if (!has_summary && !has_records)
    throw std::runtime_error(dir.string() + ": holds neither profile_export_aiperf.json nor profile_export.jsonl "
                             "(plots read the default export names)");
  if (has_summary) {
    std::ifstream in(summary);
    try {
      run.summary = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {
      throw std::runtime_error(summary.string() + ": not JSON (" + e.what() + ")");
    }
  }
  if (with_requests && has_records) run.requests = read_request_table(records);
  if (fs::is_regular_file(dir / "profile_export_aiperf_timeslices.json"))
    run.timeslices_json = dir / "profile_export_aiperf_timeslices.json";
  if (fs::is_regular_file(dir / "gpu_telemetry_export.jsonl"))
    run.gpu_telemetry_jsonl = dir / "gpu_telemetry_export.jsonl";
  return run;
}

std::optional<double> summary_stat(const nlohmann::json& summary, const std::string& tag, const std::string& stat) {
  if (!summary.is_object()) return std::nullopt;
  auto m = summary.find(tag);
  if (m == summary.end() || !m->is_object()) return std::nullopt;
  auto v = m->find(stat);
  if (v == m->end() || !v->is_number()) return std::nullopt;
  return v->get<double>();
}

}  // namespace aiperf::plot
