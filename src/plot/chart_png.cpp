#include "plot/chart_png.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include <cairo.h>

#include "plot/axis_scale.h"
#include "plot/label_placer.h"
#include "plot/legend.h"
#include "plot/marker_stamp.h"
#include "plot/nice_ticks.h"
#include "plot/point_thinning.h"
#include "plot/series_style.h"
#include "plot/text_painter.h"

namespace aiperf::plot {
namespace {

using Place = TextPainter::Placement;

// Sizes in px for a 1200×720 image; other sizes scale them (chart_png.h's default is the design size).
constexpr double kPad = 18;
constexpr double kTitlePx = 19, kSubtitlePx = 13.5, kNotePx = 13, kLegendPx = 13;
constexpr double kAxisTitlePx = 14.5, kTickPx = 13, kPointLabelPx = 11.5, kNoDataPx = 17;
constexpr double kTickLength = 5;
constexpr int kLegendRows = 3;
// Above this many kept markers a series is drawn dense: small translucent discs stamped into the
// pixels (marker_stamp.h) instead of outlined circles through cairo.
constexpr std::size_t kSparseMarkers = 4000;
constexpr std::size_t kMergeSegmentsAbove = 2000;
constexpr std::size_t kMaxLabelTries = 2000;  // label placement is quadratic in what it places

bool drawable(double v, bool log) { return std::isfinite(v) && (!log || v > 0); }

std::string axis_title(const Axis& axis) {
  if (axis.unit.empty()) return axis.title;
  if (axis.title.empty()) return axis.unit;
  return axis.title + " (" + axis.unit + ")";
}

// The mantissa of a log tick (1 for 10, 2 for 0.02).
int log_mantissa(double v) {
  return static_cast<int>(std::lround(v / std::pow(10.0, std::floor(std::log10(v) + 1e-9))));
}

// A bar series' width in x units: as given, else 80 % of the closest spacing of its centres.
double bar_width(const Series& s) {
  if (s.width > 0 && std::isfinite(s.width)) return s.width;
  std::vector<double> xs;
  for (double x : s.x) {
    if (std::isfinite(x)) xs.push_back(x);
  }
  std::sort(xs.begin(), xs.end());
  double gap = std::numeric_limits<double>::infinity();
  for (std::size_t i = 1; i < xs.size(); ++i) {
    if (xs[i] > xs[i - 1]) gap = std::min(gap, xs[i] - xs[i - 1]);
  }
  return std::isfinite(gap) ? gap * 0.8 : 0.8;
}

struct Ticks {
  std::vector<double> values;
  std::vector<std::string> labels;
  std::vector<double> minor;  // log axes: 2..9 of each decade, for a lighter grid
  double max_width = 0;
};

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* cr) const { cairo_destroy(cr); }
};

class Renderer {
 public:
  Renderer(const Chart& chart, const Theme& theme, cairo_surface_t* surface, PngSize size)
      : chart_(chart),
        theme_(theme),
        surface_(surface),
        cr_(cairo_create(surface)),
        width_(size.width),
        height_(size.height),
        s_(std::clamp(std::min(size.width / 1200.0, size.height / 720.0), 0.75, 4.0)),
        text_(cr_.get()) {}

  void draw();

 private:
  struct Extents {
    DataExtent x, y, y2;
    bool anchor_y = false, anchor_y2 = false;
    bool any = false;
  };

