#include "plot/html_report.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <set>
#include <stdexcept>
#include <string_view>

#include "plot/chart_json.h"
#include "plot/chart_sampling.h"
#include "plot/goodput_encoding.h"
#include "plot/gzip_base64.h"
#include "plot/report_assets.h"
#include "plot/theme.h"

namespace aiperf::plot {
namespace {

using nlohmann::json;

// What one series may embed, and what the explorer draws (its counts use every request): 20,000
// markers for a run, shared among a sweep's runs down to 2,000 each (each drawn request costs
// its hover details, ~50 bytes).
constexpr std::size_t kMaxPointsPerSeries = 20000;
constexpr double kExplorerSample = 20000;
constexpr double kExplorerSampleMin = 2000;
// Larger chart data goes in gzipped: a million-request run's charts are megabytes of digits.
constexpr std::size_t kPlainChartsLimit = 256 * 1024;

std::string_view asset(std::string_view name) {
  for (const ReportAsset& a : report_assets())
    if (a.name == name) return a.text;
  throw std::logic_error("report asset missing from the build: " + std::string(name));
}

// A script or style must not end its own element early; ours and uPlot's never do (a unit test
// holds them to it), so this guards against a future edit rather than escaping.
std::string_view inline_safe(std::string_view name, std::string_view closing_tag) {
  std::string_view text = asset(name);
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (lower.find(closing_tag) != std::string::npos)
    throw std::logic_error("report asset " + std::string(name) + " contains " + std::string(closing_tag));
  return text;
}

double pow10(int d) {
  static const double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  return kPowers[std::clamp(d, 0, 22)];
}

// `v` rounded to `d` decimals (d < 0: to a multiple of 10^-d), through an exact power of ten so
// that the double printed back is the short decimal. Too many digits for a double: left as is.
double round_decimals(double v, int d) {
  d = std::clamp(d, -22, 22);
  if (d >= 0) {
    const double scaled = v * pow10(d);
    return std::abs(scaled) < 9e15 ? std::round(scaled) / pow10(d) : v;
  }
  return std::round(v / pow10(-d)) * pow10(-d);
}

int floor_log10(double v) { return int(std::floor(std::log10(std::abs(v)))); }

// Chart coordinates with the digits a chart can show, not a double's 17: within 1e-7 of the
// series' span and 7 significant digits of each value (log axes keep small values apart).
json compact_coordinates(const json& values) {
  if (!values.is_array()) return values;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const json& v : values)
    if (v.is_number()) lo = std::min(lo, v.get<double>()), hi = std::max(hi, v.get<double>());
  const int span_digits = hi > lo ? 7 - floor_log10(hi - lo) : -100;
  json out = json::array();
  for (const json& v : values) {
    if (!v.is_number_float()) {
      out.push_back(v);
      continue;
    }
    const double x = v.get<double>();
    out.push_back(x == 0 ? 0.0 : round_decimals(x, std::max(span_digits, 6 - floor_log10(x))));
  }
  return out;
}

json nullable(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
json nullable(std::optional<double> v) { return v && std::isfinite(*v) ? json(*v) : json(nullptr); }

json axis_extras(json axis, const Axis& a) {
  axis["metric"] = a.metric;
  axis["stat"] = a.stat.empty() ? "avg" : a.stat;
  axis["better"] = a.better;
  axis["divide_by"] = a.divide_by;
  return axis;
}

// A chart as sample_chart left it: chart_to_json plus what the page needs that the dump may not
// carry (the statistic each axis is, the runs of a multi-run chart's points), coordinates shortened.
json chart_for_page(const Chart& sampled) {
  json j = chart_to_json(sampled);
  j["x"] = axis_extras(j.value("x", json::object()), sampled.x);
  j["y"] = axis_extras(j.value("y", json::object()), sampled.y);
  if (sampled.y2) j["y2"] = axis_extras(j.value("y2", json::object()), *sampled.y2);
  for (std::size_t i = 0; i < sampled.series.size() && i < j["series"].size(); ++i) {
    json& s = j["series"][i];
    s["run"] = sampled.series[i].run;
    for (const char* key : {"x", "y", "x_end"})
      if (s.contains(key)) s[key] = compact_coordinates(s[key]);
  }
  return j;
}

std::string hex(Rgb c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

json theme_json(const Theme& t) {
  json palette = json::array();
  for (Rgb c : t.palette) palette.push_back(hex(c));
  return {{"background", hex(t.background)}, {"foreground", hex(t.foreground)}, {"muted", hex(t.muted)},
          {"grid", hex(t.grid)},             {"neutral", hex(t.neutral)},       {"palette", palette}};
}

// Only the metrics some chart axis plots, and only their statistics: a sweep's summaries are
// otherwise most of the page.
json summary_subset(const json& summary, const std::set<std::string>& tags) {
  json out = json::object();
  if (!summary.is_object()) return out;
  for (const std::string& tag : tags) {
    auto m = summary.find(tag);
    if (m == summary.end() || !m->is_object()) continue;
    json entry = json::object();
    for (auto& [k, v] : m->items())
      if (v.is_number() || k == "unit") entry[k] = v;
    out[tag] = entry;
  }
  return out;
}

double ms_6(double v) { return std::isfinite(v) ? round_decimals(v, 6) : v; }

// The hover details of the requests some chart point or the explorer's sample refers to;
// `in_sample` marks the explorer's drawn requests.
json request_details(const RequestTable& t, const std::set<std::size_t>& rows, const std::set<std::size_t>& sample) {
  json in_sample = json::array(), index = json::array(), id = json::array(), conversation = json::array(), turn = json::array(),
       ttft = json::array(), itl = json::array(), latency = json::array(), isl = json::array(),
       osl = json::array(), error = json::array(), messages = json::array();
  std::vector<int> message_slot(t.error_messages.size(), -1);
  for (std::size_t i : rows) {
    if (i >= t.size()) continue;
    index.push_back(i);
    in_sample.push_back(sample.count(i) ? 1 : 0);
    id.push_back(std::string(t.request_id[i]));
    conversation.push_back(std::string(t.conversation_id[i]));
    turn.push_back(t.turn_index[i]);
    ttft.push_back(nullable(ms_6(t.ttft_ms[i])));
    itl.push_back(nullable(ms_6(t.itl_ms[i])));
    latency.push_back(nullable(ms_6(t.latency_ms[i])));
    isl.push_back(nullable(t.isl[i]));
    osl.push_back(nullable(t.osl[i]));
    int e = 0;
    if (t.failed(i) && t.error[i] - 1 < message_slot.size()) {
      int& slot = message_slot[t.error[i] - 1];
      if (slot < 0) slot = int(messages.size()), messages.push_back(t.error_messages[t.error[i] - 1]);
      e = slot + 1;
    }
    error.push_back(e);
  }
  return {{"index", index}, {"id", id},   {"conversation", conversation}, {"turn", turn},
          {"ttft", ttft},   {"itl", itl}, {"latency", latency},           {"isl", isl},
          {"osl", osl},     {"error", error}, {"error_messages", messages}, {"in_sample", in_sample}};
}

template <typename T>
T quantile_of_sorted(const std::vector<T>& v, double q) {
  return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))];
}

