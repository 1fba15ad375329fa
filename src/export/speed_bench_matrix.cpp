#include "export/speed_bench_matrix.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// Column order: upstream's matrix lists SPEED-Bench's categories, then the literature sets.
constexpr const char* kCategoryOrder[] = {"coding",    "humanities", "math",          "multilingual", "qa",
                                          "rag",       "reasoning",  "roleplay",      "stem",         "summarization",
                                          "writing",   "gsm8k",      "math500",       "mtbench",      "humaneval",
                                          "mbpp"};

std::optional<double> metric_avg(const json& doc, const char* tag) {
  auto it = doc.find(tag);
  if (it == doc.end() || !it->is_object()) return std::nullopt;
  auto avg = it->find("avg");
  if (avg == it->end() || !avg->is_number()) return std::nullopt;
  return avg->get<double>();
}

// The run's total of a counter in server_metrics_export.json: the sum of its series' totals.
std::optional<double> counter_total(const json& server, const char* name) {
  const json* metrics = server.contains("metrics") ? &server["metrics"] : nullptr;
  if (!metrics || !metrics->contains(name)) return std::nullopt;
  double total = 0;
  bool any = false;
  for (const json& s : (*metrics)[name].value("series", json::array())) {
    const json stats = s.value("stats", json::object());
    if (stats.contains("total") && stats["total"].is_number()) {
      total += stats["total"].get<double>();
      any = true;
    }
  }
  return any ? std::optional<double>(total) : std::nullopt;
}

std::optional<double> gauge_avg(const json& server, const char* name) {
  const json* metrics = server.contains("metrics") ? &server["metrics"] : nullptr;
  if (!metrics || !metrics->contains(name)) return std::nullopt;
  for (const json& s : (*metrics)[name].value("series", json::array())) {
    const json stats = s.value("stats", json::object());
    if (stats.contains("avg") && stats["avg"].is_number()) return stats["avg"].get<double>();
  }
  return std::nullopt;
}

std::optional<double> cell_value(const SpeedBenchRun& r, SpeedBenchMetric metric) {
  switch (metric) {
    case SpeedBenchMetric::accept_length:
      if (r.accepted && r.steps && *r.steps > 0) return 1.0 + *r.accepted / *r.steps;
      return r.accept_length;
    case SpeedBenchMetric::accept_rate:
      if (r.accepted && r.drafted && *r.drafted > 0) return *r.accepted / *r.drafted;
      return std::nullopt;
    case SpeedBenchMetric::throughput:
      return r.throughput;
  }
  return std::nullopt;
}

// Pooled counts of `runs` (all must have them), or nullopt.
std::optional<double> pooled(const std::vector<const SpeedBenchRun*>& runs, SpeedBenchMetric metric) {
  if (metric == SpeedBenchMetric::throughput || runs.empty()) return std::nullopt;
  double accepted = 0, steps = 0, drafted = 0;
  for (const SpeedBenchRun* r : runs) {
    if (!r->accepted || !(metric == SpeedBenchMetric::accept_length ? r->steps : r->drafted)) return std::nullopt;
    accepted += *r->accepted;
    steps += r->steps.value_or(0);
    drafted += r->drafted.value_or(0);
  }
  if (metric == SpeedBenchMetric::accept_length) return steps > 0 ? std::optional<double>(1 + accepted / steps) : std::nullopt;
  return drafted > 0 ? std::optional<double>(accepted / drafted) : std::nullopt;
}

std::optional<double> mean_of(const std::vector<std::optional<double>>& values) {
  double sum = 0;
  int n = 0;
  for (const auto& v : values)
    if (v) {
      sum += *v;
      ++n;
    }
  return n ? std::optional<double>(sum / n) : std::nullopt;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::vector<fs::path> find_run_dirs(const fs::path& root) {
  std::vector<fs::path> dirs;
  std::error_code ec;
  if (fs::is_regular_file(root / "profile_export_aiperf.json", ec)) dirs.push_back(root);
  for (fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec))
    if (it->is_directory(ec) && fs::is_regular_file(it->path() / "profile_export_aiperf.json", ec))
      dirs.push_back(it->path());
  std::sort(dirs.begin(), dirs.end());
  dirs.erase(std::unique(dirs.begin(), dirs.end()), dirs.end());
  return dirs;
}

