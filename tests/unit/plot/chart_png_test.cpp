#include "plot/chart_png.h"

#include <gtest/gtest.h>

#include <cairo.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>

namespace aiperf::plot {
namespace {

namespace fs = std::filesystem;

struct Decoded {
  int width = 0, height = 0;
  std::vector<Rgb> pixels;
  double mean_luminance() const {
    double sum = 0;
    for (Rgb p : pixels) sum += (0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b) / 255;
    return pixels.empty() ? 0 : sum / static_cast<double>(pixels.size());
  }
  // Pixels within `tolerance` (per channel) of `c`.
  std::size_t count_near(Rgb c, int tolerance = 12) const {
    std::size_t n = 0;
    for (Rgb p : pixels) {
      n += std::abs(p.r - c.r) <= tolerance && std::abs(p.g - c.g) <= tolerance && std::abs(p.b - c.b) <= tolerance;
    }
    return n;
  }
};

// Decoded by cairo's own PNG reader (libpng underneath), independently of how it was written.
Decoded decode(const fs::path& file) {
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> s(
      cairo_image_surface_create_from_png(file.c_str()), &cairo_surface_destroy);
  if (cairo_surface_status(s.get()) != CAIRO_STATUS_SUCCESS) {
    ADD_FAILURE() << file << ": " << cairo_status_to_string(cairo_surface_status(s.get()));
    return {};
  }
  Decoded d;
  d.width = cairo_image_surface_get_width(s.get());
  d.height = cairo_image_surface_get_height(s.get());
  const unsigned char* data = cairo_image_surface_get_data(s.get());
  const int stride = cairo_image_surface_get_stride(s.get());
  for (int y = 0; y < d.height; ++y) {
    const auto* row = reinterpret_cast<const uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < d.width; ++x) {
      const uint32_t p = row[x];
      d.pixels.push_back({static_cast<uint8_t>(p >> 16), static_cast<uint8_t>(p >> 8), static_cast<uint8_t>(p)});
    }
  }
  return d;
}

class ChartPng : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("aiperf_chart_png_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  Decoded render(const Chart& chart, const char* theme = "light", PngSize size = {}) {
    const fs::path file = dir_ / (chart.name.empty() ? std::string("chart.png") : chart.name + ".png");
    render_png(chart, theme_named(theme), file, size);
    return decode(file);
  }

  fs::path dir_;
};

Series series(std::string name, SeriesKind kind, std::vector<double> x, std::vector<double> y) {
  Series s;
  s.name = std::move(name);
  s.kind = kind;
  s.x = std::move(x);
  s.y = std::move(y);
  return s;
}

Chart scatter(std::size_t n, unsigned seed = 1) {
  Chart c;
  c.name = "scatter";
  c.title = "Time to first token over time";
  c.x = {"Time", "s"};
  c.y = {"Time to first token", "ms"};
  Series s;
  s.name = "requests";
  std::mt19937 rng(seed);
  std::normal_distribution<double> noise(0, 12);
  for (std::size_t i = 0; i < n; ++i) {
    s.x.push_back(static_cast<double>(i) / static_cast<double>(n) * 600);
    s.y.push_back(80 + 30 * std::sin(static_cast<double>(i) * 1e-4) + noise(rng));
  }
  c.series.push_back(std::move(s));
  return c;
}

TEST_F(ChartPng, DecodesToTheRequestedSize) {
  const Decoded d = render(scatter(100));
  EXPECT_EQ(d.width, 1200);
  EXPECT_EQ(d.height, 720);
  const Decoded small = render(scatter(100), "light", {640, 400});
  EXPECT_EQ(small.width, 640);
  EXPECT_EQ(small.height, 400);
}

TEST_F(ChartPng, ThemeDecidesTheBackground) {
  EXPECT_GT(render(scatter(500), "light").mean_luminance(), 0.75);
  EXPECT_LT(render(scatter(500), "dark").mean_luminance(), 0.25);
}

TEST_F(ChartPng, SeriesAreDrawnInTheirPaletteColour) {
  const Theme& t = theme_named("light");
  const Decoded d = render(scatter(300));
  EXPECT_GT(d.count_near(t.palette[0]), 300u);
  Chart c = scatter(300);
  c.series[0].colour = 2;
  EXPECT_GT(render(c).count_near(t.palette[2]), 300u);
  c.series[0].grey = true;
  const Decoded grey = render(c);
  EXPECT_LT(grey.count_near(t.palette[2]), 20u);
}

TEST_F(ChartPng, MillionPointScatterRenders) {
  const Theme& t = theme_named("dark");
  const Decoded d = render(scatter(1'000'000), "dark");
  EXPECT_EQ(d.width, 1200);
  // Dense markers are translucent: look for pixels leaning to the series' colour.
  std::size_t tinted = 0;
  for (Rgb p : d.pixels) tinted += p.r > 150 && p.r > p.b + 60 && p.g > 80;
  EXPECT_GT(tinted, 5000u) << "palette[0] is " << int(t.palette[0].r);
}

TEST_F(ChartPng, MillionPointLineAndSegmentsRender) {
  Chart c = scatter(1'000'000);
  c.series[0].kind = SeriesKind::line;
  Series lanes;
  lanes.name = "in flight";
  lanes.kind = SeriesKind::segments;
  lanes.secondary_y = false;
  for (std::size_t i = 0; i < 1'000'000; ++i) {
    lanes.x.push_back(static_cast<double>(i) * 6e-4);
    lanes.x_end.push_back(static_cast<double>(i) * 6e-4 + 0.5);
    lanes.y.push_back(static_cast<double>(i % 64));
  }
  c.series.push_back(std::move(lanes));
  EXPECT_GT(render(c).count_near(theme_named("light").palette[1]), 1000u);
}

