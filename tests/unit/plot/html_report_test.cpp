#include "plot/html_report.h"

#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <iostream>
#include <set>
#include <sstream>

#include <unistd.h>

#include "plot/chart_sampling.h"
#include "plot/goodput_encoding.h"
#include "plot/gzip_base64.h"
#include "plot/report_assets.h"
#include "missing_value.h"

namespace aiperf::plot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using test_values::kNaN;
constexpr int64_t kEpochNs = 1'760'000'000'000'000'000;

// A run as profile_export.jsonl would give it back: times in whole ns, exported as ns / 1e6 ms;
// ITL the quotient (latency - TTFT) / (OSL - 1), fractional. A few requests sit exactly on the
// SLOs the tests use (37.5 ms TTFT, 12.5 ms ITL, 1.001 ms TTFT, which 1,001,000 ns fails in
// doubles) or a nanosecond away, 1% fail.
struct SyntheticRun {
  RequestTable table;
  std::vector<int64_t> ttft_ns;
  std::vector<double> itl_ns;  // NaN: OSL < 2
  double duration_s = 0;
};

SyntheticRun synthetic_run(std::size_t n, uint64_t seed, double ttft_median_ms = 40) {
  SyntheticRun r;
  RequestTable& t = r.table;
  std::mt19937_64 rng(seed);
  std::lognormal_distribution<double> ttft_dist(std::log(ttft_median_ms * 1e6), 0.5);
  std::lognormal_distribution<double> token_dist(std::log(12e6), 0.3);
  t.error_messages = {"500 InternalServerError: upstream closed </script><b>bold</b>"};
  const int64_t gap_ns = 1'000'000;  // a request a millisecond
  int64_t lo = std::numeric_limits<int64_t>::max(), hi = std::numeric_limits<int64_t>::min();
  for (std::size_t i = 0; i < n; ++i) {
    int64_t ttft = std::llround(ttft_dist(rng));
    int64_t osl = 1 + int64_t(rng() % 400);
    int64_t decode = std::llround(token_dist(rng) * double(osl - 1));
    if (i % 997 == 5) ttft = 37'500'000;                               // on the TTFT SLO
    if (i % 997 == 6) osl = 5, decode = 4 * 12'500'000;                // ITL exactly 12.5 ms
    if (i % 997 == 7) ttft = 1'001'000;                                // fails a 1.001 ms SLO
    if (i % 997 == 8) osl = 4, decode = 3 * 12'500'000 + 1;            // ITL a third of a ns over
    if (i % 997 == 9) ttft = 1'000'999;                                // passes a 1.001 ms SLO
    const bool failed = i % 100 == 42;
    const int64_t start = kEpochNs + int64_t(i) * gap_ns + int64_t(rng() % 1000);
    const int64_t latency = ttft + decode;
    t.start_ns.push_back(start);
    t.end_ns.push_back(start + latency);
    lo = std::min(lo, start), hi = std::max(hi, start + latency);
    const double itl_ns = osl > 1 ? double(latency - ttft) / double(osl - 1) : kNaN;
    r.ttft_ns.push_back(ttft);
    r.itl_ns.push_back(itl_ns);
    t.ttft_ms.push_back(failed ? kNaN : double(ttft) / 1e6);
    t.itl_ms.push_back(failed ? kNaN : itl_ns / 1e6);
    t.latency_ms.push_back(double(latency) / 1e6);
    t.isl.push_back(double(100 + rng() % 900));
    t.osl.push_back(failed ? kNaN : double(osl));
    t.turn_index.push_back(int32_t(i % 3));
    t.error.push_back(failed ? 1 : 0);
    char id[40];
    std::snprintf(id, sizeof id, "%08llx-%04llx-4%03llx-%04llx-%012llx", (unsigned long long)(rng() & 0xffffffff),
                  (unsigned long long)(rng() & 0xffff), (unsigned long long)(rng() & 0xfff),
                  (unsigned long long)(rng() & 0xffff), (unsigned long long)(rng() & 0xffffffffffff));
    t.request_id.push_back(id);
    t.conversation_id.push_back("conv-" + std::to_string(i / 3));
  }
  r.duration_s = double(hi - lo) / 1e9;
  return r;
}