std::optional<SpeedBenchRun> read_speed_bench_run(const fs::path& dir, std::string& why) {
  std::ifstream in(dir / "profile_export_aiperf.json");
  json doc = json::parse(in, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    why = "profile_export_aiperf.json is not valid JSON";
    return std::nullopt;
  }
  const json config = doc.value("input_config", json::object());
  const std::string dataset = config.value("input", json::object()).value("public_dataset", "");
  SpeedBenchRun r;
  r.dir = dir;
  for (const char* prefix : {"speed_bench_", "spec_al_"})
    if (dataset.rfind(prefix, 0) == 0) r.category = dataset.substr(std::string(prefix).size());
  if (r.category.empty()) {
    why = dataset.empty() ? "not a --public-dataset run" : "--public-dataset " + dataset + " is not speed_bench_* or spec_al_*";
    return std::nullopt;
  }
  const json models = config.value("endpoint", json::object()).value("model_names", json::array());
  r.model = models.empty() || !models[0].is_string() ? "unknown" : models[0].get<std::string>();
  r.throughput = metric_avg(doc, "output_token_throughput");
  r.accepted = metric_avg(doc, "total_accepted_draft_tokens");
  r.steps = metric_avg(doc, "total_spec_decode_steps");
  r.drafted = metric_avg(doc, "total_draft_tokens");
  if (!r.accepted) {  // no per-request spec-decode data: the server's own counters
    std::ifstream sin(dir / "server_metrics_export.json");
    const json server = sin ? json::parse(sin, nullptr, false) : json();
    if (server.is_object()) {
      r.accepted = counter_total(server, "vllm:spec_decode_num_accepted_tokens");
      r.steps = counter_total(server, "vllm:spec_decode_num_drafts");
      r.drafted = counter_total(server, "vllm:spec_decode_num_draft_tokens");
      r.accept_length = gauge_avg(server, "sglang:spec_accept_length");
    }
  }
  return r;
}

SpeedBenchMatrix build_speed_bench_matrix(const std::vector<SpeedBenchRun>& runs, SpeedBenchMetric metric) {
  SpeedBenchMatrix m;
  std::vector<std::string> seen;
  for (const SpeedBenchRun& r : runs)
    if (std::find(seen.begin(), seen.end(), r.category) == seen.end()) seen.push_back(r.category);
  for (const char* c : kCategoryOrder)
    if (std::find(seen.begin(), seen.end(), c) != seen.end()) m.categories.push_back(c);
  std::vector<std::string> others;
  for (const std::string& c : seen)
    if (std::find(m.categories.begin(), m.categories.end(), c) == m.categories.end()) others.push_back(c);
  std::sort(others.begin(), others.end());
  m.categories.insert(m.categories.end(), others.begin(), others.end());

  std::vector<std::string> models;
  for (const SpeedBenchRun& r : runs)
    if (std::find(models.begin(), models.end(), r.model) == models.end()) models.push_back(r.model);
  for (const std::string& model : models) {
    SpeedBenchMatrix::Row row{model, {}, std::nullopt};
    std::vector<const SpeedBenchRun*> all;
    for (const std::string& category : m.categories) {
      std::vector<const SpeedBenchRun*> cell;
      for (const SpeedBenchRun& r : runs)
        if (r.model == model && r.category == category) cell.push_back(&r);
      all.insert(all.end(), cell.begin(), cell.end());
      std::optional<double> v = pooled(cell, metric);
      if (!v) {
        std::vector<std::optional<double>> values;
        for (const SpeedBenchRun* r : cell) values.push_back(cell_value(*r, metric));
        v = mean_of(values);
      }
      row.cells.push_back(v);
    }
    row.overall = pooled(all, metric);
    if (!row.overall) row.overall = mean_of(row.cells);
    m.rows.push_back(std::move(row));
  }
  return m;
}

std::string speed_bench_csv(const SpeedBenchMatrix& m) {
  std::string out = "Model";
  for (const std::string& c : m.categories) out += "," + csv_field(c);
  out += ",Overall\n";
  char buf[64];
  auto cell = [&](const std::optional<double>& v) {
    if (!v || !std::isfinite(*v)) return std::string();
    std::snprintf(buf, sizeof buf, "%.4f", *v);
    return std::string(buf);
  };
  for (const SpeedBenchMatrix::Row& r : m.rows) {
    out += csv_field(r.model);
    for (const auto& v : r.cells) out += "," + cell(v);
    out += "," + cell(r.overall) + "\n";
  }
  return out;
}

std::string speed_bench_title(SpeedBenchMetric metric) {
  switch (metric) {
    case SpeedBenchMetric::accept_length: return "Acceptance Length Report";
    case SpeedBenchMetric::accept_rate: return "Acceptance Rate Report";
    case SpeedBenchMetric::throughput: return "Output Throughput Report (tokens/sec)";
  }
  return "";
}

}  // namespace aiperf