  cairo_t* cr() const { return cr_.get(); }
  double px(double v) const { return v * s_; }
  TextStyle style(double size, Rgb colour, bool bold = false, bool italic = false) const {
    return {px(size), bold, italic, colour};
  }
  bool on_y2(const Series& s) const { return s.secondary_y && chart_.y2.has_value(); }
  const Axis& y_axis_of(const Series& s) const { return on_y2(s) ? *chart_.y2 : chart_.y; }
  const AxisScale& y_scale_of(const Series& s) const { return on_y2(s) ? y2_ : y_; }
  // The series' points in pixels, against its own y axis.
  void to_pixels(const Series& s, std::vector<double>& xs, std::vector<double>& ys) const {
    const AxisScale& y_scale = y_scale_of(s);
    const std::size_t n = std::min(s.x.size(), s.y.size());
    xs.resize(n), ys.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      xs[i] = x_.to_px(s.x[i]);
      ys[i] = y_scale.to_px(s.y[i]);
    }
  }

  double draw_header(double top);
  Extents measure_data() const;
  Ticks choose_ticks(AxisRange range, bool log, double length, bool horizontal, bool whole = false) const;
  void draw_grid(const Ticks& x_ticks, const Ticks& y_ticks);
  void draw_axes(const Ticks& x_ticks, const Ticks& y_ticks, const Ticks& y2_ticks, double title_h);
  void draw_series(const Series& s, std::size_t position);
  void draw_points(const Series& s, const SeriesStyle& st);
  void draw_lines(const Series& s, const SeriesStyle& st, bool fill);
  void draw_bars(const Series& s, const SeriesStyle& st);
  void draw_segments(const Series& s, const SeriesStyle& st);
  void draw_point_labels();

  const Chart& chart_;
  const Theme& theme_;
  cairo_surface_t* surface_;
  std::unique_ptr<cairo_t, ContextDeleter> cr_;
  int width_, height_;
  double s_;  // scale of every size against the 1200×720 design
  TextPainter text_;

  PixelBox plot_;
  AxisScale x_, y_, y2_;

  struct LabelAnchor {
    double x, y, radius;
    const std::string* text;
    bool bar = false;  // labelled above the bar's top only
  };
  std::vector<LabelAnchor> anchors_;  // in placement priority: emphasised series first
  std::vector<LabelAnchor> later_anchors_;
  std::vector<PixelBox> label_obstacles_;  // emphasised lines: labels must not sit on a frontier
};

double Renderer::draw_header(double top) {
  const double wrap = width_ - 2 * px(kPad);
  const Place block = Place::at(HAlign::left, VAlign::top).wrapped(wrap);
  double y = top;
  if (!chart_.title.empty()) {
    y += text_.draw(chart_.title, style(kTitlePx, theme_.foreground, true), px(kPad), y, block).height;
    y += px(3);
  }
  if (!chart_.subtitle.empty()) {
    y += text_.draw(chart_.subtitle, style(kSubtitlePx, theme_.muted), px(kPad), y, block).height;
    y += px(2);
  }
  for (const std::string& note : chart_.notes) {
    y += text_.draw(note, style(kNotePx, theme_.muted, false, true), px(kPad), y, block).height;
    y += px(1);
  }
  bool has_primary = false, has_secondary = false;
  for (const Series& s : chart_.series) (on_y2(s) ? has_secondary : has_primary) = true;
  const std::vector<LegendEntry> entries = legend_entries(chart_, theme_, s_, has_primary && has_secondary);
  if (!entries.empty()) {
    y += px(6);
    const TextStyle legend_style = style(kLegendPx, theme_.foreground);
    const LegendLayout legend = layout_legend(entries, text_, legend_style, px(kPad), y, wrap, kLegendRows, s_);
    draw_legend(cr(), legend, text_, legend_style, style(kLegendPx, theme_.muted, false, true), s_);
    y += legend.height;
  }
  return y;
}

Renderer::Extents Renderer::measure_data() const {
  Extents e{DataExtent(chart_.x.log), DataExtent(chart_.y.log), DataExtent(chart_.y2 ? chart_.y2->log : false)};
  const bool xlog = chart_.x.log;
  for (const Series& s : chart_.series) {
    const bool secondary = on_y2(s);
    const bool ylog = y_axis_of(s).log;
    DataExtent& ye = secondary ? e.y2 : e.y;
    const std::size_t n = std::min(s.x.size(), s.y.size());
    const double half_bar = s.kind == SeriesKind::bars ? bar_width(s) / 2 : 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (!drawable(s.x[i], xlog) || !drawable(s.y[i], ylog)) continue;
      if (s.kind == SeriesKind::segments) {
        if (i >= s.x_end.size() || !drawable(s.x_end[i], xlog)) continue;
        e.x.add(s.x_end[i]);
      }
      if (s.kind == SeriesKind::bars) {
        e.x.add(s.x[i] - half_bar);
        e.x.add(s.x[i] + half_bar);
      }
      e.x.add(s.x[i]);
      ye.add(s.y[i]);
      e.any = true;
    }
    if (s.kind == SeriesKind::bars || s.kind == SeriesKind::area) (secondary ? e.anchor_y2 : e.anchor_y) = true;
  }
  return e;
}