// `aiperf profile`'s verdict (goodput.cpp): valid, and each SLO `value_ns <= ms * 1e6`.
std::size_t profile_good_count(const SyntheticRun& r, std::optional<double> ttft_ms, std::optional<double> itl_ms) {
  std::size_t good = 0;
  for (std::size_t i = 0; i < r.table.size(); ++i) {
    if (r.table.failed(i)) continue;
    if (ttft_ms && !(double(r.ttft_ns[i]) <= *ttft_ms * 1e6)) continue;
    if (itl_ms && (std::isnan(r.itl_ns[i]) || !(r.itl_ns[i] <= *itl_ms * 1e6))) continue;
    ++good;
  }
  return good;
}

// The report's three charts of one run: markers over time, a histogram with a cumulative area
// on the right axis and a rolling line, swim lanes.
std::vector<Chart> run_charts(const SyntheticRun& r) {
  const RequestTable& t = r.table;
  Chart over_time;
  over_time.name = "ttft_over_time";
  over_time.title = "Time to first token over time";
  over_time.x = {.title = "Time since start", .unit = "s"};
  over_time.y = {.title = "Time to first token", .unit = "ms"};
  Series markers{.name = "TTFT", .kind = SeriesKind::points};
  Series rolling{.name = "rolling mean", .kind = SeriesKind::line, .dashed = true};
  double sum = 0;
  std::size_t in_window = 0;
  const std::size_t window = std::max<std::size_t>(1, t.size() / 200);
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t.failed(i)) continue;
    const double x = double(t.start_ns[i] - kEpochNs) / 1e9;
    markers.x.push_back(x), markers.y.push_back(t.ttft_ms[i]), markers.request.push_back(i);
    sum += t.ttft_ms[i];
    if (++in_window == window) {
      rolling.x.push_back(x), rolling.y.push_back(sum / double(window));
      sum = 0, in_window = 0;
    }
  }
  over_time.series = {markers, rolling};

  Chart histogram;
  histogram.name = "itl_histogram";
  histogram.title = "Inter-token latency distribution";
  histogram.subtitle = "requests with at least two output tokens";
  histogram.x = {.title = "Inter-token latency", .unit = "ms"};
  histogram.y = {.title = "Requests"};
  histogram.y2 = Axis{.title = "Cumulative", .unit = "%", .min = 0.0, .max = 100.0};
  Series bars{.name = "requests", .kind = SeriesKind::bars, .width = 1};
  Series cumulative{.name = "cumulative", .kind = SeriesKind::area, .secondary_y = true};
  std::vector<double> bins(60, 0);
  std::size_t counted = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (std::isnan(t.itl_ms[i])) continue;
    bins[std::min<std::size_t>(59, std::size_t(t.itl_ms[i]))] += 1, ++counted;
  }
  double running = 0;
  for (std::size_t b = 0; b < bins.size(); ++b) {
    bars.x.push_back(double(b) + 0.5), bars.y.push_back(bins[b]);
    running += bins[b];
    cumulative.x.push_back(double(b) + 1), cumulative.y.push_back(100 * running / double(counted));
  }
  histogram.series = {bars, cumulative};

  Chart lanes;
  lanes.name = "swim_lanes";
  lanes.title = "Requests over time";
  lanes.x = {.title = "Time since start", .unit = "s"};
  lanes.y = {.title = "Lane"};
  Series segments{.name = "request", .kind = SeriesKind::segments};
  for (std::size_t i = 0; i < t.size(); ++i) {
    segments.x.push_back(double(t.start_ns[i] - kEpochNs) / 1e9);
    segments.x_end.push_back(double(t.end_ns[i] - kEpochNs) / 1e9);
    segments.y.push_back(double(i % 48));
    segments.request.push_back(i);
  }
  Series failures{.name = "failed", .kind = SeriesKind::points, .colour = 3};
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t.failed(i))
      failures.x.push_back(double(t.end_ns[i] - kEpochNs) / 1e9), failures.y.push_back(double(i % 48)),
          failures.request.push_back(i);
  lanes.series = {segments, failures};
  return {over_time, histogram, lanes};
}

