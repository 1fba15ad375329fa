#include "telemetry/server_metrics_parquet.h"

#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "io/parquet_file_writer.h"

namespace aiperf {

namespace {

// Cumulative increase from the reference to each later sample, a drop counting as a reset.
std::vector<double> increases(const std::vector<double>& v, size_t ref, size_t last, size_t stride, size_t col) {
  std::vector<double> out;
  double total = 0, prev = v[ref * stride + col];
  for (size_t i = ref; i <= last; ++i) {
    const double cur = v[i * stride + col];
    if (i > ref && !std::isnan(cur)) {
      if (std::isnan(prev)) prev = cur;
      total += cur < prev ? cur : cur - prev;
      prev = cur;
    }
    out.push_back(total);
  }
  return out;
}

}  // namespace

void write_server_metrics_parquet(const std::filesystem::path& path,
                                  const std::vector<std::unique_ptr<ScrapeEndpoint>>& endpoints,
                                  const ScrapeWindow& window, const ClockAnchor& anchor,
                                  const std::string& benchmark_id) {
  std::set<std::string> label_keys;
  for (const auto& e : endpoints)
    for (const MetricSeries& s : e->store.series())
      for (const auto& kv : s.labels) label_keys.insert(kv.first);
  using S = ParquetColumnSpec;
  std::vector<S> columns = {S::dictionary_text("endpoint_url", false), S::dictionary_text("metric_name", false),
                            S::dictionary_text("metric_type", false), S::dictionary_text("unit", true),
                            S::dictionary_text("description", true),  S::int64("timestamp_ns", false)};
  for (const std::string& k : label_keys) columns.push_back(S::dictionary_text(k, true));
  const size_t first_value = columns.size();
  for (const char* name : {"value", "sum", "count", "bucket_count"}) columns.push_back(S::double_(name, true));
  columns.insert(columns.begin() + std::ptrdiff_t(first_value + 3), S::dictionary_text("bucket_le", true));
  ParquetFileWriter w(path, std::move(columns), 16384, ParquetCodec::snappy);
  w.add_metadata("aiperf.version", AIPERF_VERSION);
  w.add_metadata("aiperf.benchmark_id", benchmark_id);
  w.add_metadata("aiperf.schema", "server_metrics_long_v1");
  w.add_metadata("aiperf.window_start_ns", std::to_string(anchor.to_wall(window.start_ns)));
  w.add_metadata("aiperf.window_end_ns", std::to_string(anchor.to_wall(window.end_ns)));

  const size_t value_col = first_value, sum_col = first_value + 1, count_col = first_value + 2,
               le_col = first_value + 3, bucket_col = first_value + 4;
  auto row = [&](const ScrapeEndpoint& e, const MetricSeries& s, const MetricFamilyInfo* info, int64_t t_ns,
                 std::optional<double> value, std::optional<double> sum, std::optional<double> count,
                 const std::string* le, std::optional<double> bucket) {
    w.column(0).string(e.display_url);
    w.column(1).string(s.metric);
    w.column(2).string(prom_type_name(s.type));
    if (info && !info->unit.empty()) w.column(3).string(info->unit);
    else w.column(3).null();
    if (info && !info->description.empty()) w.column(4).string(info->description);
    else w.column(4).null();
    w.column(5).int64(anchor.to_wall(t_ns));
    size_t c = 6;
    for (const std::string& k : label_keys) {
      const std::string* v = find_label(s.labels, k);
      if (v) w.column(c).string(*v);
      else w.column(c).null();
      ++c;
    }
    auto put = [&](size_t col, std::optional<double> v) {
      if (v && std::isfinite(*v)) w.column(col).double_(*v);
      else w.column(col).null();
    };
    put(value_col, value);
    put(sum_col, sum);
    put(count_col, count);
    if (le) w.column(le_col).string(*le);
    else w.column(le_col).null();
    put(bucket_col, bucket);
    w.end_row();
  };

  for (const auto& e : endpoints) {
    const auto& families = e->store.families();
    for (const MetricSeries& s : e->store.series()) {
      const auto f = families.find(s.metric);
      const MetricFamilyInfo* info = f == families.end() ? nullptr : &f->second;
      // Reference: the last sample before the window, else the first inside; rows: inside only.
      std::optional<size_t> ref, last;
      for (size_t i = 0; i < s.t_ns.size(); ++i) {
        if (s.t_ns[i] < window.start_ns) ref = i;
        else if (s.t_ns[i] <= window.end_ns) {
          if (!ref) ref = i;
          last = i;
        }
      }
      if (!last) continue;
      if (s.type == PromType::counter) {
        const std::vector<double> d = increases(s.value, *ref, *last, 1, 0);
        for (size_t i = *ref; i <= *last; ++i)
          if (s.t_ns[i] >= window.start_ns) row(*e, s, info, s.t_ns[i], d[i - *ref], {}, {}, nullptr, {});
      } else if (s.type == PromType::histogram) {
        const std::vector<double> sums = increases(s.sum, *ref, *last, 1, 0);
        const std::vector<double> counts = increases(s.count, *ref, *last, 1, 0);
        std::vector<std::vector<double>> buckets;
        for (size_t j = 0; j < s.bounds.size(); ++j)
          buckets.push_back(increases(s.bucket_counts, *ref, *last, s.bounds.size(), j));
        std::vector<std::string> les;
        for (double b : s.bounds) les.push_back(bucket_bound_text(b));
        for (size_t i = *ref; i <= *last; ++i) {
          if (s.t_ns[i] < window.start_ns) continue;
          for (size_t j = 0; j < s.bounds.size(); ++j)
            row(*e, s, info, s.t_ns[i], {}, sums[i - *ref], counts[i - *ref], &les[j], buckets[j][i - *ref]);
        }
      } else {
        for (size_t i = *ref; i <= *last; ++i)
          if (s.t_ns[i] >= window.start_ns) row(*e, s, info, s.t_ns[i], s.value[i], {}, {}, nullptr, {});
      }
    }
  }
  if (!w.close()) throw std::runtime_error("writing " + path.string() + " failed; it is incomplete");
}

}  // namespace aiperf