TEST_F(ChartPng, DegenerateDataStillRenders) {
  Chart one = scatter(1);
  EXPECT_GT(render(one).count_near(theme_named("light").palette[0]), 10u);  // a single point, visible

  Chart equal = scatter(0);
  equal.series[0].x = {1, 2, 3};
  equal.series[0].y = {5, 5, 5};
  EXPECT_GT(render(equal).count_near(theme_named("light").palette[0]), 30u);

  Chart nan = scatter(0);
  nan.series[0].name.clear();  // nor a legend swatch in the series' colour
  nan.series[0].x = {std::nan(""), 1, std::numeric_limits<double>::infinity()};
  nan.series[0].y = {1, std::nan(""), 2};
  const Decoded d = render(nan);
  EXPECT_EQ(d.count_near(theme_named("light").palette[0], 40), 0u);
  EXPECT_LT(d.count_near(theme_named("light").background, 0), d.pixels.size());  // frame and "No data"

  EXPECT_NO_THROW(render(Chart{}));  // no series at all
  Chart mismatched = scatter(10);
  mismatched.series[0].y.resize(3);  // lengths disagree: the common prefix is drawn
  EXPECT_NO_THROW(render(mismatched));
}

TEST_F(ChartPng, LogAxisSkipsNonPositiveValues) {
  Chart c = scatter(0);
  c.y.log = true;
  c.series[0].kind = SeriesKind::line;
  c.series[0].x = {0, 1, 2, 3, 4};
  c.series[0].y = {0, 3, -5, 450, 4500};
  EXPECT_NO_THROW(render(c));
  c.x.log = true;  // x = 0 as well
  EXPECT_NO_THROW(render(c));
  c.y.min = 0.0;  // an impossible fixed bound on a log axis is ignored
  EXPECT_NO_THROW(render(c));
}

TEST_F(ChartPng, EveryKindRenders) {
  Chart c;
  c.name = "kinds";
  c.title = "Every kind";
  c.subtitle = "bars, area, segments, a dashed line on the right axis";
  c.notes = {"GPU count unknown: throughput shown per deployment", "every 500th request shown"};
  c.x = {"Concurrency", ""};
  c.y = {"Latency", "ms"};
  c.y2 = Axis{"Throughput", "tokens/s"};
  Series bars = series("p50", SeriesKind::bars, {1, 2, 3}, {10, 20, 15});
  bars.width = 0.4;
  const Series area = series("p99", SeriesKind::area, {1, 2, 3}, {15, 32, 21});
  Series segments = series("busy", SeriesKind::segments, {1}, {5});
  segments.x_end = {2.5};
  Series line = series("throughput", SeriesKind::line, {1, 2, 3}, {100, 180, 210});
  line.dashed = true;
  line.secondary_y = true;
  Series labelled = series("runs", SeriesKind::points, {1, 2, 3}, {12, 25, 18});
  labelled.labels = {"c=1", "c=8", "c=16"};
  labelled.emphasised = true;
  c.series = {bars, area, segments, line, labelled};
  for (const char* theme : {"light", "dark"}) {
    const Decoded d = render(c, theme);
    const Theme& t = theme_named(theme);
    for (std::size_t i = 0; i < 5; ++i) EXPECT_GT(d.count_near(t.palette[i], 30), 20u) << theme << " series " << i;
  }
}

TEST_F(ChartPng, FixedRangeIsHonoured) {
  Chart c = scatter(0);
  c.series[0].x = {0, 10};
  c.series[0].y = {0, 10};
  c.x.min = 0.0;
  c.x.max = 5.0;  // the point at x = 10 lies outside and is clipped, not drawn over the margin
  c.y.min = 0.0;
  c.y.max = 5.0;
  const Decoded d = render(c);
  EXPECT_GT(d.count_near(theme_named("light").palette[0]), 5u);
  for (int y = 0; y < 60; ++y) {
    for (int x = 1100; x < d.width; ++x) {
      const Rgb p = d.pixels[static_cast<std::size_t>(y * d.width + x)];
      EXPECT_FALSE(p.r < 60 && p.g > 80 && p.b > 150) << x << "," << y;
    }
  }
}

TEST_F(ChartPng, ManySeriesAndLongNamesRender) {
  Chart c = scatter(0);
  c.series.clear();
  for (int i = 0; i < 40; ++i) {
    c.series.push_back(series("deployment " + std::to_string(i) + std::string(i == 3 ? 300 : 0, 'x'), SeriesKind::line,
                              {0, 1, 2}, {double(i), double(i + 1), double(i)}));
  }
  c.series[5].name = "bad \xff\xfe utf-8";
  EXPECT_NO_THROW(render(c));
}

TEST_F(ChartPng, UnwritableFileNamesTheFile) {
  const fs::path file = dir_ / "missing" / "dir" / "chart.png";
  try {
    render_png(scatter(10), theme_named("light"), file);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(file.string()), std::string::npos) << e.what();
  }
  EXPECT_THROW(render_png(scatter(10), theme_named("light"), dir_ / "x.png", {0, 100}), std::invalid_argument);
}

}  // namespace
}  // namespace aiperf::plot