ReportInput single_run_input(const SyntheticRun& r, const std::string& title) {
  ReportInput in;
  in.title = title;
  in.mode = "single";
  in.theme = "light";
  in.charts = run_charts(r);
  ReportRun run;
  run.name = "run-synthetic";
  run.requests = &r.table;
  run.benchmark_duration_s = r.duration_s;
  std::size_t valid = 0;
  for (std::size_t i = 0; i < r.table.size(); ++i) valid += r.table.failed(i) ? 0 : 1;
  run.request_throughput = double(valid) / r.duration_s;
  run.slo_ttft_ms = 50;
  run.slo_itl_ms = 15;
  run.goodput = double(profile_good_count(r, 50.0, 15.0)) / r.duration_s;
  in.runs = {run};
  in.extra = {{"model", "synthetic-model </script>"}, {"endpoint", "chat"}, {"requests", r.table.size()}};
  return in;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json data_block(const std::string& html) {
  const std::string open = R"(<script type="application/json" id="report-data">)";
  const std::size_t a = html.find(open);
  if (a == std::string::npos) return nullptr;
  const std::size_t b = html.find("</script>", a);
  return json::parse(html.substr(a + open.size(), b - a - open.size()));
}

// The explorer's count for SLOs in whole µs, from the page's own data (as report.js counts).
std::size_t page_good_count(const json& run, std::optional<int64_t> ttft_us, std::optional<int64_t> itl_us) {
  const GoodputColumns c = decode_goodput_columns(gunzip_bytes(base64_decode(run["explorer"]["data"].get<std::string>())));
  std::size_t good = 0;
  for (std::size_t i = 0; i < c.ttft.size(); ++i) {
    if (ttft_us && c.ttft[i] > goodput_rank_limit(*ttft_us)) continue;
    if (itl_us && (!c.itl[i] || *c.itl[i] > goodput_rank_limit(*itl_us))) continue;
    ++good;
  }
  return good;
}

// A file in a directory of this process's own, removed with the directory when it goes.
struct TempFile {
  explicit TempFile(const std::string& name)
      : dir(fs::temp_directory_path() / ("aiperf-html-report-test-" + std::to_string(::getpid()) + "-" + name)),
        path(dir / name) {
    fs::create_directories(dir);
  }
  ~TempFile() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  fs::path dir, path;
};

// AIPERF_REPORT_SAMPLES=<dir>: the tests also leave their pages there, with what the browser
// test (tests/browser/report_check.mjs) should find in them.
std::optional<fs::path> samples_dir() {
  const char* d = std::getenv("AIPERF_REPORT_SAMPLES");
  if (!d || !*d) return std::nullopt;
  fs::create_directories(d);
  return fs::path(d);
}

void write_expectations(const fs::path& file, const SyntheticRun& r, std::size_t charts, double drag_ttft,
                        double drag_itl) {
  json checks = json::array();
  for (auto [t, i] : std::vector<std::pair<double, double>>{{37.5, 12.5}, {1.001, 100}, {37.5, 100}, {1000, 12.5}}) {
    checks.push_back({{"ttft_ms", t}, {"itl_ms", i}, {"good", profile_good_count(r, t, i)}});
  }
  checks.push_back({{"ttft_ms", 40}, {"itl_ms", nullptr}, {"good", profile_good_count(r, 40.0, std::nullopt)}});
  json e = {{"charts", charts},
            {"drag_ttft_ms", drag_ttft},
            {"drag_itl_ms", drag_itl},
            {"goodput", double(profile_good_count(r, drag_ttft, drag_itl)) / r.duration_s},
            {"slo_checks", checks}};
  std::ofstream(file) << e.dump(2) << "\n";
}

TEST(ReportAssets, AllPartsAreCompiledInAndSafeToInline) {
  std::set<std::string_view> names;
  for (const ReportAsset& a : report_assets()) {
    names.insert(a.name);
    EXPECT_FALSE(a.text.empty()) << a.name;
    std::string lower(a.text);
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (a.name.ends_with(".js")) {
      EXPECT_EQ(lower.find("</script"), std::string::npos) << a.name;
    }
    if (a.name.ends_with(".css")) {
      EXPECT_EQ(lower.find("</style"), std::string::npos) << a.name;
    }
  }
  for (const char* n : {"report.js", "report.css", "report_shell.html", "uPlot.iife.min.js", "uPlot.min.css"})
    EXPECT_TRUE(names.count(n)) << n;
}

TEST(HtmlReport, OneSelfContainedFileWithTheDataBlock) {
  const SyntheticRun r = synthetic_run(2000, 1);
  const ReportInput in = single_run_input(r, "aiperf report: </script><script>alert(1)</script>");
  const TempFile temp("small.html");
  const fs::path& file = temp.path;
  write_html_report(in, file);
  const std::string html = read_file(file);

  EXPECT_EQ(html.find("src=\"http"), std::string::npos);
  EXPECT_EQ(html.find("href=\"http"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("<script src"), std::string::npos);
  // Three script elements (data, uPlot, ours) and nothing from the title or the error texts
  // closing one early.
  std::size_t closes = 0;
  for (std::size_t at = html.find("</script>"); at != std::string::npos; at = html.find("</script>", at + 1)) ++closes;
  EXPECT_EQ(closes, 3u);
  EXPECT_NE(html.find("<title>aiperf report: &lt;/script&gt;"), std::string::npos);

  const json data = data_block(html);
  ASSERT_TRUE(data.is_object());
  EXPECT_EQ(data["title"], in.title);  // the escaping reads back as the original
  EXPECT_EQ(data["extra"]["model"], "synthetic-model </script>");
  ASSERT_TRUE(data.contains("charts"));  // small: plain JSON
  ASSERT_EQ(data["charts"].size(), 3u);
  EXPECT_EQ(data["charts"][0]["title"], "Time to first token over time");
  EXPECT_EQ(data["chart_titles"][2], "Requests over time");
  ASSERT_EQ(data["runs"].size(), 1u);
  const json& run = data["runs"][0];
  EXPECT_EQ(run["requests"], 2000);
  EXPECT_EQ(run["explorer"]["errors"], 20);
  EXPECT_EQ(run["goodput"].get<double>(), *in.runs[0].goodput);

  const json details = json::parse(gunzip_bytes(base64_decode(run["details"].get<std::string>())));
  EXPECT_EQ(details["index"].size(), 2000u);  // every request is drawn somewhere at this size
  EXPECT_EQ(details["error_messages"][0], "500 InternalServerError: upstream closed </script><b>bold</b>");
}

TEST(HtmlReport, ExplorerCountsAreWhatProfileReports) {
  const SyntheticRun r = synthetic_run(20000, 2);
  const TempFile temp("counts.html");
  const fs::path& file = temp.path;
  write_html_report(single_run_input(r, "counts"), file);
  const json run = data_block(read_file(file))["runs"][0];
  struct Case {
    std::optional<double> ttft_ms, itl_ms;
  };
  for (const Case& c : std::vector<Case>{{37.5, 12.5},
                                         {1.001, 100.0},
                                         {37.5, std::nullopt},
                                         {std::nullopt, 12.5},
                                         {40.123, 11.999},
                                         {1e6, 1e6},
                                         {0.0, 0.0}}) {
    const auto us = [](std::optional<double> ms) {
      return ms ? std::optional<int64_t>(std::llround(*ms * 1000)) : std::nullopt;
    };
    EXPECT_EQ(page_good_count(run, us(c.ttft_ms), us(c.itl_ms)), profile_good_count(r, c.ttft_ms, c.itl_ms))
        << c.ttft_ms.value_or(-1) << " " << c.itl_ms.value_or(-1);
  }
  // The boundary requests make the cases above exercise equality, both ways.
  EXPECT_GT(profile_good_count(r, 37.5, 12.5), profile_good_count(r, 37.499, 12.5));
  EXPECT_GT(profile_good_count(r, 1.001, 100.0), 0u);
  EXPECT_LT(profile_good_count(r, 1.001, 100.0), profile_good_count(r, 1.002, 100.0));
}

TEST(HtmlReport, MillionRequestsStayUnderTenMegabytes) {
  const auto t0 = std::chrono::steady_clock::now();
  const SyntheticRun r = synthetic_run(1'000'000, 3);
  const ReportInput in = single_run_input(r, "aiperf report: 1,000,000 synthetic requests");
  const std::optional<fs::path> samples = samples_dir();
  const TempFile temp("million.html");
  const fs::path file = samples ? *samples / "report-1m.html" : temp.path;
  const auto t1 = std::chrono::steady_clock::now();
  write_html_report(in, file);
  const auto t2 = std::chrono::steady_clock::now();
  const auto size = fs::file_size(file);
  std::cout << "1M-request report: " << size << " bytes, written in "
            << std::chrono::duration<double>(t2 - t1).count() << " s (generated in "
            << std::chrono::duration<double>(t1 - t0).count() << " s)\n";
  EXPECT_LT(size, 10u * 1000 * 1000);

  const json data = data_block(read_file(file));
  ASSERT_TRUE(data.contains("charts_gz"));
  const json charts = json::parse(gunzip_bytes(base64_decode(data["charts_gz"].get<std::string>())));
  ASSERT_EQ(charts.size(), 3u);
  for (const json& c : charts) {
    for (const json& s : c["series"]) EXPECT_LE(s["x"].size(), 21000u) << c["name"];
  }
  EXPECT_NE(charts[0]["notes"].dump().find("of 990,000 points drawn"), std::string::npos) << charts[0]["notes"];
  EXPECT_EQ(page_good_count(data["runs"][0], 37500, 12500), profile_good_count(r, 37.5, 12.5));
  if (samples) write_expectations(*samples / "report-1m.json", r, 3, 37.5, 12.5);
}

TEST(HtmlReport, CoordinatesKeepTheDigitsAChartCanShow) {
  ReportInput in;
  in.title = "digits";
  in.mode = "single";
  in.theme = "light";
  Chart c;
  c.name = "c";
  c.title = "c";
  Series s{.name = "s", .kind = SeriesKind::line, .x = {1760000000.123456, 1760000100.5, 1760000050.1 + 0.15},
           .y = {1.0 / 3, 12.3456789012, kNaN}};
  c.series = {s};
  in.charts = {c};
  const TempFile temp("digits.html");
  const fs::path& file = temp.path;
  write_html_report(in, file);
  const json series = data_block(read_file(file))["charts"][0]["series"][0];
  // Each value keeps 1e-7 of the series' span, and at least 7 significant digits.
  EXPECT_EQ(series["x"].dump(), "[1760000000.12346,1760000100.5,1760000050.25]");
  EXPECT_EQ(series["y"].dump(), "[0.3333333,12.345679,null]");
}

TEST(HtmlReport, ThrowsNamingTheFileItCannotWrite) {
  ReportInput in;
  in.title = "x";
  in.mode = "single";
  in.theme = "dark";
  try {
    write_html_report(in, "/nonexistent-dir/report.html");
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/report.html"), std::string::npos);
  }
}

TEST(ChartSampling, KeepsShortSeriesAndSamplesLongOnesWithTheirExtremes) {
  Chart c;
  c.name = "c";
  c.title = "c";
  Series small{.name = "small", .kind = SeriesKind::points, .x = {1, 2, 3}, .y = {1, 2, 3}};
  Series big{.name = "big", .kind = SeriesKind::points};
  Series line{.name = "line", .kind = SeriesKind::line};
  for (std::size_t i = 0; i < 200000; ++i) {
    big.x.push_back(double(i)), big.y.push_back(i == 123457 ? 1e9 : double(i % 100)), big.request.push_back(i);
    big.labels.push_back("");
    line.x.push_back(double(i)), line.y.push_back(i == 77777 ? -5 : 1);
  }
  c.series = {small, big, line};
  const Chart s = sample_chart(c, 10000);
  EXPECT_EQ(s.series[0].x.size(), 3u);
  const Series& b = s.series[1];
  EXPECT_GT(b.x.size(), 8000u);
  EXPECT_LT(b.x.size(), 11000u);
  EXPECT_EQ(b.request.size(), b.x.size());
  EXPECT_EQ(b.labels.size(), b.x.size());
  for (std::size_t k = 0; k < b.x.size(); ++k) ASSERT_EQ(b.x[k], double(b.request[k]));  // still aligned
  EXPECT_NE(std::find(b.y.begin(), b.y.end(), 1e9), b.y.end());  // the spike survives
  EXPECT_NE(std::find(s.series[2].y.begin(), s.series[2].y.end(), -5), s.series[2].y.end());
  EXPECT_LE(s.series[2].x.size(), 10000u);
  ASSERT_EQ(s.notes.size(), 1u);
  EXPECT_NE(s.notes[0].find("of 400,000 points drawn"), std::string::npos) << s.notes[0];
}

TEST(ChartSampling, SamplesAreNestedAcrossRates) {
  for (uint64_t k = 0; k < 100000; ++k)
    if (in_sample(k, 0.01)) {
      ASSERT_TRUE(in_sample(k, 0.02));
    }
  std::size_t kept = 0;
  for (uint64_t k = 0; k < 100000; ++k) kept += in_sample(k, 0.1);
  EXPECT_NEAR(double(kept), 10000, 400);
}

}  // namespace
}  // namespace aiperf::plot