// benchmark_duration as the accumulator takes it: first request start to last response end.
std::optional<double> duration_from_records(const RequestTable& t) {
  int64_t lo = std::numeric_limits<int64_t>::max(), hi = std::numeric_limits<int64_t>::min();
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t.start_ns[i] != 0) lo = std::min(lo, t.start_ns[i]);
    if (t.end_ns[i] != 0) hi = std::max(hi, t.end_ns[i]);
  }
  if (hi <= lo) return std::nullopt;
  return double(hi - lo) / 1e9;
}

// The explorer's data for one run: every request, encoded exactly (goodput_encoding.h), and
// which requests the scatter draws. `sample` receives the drawn requests' rows.
json explorer_json(const ReportRun& run, double sample_size, std::set<std::size_t>& sample) {
  const RequestTable& t = *run.requests;
  const GoodputColumns columns = goodput_columns(t);
  const std::size_t n = columns.ttft.size();
  json e = {{"valid_with_ttft", n},
            {"valid_without_ttft", columns.without_ttft},
            {"errors", columns.errors}};
  std::vector<int64_t> itl;
  itl.reserve(n);
  for (const auto& v : columns.itl)
    if (v) itl.push_back(*v);
  std::sort(itl.begin(), itl.end());
  e["with_itl"] = itl.size();
  // Where the box starts (p90) and how far the axes reach (p99.9), in whole µs.
  auto quantiles = [](const std::vector<int64_t>& ranks) {
    return json{{"p90", rank_to_ceil_us(quantile_of_sorted(ranks, 0.9))},
                {"p999", rank_to_ceil_us(quantile_of_sorted(ranks, 0.999))},
                {"max", rank_to_ceil_us(ranks.back())}};
  };
  if (n > 0) e["ttft_us"] = quantiles(columns.ttft);
  if (!itl.empty()) e["itl_us"] = quantiles(itl);
  e["data"] = base64_encode(gzip_bytes(encode_goodput_columns(columns)));

  std::size_t drawable = 0;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (!t.failed(i) && std::isfinite(t.ttft_ms[i]) && std::isfinite(t.itl_ms[i])) ++drawable;
  const double rate = drawable > 0 ? sample_size / double(drawable) : 0;
  std::size_t drawn = 0;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (!t.failed(i) && std::isfinite(t.ttft_ms[i]) && std::isfinite(t.itl_ms[i]) && in_sample(i, rate))
      sample.insert(i), ++drawn;
  e["drawable"] = drawable;
  e["drawn"] = drawn;
  return e;
}

