#include "plot/legend.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

namespace aiperf::plot {
namespace {

using Place = TextPainter::Placement;

constexpr double kSwatch = 26;      // swatch width, px at scale 1
constexpr double kSwatchGap = 7;    // swatch to text
constexpr double kEntryGap = 22;    // between entries

}  // namespace

std::vector<LegendEntry> legend_entries(const Chart& chart, const Theme& theme, double scale, bool right_axis_suffix) {
  std::vector<LegendEntry> entries;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < chart.series.size(); ++i) {
    const Series& s = chart.series[i];
    if (s.name.empty()) continue;
    std::string text = s.name;
    if (right_axis_suffix && s.secondary_y) text += " (right axis)";
    if (!seen.insert(text).second) continue;
    entries.push_back({std::move(text), s.kind, style_of(s, i, theme, scale)});
  }
  return entries;
}

LegendLayout layout_legend(const std::vector<LegendEntry>& entries, const TextPainter& text, const TextStyle& style,
                           double left, double top, double max_width, int max_rows, double scale) {
  LegendLayout layout;
  if (entries.empty()) return layout;
  const double swatch = (kSwatch + kSwatchGap) * scale, gap = kEntryGap * scale;
  layout.row_height = std::max(text.measure("Ag", style).height, 14 * scale) + 4 * scale;
  struct Flowed {
    std::string label;
    double x, width;
    int row;
  };
  std::vector<Flowed> flowed;
  double x = left;
  int row = 0;
  for (const LegendEntry& entry : entries) {
    // An entry wider than a whole row is cut short rather than overflowing the image.
    std::string label = entry.text;
    double width = swatch + text.measure(label, style).width;
    while (width > max_width && label.size() > 4) {
      label.erase(label.size() - 4);
      while (!label.empty() && (static_cast<unsigned char>(label.back()) & 0xC0) == 0x80) label.pop_back();
      if (!label.empty()) label.pop_back();
      label += "\u2026";
      width = swatch + text.measure(label, style).width;
    }
    if (x > left && x + width > left + max_width) {
      ++row;
      x = left;
    }
    flowed.push_back({std::move(label), x, width, row});
    x += width + gap;
  }
  std::size_t kept = flowed.size();
  if (flowed.back().row >= max_rows) {
    // Drop what falls below the last row, then entries off the last row's end until the
    // "+N more" note fits after it.
    while (kept > 0 && flowed[kept - 1].row >= max_rows) --kept;
    auto note_fits = [&] {
      const std::string more = "+" + std::to_string(flowed.size() - kept) + " more";
      const double at = kept == 0 ? left : flowed[kept - 1].x + flowed[kept - 1].width + gap;
      return at + text.measure(more, style).width <= left + max_width;
    };
    while (kept > 1 && !note_fits()) --kept;
  }
  for (std::size_t i = 0; i < kept; ++i) {
    layout.placed.push_back({&entries[i], flowed[i].label, flowed[i].x, top + flowed[i].row * layout.row_height});
  }
  int rows = kept > 0 ? flowed[kept - 1].row + 1 : 1;
  if (kept < flowed.size()) {
    const double at = kept == 0 ? left : flowed[kept - 1].x + flowed[kept - 1].width + gap;
    const int note_row = kept == 0 ? 0 : flowed[kept - 1].row;
    layout.placed.push_back({nullptr, "+" + std::to_string(flowed.size() - kept) + " more", at,
                             top + note_row * layout.row_height});
    rows = note_row + 1;
  }
  layout.height = rows * layout.row_height;
  return layout;
}

void draw_legend(cairo_t* cr, const LegendLayout& layout, const TextPainter& text, const TextStyle& style,
                 const TextStyle& more_style, double scale) {
  const double w = kSwatch * scale, mid = layout.row_height / 2;
  for (const PlacedEntry& p : layout.placed) {
    if (!p.entry) {
      text.draw(p.text, more_style, p.x, p.y + mid, Place::at(HAlign::left, VAlign::middle));
      continue;
    }
    const SeriesStyle& st = p.entry->style;
    const double cy = p.y + mid;
    cairo_save(cr);
    switch (p.entry->kind) {
      case SeriesKind::points: {
        const double r = std::min(st.marker_radius + 0.5 * scale, 6 * scale);
        cairo_arc(cr, p.x + w / 2, cy, r, 0, 2 * std::numbers::pi);
        set_source(cr, st.colour);
        cairo_fill(cr);
        break;
      }
      case SeriesKind::bars: {
        const double side = 12 * scale;
        cairo_rectangle(cr, p.x + (w - side) / 2, cy - side / 2, side, side);
        set_source(cr, st.colour);
        cairo_fill(cr);
        break;
      }
      case SeriesKind::area: {
        const double h = 11 * scale;
        cairo_rectangle(cr, p.x, cy - h / 2, w, h);
        set_source(cr, st.colour, st.fill_alpha + 0.1);
        cairo_fill(cr);
        apply_stroke(cr, st, scale);
        cairo_move_to(cr, p.x, cy - h / 2);
        cairo_line_to(cr, p.x + w, cy - h / 2);
        cairo_stroke(cr);
        break;
      }
      case SeriesKind::line:
      case SeriesKind::segments: {
        apply_stroke(cr, st, scale);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
        cairo_move_to(cr, p.x, cy);
        cairo_line_to(cr, p.x + w, cy);
        cairo_stroke(cr);
        break;
      }
    }
    cairo_restore(cr);
    text.draw(p.text, style, p.x + (kSwatch + kSwatchGap) * scale, cy, Place::at(HAlign::left, VAlign::middle));
  }
}

}  // namespace aiperf::plot
