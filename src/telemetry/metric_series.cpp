#include "telemetry/metric_series.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "telemetry/metric_unit.h"

namespace aiperf {

namespace {

std::string series_key(const std::string& metric, const PromLabels& labels) {
  PromLabels sorted = labels;
  std::sort(sorted.begin(), sorted.end());
  std::string key = metric;
  for (const auto& [k, v] : sorted) {
    key += '\x1f';
    key += k;
    key += '\x1e';
    key += v;
  }
  return key;
}

PromLabels without_le(const PromLabels& labels) {
  PromLabels out;
  for (const auto& kv : labels)
    if (kv.first != "le") out.push_back(kv);
  return out;
}

// One histogram series' samples within one scrape.
struct HistogramScrape {
  PromLabels labels;
  std::vector<std::pair<double, double>> buckets;  // (bound, cumulative count)
  double sum = std::numeric_limits<double>::quiet_NaN(), count = std::numeric_limits<double>::quiet_NaN();
};

}  // namespace

double parse_bucket_bound(const std::string& le) {
  if (le == "+Inf" || le == "Inf" || le == "inf" || le == "+inf") return std::numeric_limits<double>::infinity();
  try {
    size_t used = 0;
    const double v = std::stod(le, &used);
    return used == le.size() ? v : std::numeric_limits<double>::quiet_NaN();
  } catch (...) {
    return std::numeric_limits<double>::quiet_NaN();
  }
}

std::string bucket_bound_text(double b) {
  if (std::isinf(b)) return b > 0 ? "+Inf" : "-Inf";
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, b);
  return ec == std::errc() ? std::string(buf, end) : std::to_string(b);
}

MetricSeries& MetricSeriesStore::series_for(const std::string& metric, PromType type, const PromLabels& labels) {
  const std::string key = series_key(metric, labels);
  auto [it, fresh] = index_.emplace(key, series_.size());
  if (fresh) {
    MetricSeries& s = series_.emplace_back();
    s.metric = metric;
    s.type = type;
    s.labels = labels;
  }
  return series_[it->second];
}

void MetricSeriesStore::add_scrape(const PromParseResult& scrape, int64_t t_ns) {
  ++scrapes_;
  for (const PromFamily& f : scrape.families) {
    if (f.type == PromType::summary || f.type == PromType::gaugehistogram) continue;  // §9.1: not kept
    if (f.type == PromType::info) {
      std::vector<PromLabels>& rows = info_[f.name + (f.name.size() > 5 && f.name.ends_with("_info") ? "" : "_info")];
      rows.clear();
      for (const PromSample& s : f.samples)
        if (s.suffix != "_created") rows.push_back(s.labels);
      continue;
    }
    if (f.type == PromType::histogram) {
      std::vector<HistogramScrape> groups;
      std::unordered_map<std::string, size_t> by_labels;
      for (const PromSample& s : f.samples) {
        if (s.suffix != "_bucket" && s.suffix != "_sum" && s.suffix != "_count") continue;
        PromLabels labels = without_le(s.labels);
        auto [it, fresh] = by_labels.emplace(series_key("", labels), groups.size());
        if (fresh) groups.push_back(HistogramScrape{std::move(labels), {}});
        HistogramScrape& g = groups[it->second];
        if (s.suffix == "_sum") {
          g.sum = s.value;
        } else if (s.suffix == "_count") {
          g.count = s.value;
        } else if (const std::string* le = find_label(s.labels, "le")) {
          const double bound = parse_bucket_bound(*le);
          if (!std::isnan(bound)) g.buckets.emplace_back(bound, s.value);
        }
      }
      if (groups.empty()) continue;
      MetricFamilyInfo& info = families_[f.name];
      info.type = f.type;
      info.description = f.help;
      info.unit = infer_metric_unit(f.name, f.unit);
      for (HistogramScrape& g : groups) {
        std::sort(g.buckets.begin(), g.buckets.end());
        if (std::isnan(g.count) && !g.buckets.empty() && std::isinf(g.buckets.back().first))
          g.count = g.buckets.back().second;
        MetricSeries& s = series_for(f.name, f.type, g.labels);
        std::vector<double> bounds;
        for (const auto& b : g.buckets) bounds.push_back(b.first);
        if (s.t_ns.empty()) s.bounds = bounds;
        // Buckets that changed shape mid-run (a server restart with new bounds): each stored
        // bound takes this scrape's count at that bound, NaN when absent.
        s.t_ns.push_back(t_ns);
        s.sum.push_back(g.sum);
        s.count.push_back(g.count);
        for (double bound : s.bounds) {
          double v = std::numeric_limits<double>::quiet_NaN();
          for (const auto& b : g.buckets)
            if (b.first == bound) v = b.second;
          s.bucket_counts.push_back(v);
        }
      }
      continue;
    }
    // counter, gauge, unknown, stateset: one value per sample.
    bool any = false;
    for (const PromSample& sample : f.samples) {
      if (sample.suffix == "_created") continue;
      if (f.type == PromType::counter && !sample.suffix.empty() && sample.suffix != "_total") continue;
      const std::string metric = f.name + sample.suffix;
      MetricSeries& s = series_for(metric, f.type, sample.labels);
      s.t_ns.push_back(t_ns);
      s.value.push_back(sample.value);
      if (!any) {
        MetricFamilyInfo& info = families_[metric];
        info.type = f.type;
        info.description = f.help;
        info.unit = infer_metric_unit(metric, f.unit);
        any = true;
      }
    }
  }
}

}  // namespace aiperf