json run_json(const ReportRun& run, std::size_t run_index, double sample_size, const std::vector<Chart>& charts,
              const std::set<std::string>& tags) {
  json r = {{"name", run.name},
            {"benchmark_duration_s", nullable(run.benchmark_duration_s)},
            {"duration_from_records", false},
            {"request_throughput", nullable(run.request_throughput)},
            {"slo_ttft_ms", nullable(run.slo_ttft_ms)},
            {"slo_itl_ms", nullable(run.slo_itl_ms)},
            {"goodput", nullable(run.goodput)},
            {"summary", summary_subset(run.summary, tags)},
            {"requests", nullptr},
            {"explorer", nullptr},
            {"details", nullptr}};
  if (!run.requests) return r;
  const RequestTable& t = *run.requests;
  r["requests"] = t.size();
  if (!run.benchmark_duration_s) {
    r["benchmark_duration_s"] = nullable(duration_from_records(t));
    r["duration_from_records"] = true;
  }
  std::set<std::size_t> sample;
  if (t.size() > 0) r["explorer"] = explorer_json(run, sample_size, sample);
  std::set<std::size_t> rows = sample;
  // Charts of a single run refer to runs[0]'s requests.
  if (run_index == 0)
    for (const Chart& c : charts)
      for (const Series& s : c.series) rows.insert(s.request.begin(), s.request.end());
  r["details"] = base64_encode(gzip_bytes(request_details(t, rows, sample).dump()));
  return r;
}

// JSON inside <script>: "</" would end the element early (any "</script" does) and "<!--" would
// change how the parser reads what follows; both are spelt differently but mean the same in JSON.
std::string script_safe_json(const json& j) {
  const std::string text = j.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size() + 64);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') {
      out += "<\\/";
      ++i;
    } else if (text[i] == '<' && text.compare(i, 4, "<!--") == 0) {
      out += "\\u003c";
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string html_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// report_shell.html with each @@NAME@@ replaced; the inserted texts are not searched again.
std::string fill_shell(std::string_view shell, const std::vector<std::pair<std::string_view, std::string_view>>& parts) {
  std::string out;
  std::size_t size = shell.size();
  for (const auto& p : parts) size += p.second.size();
  out.reserve(size);
  std::size_t pos = 0;
  while (pos < shell.size()) {
    const std::size_t at = shell.find("@@", pos);
    if (at == std::string_view::npos) break;
    const std::size_t end = shell.find("@@", at + 2);
    if (end == std::string_view::npos) break;
    const std::string_view key = shell.substr(at + 2, end - at - 2);
    auto it = std::find_if(parts.begin(), parts.end(), [&](const auto& p) { return p.first == key; });
    if (it == parts.end()) throw std::logic_error("report_shell.html: unknown slot @@" + std::string(key) + "@@");
    out.append(shell.substr(pos, at - pos)).append(it->second);
    pos = end + 2;
  }
  out.append(shell.substr(pos));
  return out;
}

}  // namespace

void write_html_report(const ReportInput& input, const std::filesystem::path& file) {
  json charts = json::array(), titles = json::array();
  std::set<std::string> tags;
  std::vector<Chart> sampled;
  sampled.reserve(input.charts.size());
  for (const Chart& c : input.charts) sampled.push_back(sample_chart(c, kMaxPointsPerSeries));
  for (const Chart& c : sampled) {
    charts.push_back(chart_for_page(c));
    titles.push_back(c.title);
    for (const Axis* a : {&c.x, &c.y, c.y2 ? &*c.y2 : nullptr})
      if (a && !a->metric.empty()) tags.insert(a->metric);
  }
  std::size_t with_requests = 0;
  for (const ReportRun& r : input.runs) with_requests += r.requests ? 1 : 0;
  const double sample_size = std::max(kExplorerSampleMin, kExplorerSample / double(std::max<std::size_t>(1, with_requests)));
  json runs = json::array();
  for (std::size_t i = 0; i < input.runs.size(); ++i)
    runs.push_back(run_json(input.runs[i], i, sample_size, sampled, tags));

  json data = {{"version", 1},
               {"title", input.title},
               {"mode", input.mode},
               {"theme", input.theme == "dark" ? "dark" : "light"},
               {"extra", input.extra.is_null() ? json::object() : input.extra},
               {"themes", {{"light", theme_json(theme_named("light"))}, {"dark", theme_json(theme_named("dark"))}}},
               {"chart_titles", titles},
               {"runs", runs}};
  std::string charts_text = charts.dump(-1, ' ', false, json::error_handler_t::replace);
  if (charts_text.size() <= kPlainChartsLimit) data["charts"] = std::move(charts);
  else data["charts_gz"] = base64_encode(gzip_bytes(charts_text));

  const std::string data_text = script_safe_json(data);
  const std::string title = html_escape(input.title);
  const std::string html = fill_shell(asset("report_shell.html"),
                                      {{"TITLE", title},
                                       {"THEME", input.theme == "dark" ? "dark" : "light"},
                                       {"UPLOT_CSS", inline_safe("uPlot.min.css", "</style")},
                                       {"REPORT_CSS", inline_safe("report.css", "</style")},
                                       {"DATA", data_text},
                                       {"UPLOT_JS", inline_safe("uPlot.iife.min.js", "</script")},
                                       {"REPORT_JS", inline_safe("report.js", "</script")}});
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write " + file.string());
  out.write(html.data(), std::streamsize(html.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

}  // namespace aiperf::plot