// Ticks inside `range` whose labels do not collide along an axis of `length` px: fewer ticks
// (a wider 1-2-5 step; on log axes first decades only) until they fit.
Ticks Renderer::choose_ticks(AxisRange range, bool log, double length, bool horizontal, bool whole) const {
  const TextStyle tick_style = style(kTickPx, theme_.muted);
  const AxisScale along(range, log, 0, length);
  int max_count = std::max(2, static_cast<int>(length / px(horizontal ? 90 : 48)));
  Ticks best;
  for (int attempt = 0; attempt < 16; ++attempt) {
    Ticks t;
    std::vector<double> values;
    double step = 0;
    if (log) {
      values = nice_log_ticks(range.lo, range.hi, max_count);
      // After a collision on a log axis, keep 1-2-5 and then decades only (while two remain).
      for (int level = 1; level <= std::min(attempt, 2); ++level) {
        std::vector<double> kept;
        for (double v : values) {
          const int m = log_mantissa(v);
          if (m == 1 || (level == 1 && (m == 2 || m == 5))) kept.push_back(v);
        }
        std::size_t inside = 0;
        for (double v : kept) inside += along.contains(v) ? 1 : 0;
        if (inside >= 2) values = std::move(kept);
      }
    } else {
      const LinearTicks linear = nice_linear_ticks(range.lo, range.hi, max_count, whole);
      values = linear.values;
      step = linear.step;
    }
    for (double v : values) {
      if (!along.contains(v)) continue;
      t.values.push_back(v);
      t.labels.push_back(log ? format_log_tick(v) : format_linear_tick(v, step));
    }
    bool fits = true;
    double prev_end = -1e18;
    for (std::size_t i = 0; i < t.values.size(); ++i) {
      const TextBox box = text_.measure(t.labels[i], tick_style);
      t.max_width = std::max(t.max_width, box.width);
      const double extent = horizontal ? box.width : box.height;
      const double at = along.to_px(t.values[i]);
      if (at - extent / 2 < prev_end) fits = false;
      prev_end = at + extent / 2 + px(horizontal ? 14 : 4);
    }
    best = std::move(t);
    if (fits || max_count <= 1) break;
    if (!log || attempt >= 2) max_count = std::max(1, max_count - 1);
  }
  if (log && std::all_of(best.values.begin(), best.values.end(), [](double v) { return log_mantissa(v) == 1; })) {
    const int first = static_cast<int>(std::floor(std::log10(range.lo)));
    const int last = static_cast<int>(std::ceil(std::log10(range.hi)));
    if (last - first <= 8) {
      for (int e = first; e <= last; ++e) {
        for (int m = 2; m <= 9; ++m) {
          const double v = m * std::pow(10.0, e);
          if (along.contains(v)) best.minor.push_back(v);
        }
      }
    }
  }
  return best;
}

void Renderer::draw_grid(const Ticks& x_ticks, const Ticks& y_ticks) {
  cairo_t* c = cr();
  cairo_save(c);
  cairo_set_line_width(c, 1);
  auto vertical = [&](double v) {
    const double at = std::round(x_.to_px(v)) + 0.5;
    cairo_move_to(c, at, plot_.top);
    cairo_line_to(c, at, plot_.top + plot_.height);
  };
  auto horizontal = [&](double v) {
    const double at = std::round(y_.to_px(v)) + 0.5;
    cairo_move_to(c, plot_.left, at);
    cairo_line_to(c, plot_.left + plot_.width, at);
  };
  for (double v : x_ticks.minor) vertical(v);
  for (double v : y_ticks.minor) horizontal(v);
  set_source(c, theme_.grid, 0.5);
  cairo_stroke(c);
  for (double v : x_ticks.values) vertical(v);
  for (double v : y_ticks.values) horizontal(v);
  set_source(c, theme_.grid);
  cairo_stroke(c);
  cairo_restore(c);
}

