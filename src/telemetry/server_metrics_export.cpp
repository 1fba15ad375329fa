#include "telemetry/server_metrics_export.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "export/csv_summary.h"
#include "export/json_summary.h"

namespace aiperf {

namespace {

using ojson = nlohmann::ordered_json;

ojson number(double v) { return std::isfinite(v) ? ojson(v) : ojson(nullptr); }

ojson labels_json(const PromLabels& labels) {
  ojson o = ojson::object();
  for (const auto& [k, v] : labels) o[k] = v;
  return o;
}

ojson endpoint_info(const ScrapeEndpoint& e, const ClockAnchor& a) {
  ojson o;
  o["total_fetches"] = e.fetches;
  o["first_fetch_ns"] = e.first_fetch_ns ? ojson(a.to_wall(e.first_fetch_ns)) : ojson(nullptr);
  o["last_fetch_ns"] = e.last_fetch_ns ? ojson(a.to_wall(e.last_fetch_ns)) : ojson(nullptr);
  o["avg_fetch_latency_ms"] = e.fetches ? number(double(e.fetch_latency_ns_total) / double(e.fetches) / 1e6) : ojson(nullptr);
  o["unique_updates"] = int64_t(e.update_ns.size());
  if (!e.update_ns.empty()) {
    o["first_update_ns"] = a.to_wall(e.update_ns.front());
    o["last_update_ns"] = a.to_wall(e.update_ns.back());
    o["duration_seconds"] = double(e.update_ns.back() - e.update_ns.front()) / 1e9;
  } else {
    o["first_update_ns"] = o["last_update_ns"] = o["duration_seconds"] = nullptr;
  }
  if (e.update_ns.size() >= 2) {
    std::vector<double> gaps;
    for (size_t i = 1; i < e.update_ns.size(); ++i) gaps.push_back(double(e.update_ns[i] - e.update_ns[i - 1]) / 1e6);
    double sum = 0;
    for (double g : gaps) sum += g;
    std::sort(gaps.begin(), gaps.end());
    const size_t n = gaps.size();
    o["avg_update_interval_ms"] = sum / double(n);
    o["median_update_interval_ms"] = n % 2 ? gaps[n / 2] : (gaps[n / 2 - 1] + gaps[n / 2]) / 2;
  } else {
    o["avg_update_interval_ms"] = o["median_update_interval_ms"] = nullptr;
  }
  o["failed_fetches"] = e.failures;
  return o;
}

// The series' statistics per §9.2, or null when no sample counts.
ojson series_stats(const MetricSeries& s, const ScrapeWindow& w, ojson& buckets) {
  ojson stats = ojson::object();
  if (s.type == PromType::counter) {
    const auto c = counter_stats(s, w);
    if (!c) return nullptr;
    stats["total"] = number(c->total);
    stats["rate"] = number(c->rate);
    if (c->resets) stats["resets"] = c->resets;
  } else if (s.type == PromType::histogram) {
    const auto h = histogram_stats(s, w);
    if (!h) return nullptr;
    stats["count"] = number(h->count);
    stats["sum"] = number(h->sum);
    stats["avg"] = h->count > 0 ? number(h->avg) : ojson(nullptr);
    stats["count_rate"] = number(h->count_rate);
    stats["sum_rate"] = number(h->sum_rate);
    for (const auto& [q, v] : h->estimates) stats["p" + std::to_string(q) + "_estimate"] = number(v);
    if (h->resets) stats["resets"] = h->resets;
    buckets = ojson::object();
    for (const auto& [bound, n] : h->buckets) buckets[bucket_bound_text(bound)] = number(n);
  } else {
    const auto g = gauge_stats(s, w);
    if (!g) return nullptr;
    stats["avg"] = number(g->avg);
    stats["min"] = number(g->min);
    stats["max"] = number(g->max);
    stats["std"] = number(g->std);
    for (size_t i = 0; i < kPercentiles.size(); ++i) stats["p" + std::to_string(int(kPercentiles[i]))] = number(g->p[i]);
  }
  return stats;
}

// --slice-duration (§9.2): per slice, gauges {avg, min, max}, counters {total, rate}, histograms
// {count, sum, avg, buckets}; counters also get rate_avg/min/max/std over the slices' rates. A
// slice without a sample that counts is left out.
ojson series_slices(const MetricSeries& s, const ScrapeWindow& w, double slice_s, const ClockAnchor& a,
                    ojson& stats) {
  ojson slices = ojson::array();
  std::vector<double> rates;
  const int64_t step = int64_t(slice_s * 1e9);
  const int64_t profiling_end = w.start_ns + int64_t(w.seconds * 1e9);
  for (int64_t from = w.start_ns; step > 0 && from < profiling_end; from += step) {
    const int64_t to = std::min(from + step, profiling_end);
    // The last slice also takes the final scrape that closes the window.
    const ScrapeWindow sw{from, to == profiling_end ? w.end_ns : to - 1, double(to - from) / 1e9};
    ojson e = {{"start_ns", a.to_wall(from)}, {"end_ns", a.to_wall(to)}};
    if (s.type == PromType::counter) {
      const auto c = counter_stats(s, sw);
      if (!c) continue;
      e["total"] = number(c->total);
      e["rate"] = number(c->rate);
      rates.push_back(c->rate);
    } else if (s.type == PromType::histogram) {
      const auto h = histogram_stats(s, sw);
      if (!h) continue;
      e["count"] = number(h->count);
      e["sum"] = number(h->sum);
      e["avg"] = h->count > 0 ? number(h->avg) : ojson(nullptr);
      ojson b = ojson::object();
      for (const auto& [bound, n] : h->buckets) b[bucket_bound_text(bound)] = number(n);
      e["buckets"] = std::move(b);
    } else {
      std::optional<double> lo, hi;
      double sum = 0;
      int n = 0;
      for (size_t i = 0; i < s.t_ns.size(); ++i)
        if (s.t_ns[i] >= sw.start_ns && s.t_ns[i] <= sw.end_ns && std::isfinite(s.value[i])) {
          sum += s.value[i];
          lo = std::min(lo.value_or(s.value[i]), s.value[i]);
          hi = std::max(hi.value_or(s.value[i]), s.value[i]);
          ++n;
        }
      if (n == 0) continue;
      e["avg"] = number(sum / n);
      e["min"] = number(*lo);
      e["max"] = number(*hi);
    }
    slices.push_back(std::move(e));
  }
  if (!rates.empty()) {
    double sum = 0;
    for (double r : rates) sum += r;
    const double avg = sum / double(rates.size());
    double sq = 0;
    for (double r : rates) sq += (r - avg) * (r - avg);
    stats["rate_avg"] = number(avg);
    stats["rate_min"] = number(*std::min_element(rates.begin(), rates.end()));
    stats["rate_max"] = number(*std::max_element(rates.begin(), rates.end()));
    stats["rate_std"] = number(rates.size() > 1 ? std::sqrt(sq / double(rates.size() - 1)) : 0.0);
  }
  return slices;
}

std::string cell(const ojson& v) {
  if (v.is_null()) return "";
  if (v.is_number()) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4f", v.get<double>());
    return buf;
  }
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

}  // namespace

ojson server_metrics_json(const std::vector<std::unique_ptr<ScrapeEndpoint>>& endpoints, const ScrapeWindow& window,
                          const ServerMetricsReportInfo& info) {
  ojson doc;
  doc["schema_version"] = "1.0";
  doc["aiperf_version"] = AIPERF_VERSION;
  doc["benchmark_id"] = info.benchmark_id;
  ojson configured = ojson::array(), successful = ojson::array(), per_endpoint = ojson::object();
  for (const auto& e : endpoints) {
    configured.push_back(e->display_url);
    if (e->reachable) successful.push_back(e->display_url);
    per_endpoint[e->display_url] = endpoint_info(*e, info.anchor);
  }
  doc["summary"] = {{"endpoints_configured", configured},
                    {"endpoints_successful", successful},
                    {"start_time", local_iso_time(info.start_wall_ns)},
                    {"end_time", local_iso_time(info.end_wall_ns)},
                    {"endpoint_info", per_endpoint}};
  // Metric names in order of first appearance across the endpoints; series in endpoint order.
  ojson metrics = ojson::object();
  for (const auto& e : endpoints) {
    const auto& families = e->store.families();
    for (const MetricSeries& s : e->store.series()) {
      ojson buckets;
      ojson stats = series_stats(s, window, buckets);
      if (stats.is_null()) continue;
      ojson& m = metrics[s.metric];
      if (m.is_null()) {
        const auto f = families.find(s.metric);
        const bool known = f != families.end();
        m["type"] = s.type == PromType::stateset ? "gauge" : prom_type_name(s.type);
        m["description"] = known ? f->second.description : "";
        m["unit"] = known && !f->second.unit.empty() ? ojson(f->second.unit) : ojson(nullptr);
        m["series"] = ojson::array();
      }
      ojson slices;
      if (info.slice_s > 0) slices = series_slices(s, window, info.slice_s, info.anchor, stats);
      ojson row = {{"endpoint_url", e->display_url}, {"labels", labels_json(s.labels)}, {"stats", std::move(stats)}};
      if (!buckets.is_null()) row["buckets"] = std::move(buckets);
      if (!slices.is_null()) row["timeslices"] = std::move(slices);
      m["series"].push_back(std::move(row));
    }
    for (const auto& [name, rows] : e->store.info()) {
      ojson& m = metrics[name];
      if (m.is_null()) {
        const auto f = families.find(name);
        m["type"] = "info";
        m["description"] = f != families.end() ? f->second.description : "";
        m["unit"] = nullptr;
        m["series"] = ojson::array();
      }
      for (const PromLabels& labels : rows) m["series"].push_back({{"endpoint_url", e->display_url}, {"labels", labels_json(labels)}});
    }
  }
  doc["metrics"] = std::move(metrics);
  doc["input_config"] = info.input_config;
  return doc;
}

std::string server_metrics_csv(const ojson& doc) {
  std::string out;
  out += "# AIPerf Server Metrics Export (CSV)\r\n";
  out += "# aiperf_version: " + doc.value("aiperf_version", std::string()) + "\r\n";
  out += "# schema_version: " + doc.value("schema_version", std::string()) + "\r\n";
  out += "# benchmark_id: " + doc.value("benchmark_id", std::string()) + "\r\n";
  const ojson& metrics = doc["metrics"];
  bool first_section = true;
  for (const char* type : {"gauge", "unknown", "counter", "histogram"}) {
    // Stat columns in first-seen order, label keys alphabetically.
    std::vector<std::string> stat_columns;
    std::set<std::string> label_keys;
    bool any = false;
    for (const auto& [name, m] : metrics.items()) {
      if (m["type"] != type) continue;
      for (const ojson& s : m["series"]) {
        any = true;
        for (const auto& [k, v] : s["stats"].items())
          if (std::find(stat_columns.begin(), stat_columns.end(), k) == stat_columns.end()) stat_columns.push_back(k);
        for (const auto& [k, v] : s["labels"].items()) label_keys.insert(k);
      }
    }
    if (!any) continue;
    if (!first_section) out += "\r\n";
    first_section = false;
    std::vector<std::string> header = {"Endpoint", "Type", "Metric", "Unit"};
    header.insert(header.end(), stat_columns.begin(), stat_columns.end());
    header.insert(header.end(), label_keys.begin(), label_keys.end());
    const bool histogram = std::string(type) == "histogram";
    if (histogram) header.push_back("buckets");
    header.push_back("Description");
    append_csv_row(out, header);
    for (const auto& [name, m] : metrics.items()) {
      if (m["type"] != type) continue;
      for (const ojson& s : m["series"]) {
        std::vector<std::string> row = {s["endpoint_url"].get<std::string>(), type, name, cell(m["unit"])};
        for (const std::string& k : stat_columns) row.push_back(s["stats"].contains(k) ? cell(s["stats"][k]) : "");
        for (const std::string& k : label_keys) row.push_back(s["labels"].contains(k) ? cell(s["labels"][k]) : "");
        if (histogram) {
          std::string b;
          if (s.contains("buckets"))
            for (const auto& [le, n] : s["buckets"].items()) b += (b.empty() ? "" : ";") + le + ":" + cell(n);
          row.push_back(b);
        }
        row.push_back(m["description"].get<std::string>());
        append_csv_row(out, row);
      }
    }
  }
  // Info metrics, transposed: one row per label.
  bool info_header = false;
  for (const auto& [name, m] : metrics.items()) {
    if (m["type"] != "info") continue;
    if (!info_header) {
      if (!first_section) out += "\r\n";
      append_csv_row(out, {"Endpoint", "Metric", "Key", "Value", "Description"});
      info_header = true;
    }
    for (const ojson& s : m["series"])
      for (const auto& [k, v] : s["labels"].items())
        append_csv_row(out, {s["endpoint_url"].get<std::string>(), name, k, cell(v), m["description"].get<std::string>()});
  }
  return out;
}

}  // namespace aiperf