void Renderer::draw_axes(const Ticks& x_ticks, const Ticks& y_ticks, const Ticks& y2_ticks, double title_h) {
  cairo_t* c = cr();
  const double left = std::round(plot_.left) + 0.5, bottom = std::round(plot_.top + plot_.height) + 0.5;
  const double right = std::round(plot_.left + plot_.width) + 0.5;
  const double tick = px(kTickLength);
  cairo_save(c);
  cairo_set_line_width(c, 1);
  cairo_move_to(c, left, plot_.top);
  cairo_line_to(c, left, bottom);
  cairo_line_to(c, right, bottom);
  if (chart_.y2) cairo_line_to(c, right, plot_.top);
  for (double v : x_ticks.values) {
    const double at = std::round(x_.to_px(v)) + 0.5;
    cairo_move_to(c, at, bottom);
    cairo_line_to(c, at, bottom + tick);
  }
  for (double v : y_ticks.values) {
    const double at = std::round(y_.to_px(v)) + 0.5;
    cairo_move_to(c, left, at);
    cairo_line_to(c, left - tick, at);
  }
  if (chart_.y2) {
    for (double v : y2_ticks.values) {
      const double at = std::round(y2_.to_px(v)) + 0.5;
      cairo_move_to(c, right, at);
      cairo_line_to(c, right + tick, at);
    }
  }
  set_source(c, theme_.muted);
  cairo_stroke(c);
  cairo_restore(c);

  const TextStyle tick_style = style(kTickPx, theme_.muted);
  for (std::size_t i = 0; i < x_ticks.values.size(); ++i) {
    text_.draw(x_ticks.labels[i], tick_style, x_.to_px(x_ticks.values[i]), bottom + tick + px(3),
               Place::at(HAlign::centre, VAlign::top));
  }
  for (std::size_t i = 0; i < y_ticks.values.size(); ++i) {
    text_.draw(y_ticks.labels[i], tick_style, left - tick - px(5), y_.to_px(y_ticks.values[i]),
               Place::at(HAlign::right, VAlign::middle));
  }
  for (std::size_t i = 0; chart_.y2 && i < y2_ticks.values.size(); ++i) {
    text_.draw(y2_ticks.labels[i], tick_style, right + tick + px(5), y2_.to_px(y2_ticks.values[i]),
               Place::at(HAlign::left, VAlign::middle));
  }

  const TextStyle title_style = style(kAxisTitlePx, theme_.foreground);
  const double mid_x = plot_.left + plot_.width / 2, mid_y = plot_.top + plot_.height / 2;
  text_.draw(axis_title(chart_.x), title_style, mid_x, height_ - px(kPad), Place::at(HAlign::centre, VAlign::bottom));
  text_.draw(axis_title(chart_.y), title_style, px(kPad) + title_h / 2, mid_y,
             Place::at(HAlign::centre, VAlign::middle).turned());
  if (chart_.y2) {
    text_.draw(axis_title(*chart_.y2), title_style, width_ - px(kPad) - title_h / 2, mid_y,
               Place::at(HAlign::centre, VAlign::middle).turned());
  }
}

void Renderer::draw_points(const Series& s, const SeriesStyle& st) {
  std::vector<double> xs, ys_px;
  to_pixels(s, xs, ys_px);
  const std::vector<std::size_t> kept = thin_markers(xs, ys_px, plot_, st.marker_radius, 1);
  const bool dense = kept.size() > kSparseMarkers;
  if (dense) {
    std::vector<PixelPoint> centres;
    centres.reserve(kept.size());
    for (std::size_t i : kept) centres.push_back({xs[i], ys_px[i]});
    MarkerStamp(px(1.9), st.colour, s.grey ? 0.35 : 0.55).draw(surface_, centres, plot_);
    return;
  }
  cairo_t* c = cr();
  cairo_set_line_width(c, px(1));
  for (std::size_t i : kept) {
    cairo_new_path(c);
    cairo_arc(c, xs[i], ys_px[i], st.marker_radius, 0, 2 * std::numbers::pi);
    set_source(c, st.colour);
    cairo_fill_preserve(c);
    set_source(c, theme_.background, 0.9);
    cairo_stroke(c);
  }
  auto& anchors = s.emphasised ? anchors_ : later_anchors_;
  for (std::size_t i : kept) {
    if (i < s.labels.size() && !s.labels[i].empty()) {
      anchors.push_back({xs[i], ys_px[i], st.marker_radius, &s.labels[i]});
    }
  }
}

void Renderer::draw_lines(const Series& s, const SeriesStyle& st, bool fill) {
  const AxisScale& ys = y_scale_of(s);
  std::vector<double> xs, ys_px;
  to_pixels(s, xs, ys_px);
  const std::size_t n = xs.size();
  // Past two points per pixel column, decimating loses nothing a rasteriser would have shown.
  const auto lines = polylines(xs, ys_px, n > 2 * static_cast<std::size_t>(plot_.width));
  cairo_t* c = cr();
  if (fill) {
    // Areas grow from 0, or from the axis' low end when 0 is not on it (a log axis).
    const AxisRange r = ys.range();
    const double base_value = ys.log() ? r.lo : std::clamp(0.0, r.lo, r.hi);
    const double base = ys.to_px(base_value);
    for (const auto& line : lines) {
      cairo_new_path(c);
      cairo_move_to(c, line.front().x, base);
      for (const PixelPoint& p : line) cairo_line_to(c, p.x, p.y);
      cairo_line_to(c, line.back().x, base);
      cairo_close_path(c);
      set_source(c, st.colour, st.fill_alpha);
      cairo_fill(c);
    }
  }
  apply_stroke(c, st, s_);
  for (const auto& line : lines) {
    cairo_new_path(c);
    if (line.size() == 1) {
      // An isolated point between gaps still shows, as a dot the line's width.
      cairo_arc(c, line[0].x, line[0].y, st.line_width, 0, 2 * std::numbers::pi);
      cairo_fill(c);
      continue;
    }
    cairo_move_to(c, line.front().x, line.front().y);
    for (std::size_t i = 1; i < line.size(); ++i) cairo_line_to(c, line[i].x, line[i].y);
    cairo_stroke(c);
  }
  if (s.emphasised && n <= kSparseMarkers) {
    // Boxes every few pixels along the line keep point labels off it.
    const double half = st.line_width / 2 + px(1), step = px(3);
    for (const auto& line : lines) {
      for (std::size_t i = 1; i < line.size(); ++i) {
        const double dx = line[i].x - line[i - 1].x, dy = line[i].y - line[i - 1].y;
        const int steps = std::min(10000, static_cast<int>(std::hypot(dx, dy) / step) + 1);
        for (int k = 0; k <= steps; ++k) {
          const double t = static_cast<double>(k) / steps;
          const double x = line[i - 1].x + dx * t, y = line[i - 1].y + dy * t;
          label_obstacles_.push_back({x - half, y - half, 2 * half, 2 * half});
        }
      }
    }
  }
  cairo_set_dash(c, nullptr, 0, 0);
  if (n <= kSparseMarkers) {
    auto& anchors = s.emphasised ? anchors_ : later_anchors_;
    for (std::size_t i = 0; i < n && i < s.labels.size(); ++i) {
      if (!s.labels[i].empty() && std::isfinite(xs[i]) && std::isfinite(ys_px[i])) {
        anchors.push_back({xs[i], ys_px[i], st.line_width, &s.labels[i]});
      }
    }
  }
}

void Renderer::draw_bars(const Series& s, const SeriesStyle& st) {
  const AxisScale& ys = y_scale_of(s);
  const AxisRange r = ys.range();
  const double base = ys.to_px(ys.log() ? r.lo : std::clamp(0.0, r.lo, r.hi));
  const double half = bar_width(s) / 2;
  const std::size_t n = std::min(s.x.size(), s.y.size());
  cairo_t* c = cr();
  cairo_new_path(c);
  std::vector<LabelAnchor> anchors;
  for (std::size_t i = 0; i < n; ++i) {
    const double centre = x_.to_px(s.x[i]), top = ys.to_px(s.y[i]);
    if (!std::isfinite(centre) || !std::isfinite(top)) continue;
    double x0 = x_.to_px(s.x[i] - half), x1 = x_.to_px(s.x[i] + half);
    if (!std::isfinite(x0)) x0 = centre - (x1 - centre);  // a log x axis cannot show x − w/2 ≤ 0
    if (!std::isfinite(x0) || !std::isfinite(x1)) x0 = centre - px(6), x1 = centre + px(6);
    // A hairline of background between touching bars, once they are wide enough to spare it.
    if (x1 - x0 >= px(6)) x0 += px(0.75), x1 -= px(0.75);
    if (x1 - x0 < 1) x0 = centre - 0.5, x1 = centre + 0.5;
    cairo_rectangle(c, x0, std::min(top, base), x1 - x0, std::fabs(base - top));
    if (i < s.labels.size() && !s.labels[i].empty()) anchors.push_back({centre, top, 0, &s.labels[i], true});
  }
  set_source(c, st.colour);
  cairo_fill(c);
  auto& target = s.emphasised ? anchors_ : later_anchors_;
  target.insert(target.end(), anchors.begin(), anchors.end());
}

void Renderer::draw_segments(const Series& s, const SeriesStyle& st) {
  const AxisScale& ys = y_scale_of(s);
  const std::size_t n = std::min({s.x.size(), s.y.size(), s.x_end.size()});
  std::vector<HorizontalSegment> segments;
  segments.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const HorizontalSegment seg{x_.to_px(s.x[i]), x_.to_px(s.x_end[i]), ys.to_px(s.y[i])};
    if (std::isfinite(seg.x0) && std::isfinite(seg.x1) && std::isfinite(seg.y)) segments.push_back(seg);
  }
  if (segments.size() > kMergeSegmentsAbove) {
    segments = merge_segments(std::move(segments));
  } else {
    for (HorizontalSegment& seg : segments) seg.y = std::round(seg.y);
  }
  cairo_t* c = cr();
  apply_stroke(c, st, s_);
  cairo_set_line_cap(c, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_width(c, std::round(st.line_width * 1.25));
  // An odd width centres on a pixel's middle, an even one on its edge: both stay crisp.
  const double offset = static_cast<int>(std::round(st.line_width * 1.25)) % 2 ? 0.5 : 0;
  cairo_new_path(c);
  for (const HorizontalSegment& seg : segments) {
    const double x0 = std::min(seg.x0, seg.x1), x1 = std::max({seg.x0, seg.x1, x0 + 1});
    cairo_move_to(c, x0, seg.y + offset);
    cairo_line_to(c, x1, seg.y + offset);
  }
  cairo_stroke(c);
  cairo_set_dash(c, nullptr, 0, 0);
}

void Renderer::draw_series(const Series& s, std::size_t position) {
  const SeriesStyle st = style_of(s, position, theme_, s_);
  cairo_save(cr());
  cairo_rectangle(cr(), plot_.left, plot_.top, plot_.width, plot_.height);
  cairo_clip(cr());
  switch (s.kind) {
    case SeriesKind::points: draw_points(s, st); break;
    case SeriesKind::line: draw_lines(s, st, false); break;
    case SeriesKind::area: draw_lines(s, st, true); break;
    case SeriesKind::bars: draw_bars(s, st); break;
    case SeriesKind::segments: draw_segments(s, st); break;
  }
  cairo_restore(cr());
}

void Renderer::draw_point_labels() {
  anchors_.insert(anchors_.end(), later_anchors_.begin(), later_anchors_.end());
  if (anchors_.empty()) return;
  LabelPlacer placer(plot_);
  for (const PixelBox& box : label_obstacles_) placer.block(box);
  const std::size_t tries = std::min(anchors_.size(), kMaxLabelTries);
  // Every labelled marker is an obstacle first, so no label hides another labelled point.
  for (std::size_t i = 0; i < tries; ++i) {
    const LabelAnchor& a = anchors_[i];
    if (!a.bar) placer.block({a.x - a.radius, a.y - a.radius, 2 * a.radius, 2 * a.radius});
  }
  const TextStyle label_style = style(kPointLabelPx, theme_.foreground);
  for (std::size_t i = 0; i < tries; ++i) {
    const LabelAnchor& a = anchors_[i];
    const TextBox size = text_.measure(*a.text, label_style);
    const std::optional<PixelBox> box = placer.place(a.x, a.y, a.radius, px(3), size, a.bar);
    if (!box) continue;
    text_.draw(*a.text, label_style, box->left, box->top,
               Place::at(HAlign::left, VAlign::top).with_halo(theme_.background));
  }
}

void Renderer::draw() {
  cairo_t* c = cr();
  set_source(c, theme_.background);
  cairo_paint(c);

  const double header_bottom = draw_header(px(kPad));
  const Extents extents = measure_data();

  const TextStyle tick_style = style(kTickPx, theme_.muted);
  const double tick_h = text_.measure("0123456789k", tick_style).height;
  const double title_h = text_.measure("Ag(", style(kAxisTitlePx, theme_.foreground)).height;
  const bool x_title = !axis_title(chart_.x).empty();
  const double top = header_bottom + std::max(px(12), tick_h / 2 + px(4));
  const double bottom = height_ - px(kPad) - (x_title ? title_h + px(6) : 0) - tick_h - px(kTickLength + 3);
  const double plot_h = std::max(10.0, bottom - top);

  const AxisRange y_range = choose_range(chart_.y, extents.y, extents.anchor_y);
  const Ticks y_ticks = choose_ticks(y_range, chart_.y.log, plot_h, false, chart_.y.whole_numbers);
  AxisRange y2_range;
  Ticks y2_ticks;
  if (chart_.y2) {
    y2_range = choose_range(*chart_.y2, extents.y2, extents.anchor_y2);
    y2_ticks = choose_ticks(y2_range, chart_.y2->log, plot_h, false, chart_.y2->whole_numbers);
  }
  const double axis_gap = px(kTickLength + 5);
  // A y margin holds the turned axis title, the widest tick label and the tick marks.
  auto y_margin = [&](const Axis& axis, const Ticks& ticks) {
    return px(kPad) + (axis_title(axis).empty() ? 0 : title_h + px(10)) + ticks.max_width + axis_gap;
  };
  const double left = y_margin(chart_.y, y_ticks);
  double right = chart_.y2 ? y_margin(*chart_.y2, y2_ticks) : px(kPad + 10);
  const AxisRange x_range = choose_range(chart_.x, extents.x, false);
  double plot_w = std::max(10.0, width_ - left - right);
  Ticks x_ticks = choose_ticks(x_range, chart_.x.log, plot_w, true, chart_.x.whole_numbers);
  if (!chart_.y2 && !x_ticks.values.empty()) {
    // The last x label is centred on its tick: keep it inside the image.
    const AxisScale along(x_range, chart_.x.log, 0, plot_w);
    const double overflow = along.to_px(x_ticks.values.back()) +
                            text_.measure(x_ticks.labels.back(), tick_style).width / 2 - (plot_w + right - px(6));
    if (overflow > 0) {
      right += overflow;
      plot_w = std::max(10.0, width_ - left - right);
      x_ticks = choose_ticks(x_range, chart_.x.log, plot_w, true, chart_.x.whole_numbers);
    }
  }

  plot_ = {std::round(left), std::round(top), std::round(plot_w), std::round(plot_h)};
  x_ = AxisScale(x_range, chart_.x.log, plot_.left, plot_.left + plot_.width);
  y_ = AxisScale(y_range, chart_.y.log, plot_.top + plot_.height, plot_.top);
  if (chart_.y2) y2_ = AxisScale(y2_range, chart_.y2->log, plot_.top + plot_.height, plot_.top);

  if (extents.any) draw_grid(x_ticks, y_ticks);
  // Baselines (grey) behind, emphasised series (a frontier) on top.
  for (int layer = 0; layer < 3; ++layer) {
    for (std::size_t i = 0; i < chart_.series.size(); ++i) {
      const Series& s = chart_.series[i];
      const int series_layer = s.emphasised ? 2 : s.grey ? 0 : 1;
      if (series_layer == layer) draw_series(s, i);
    }
  }
  const Ticks none;
  draw_axes(extents.any ? x_ticks : none, extents.any ? y_ticks : none, extents.any ? y2_ticks : none, title_h);
  draw_point_labels();
  if (!extents.any) {
    text_.draw("No data", style(kNoDataPx, theme_.muted), plot_.left + plot_.width / 2, plot_.top + plot_.height / 2,
               Place::at(HAlign::centre, VAlign::middle));
  }
  cairo_surface_flush(surface_);
}

}  // namespace

void render_png(const Chart& chart, const Theme& theme, const std::filesystem::path& file, PngSize size) {
  if (size.width <= 0 || size.height <= 0 || size.width > 16384 || size.height > 16384) {
    throw std::invalid_argument("chart size " + std::to_string(size.width) + "x" + std::to_string(size.height) +
                                " for " + file.string() + ": expected 1 to 16384 pixels each way");
  }
  // RGB24: the background is opaque, so the PNG needs no alpha channel (a quarter smaller).
  std::unique_ptr<cairo_surface_t, SurfaceDeleter> surface(
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, size.width, size.height));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error("cannot draw chart " + file.string() + ": " +
                             cairo_status_to_string(cairo_surface_status(surface.get())));
  }
  Renderer(chart, theme, surface.get(), size).draw();
  const cairo_status_t status = cairo_surface_write_to_png(surface.get(), file.c_str());
  if (status != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error("cannot write chart " + file.string() + ": " + cairo_status_to_string(status));
  }
}

}  // namespace aiperf::plot
