#include "plot/point_thinning.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace aiperf::plot {

std::vector<std::size_t> thin_markers(std::span<const double> px, std::span<const double> py, PixelBox box,
                                      double margin, double cell) {
  std::vector<std::size_t> kept;
  const std::size_t n = std::min(px.size(), py.size());
  cell = std::max(cell, 0.25);
  const double left = box.left - margin, top = box.top - margin;
  const auto columns = static_cast<std::size_t>(std::ceil((box.width + 2 * margin) / cell)) + 1;
  const auto rows = static_cast<std::size_t>(std::ceil((box.height + 2 * margin) / cell)) + 1;
  if (box.width <= 0 || box.height <= 0 || columns * rows > (std::size_t{1} << 28)) return kept;
  std::vector<std::uint8_t> taken(columns * rows, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const double cx = (px[i] - left) / cell, cy = (py[i] - top) / cell;
    if (!(cx >= 0 && cy >= 0 && cx < static_cast<double>(columns) && cy < static_cast<double>(rows))) continue;
    std::uint8_t& slot = taken[static_cast<std::size_t>(cy) * columns + static_cast<std::size_t>(cx)];
    if (slot) continue;
    slot = 1;
    kept.push_back(i);
  }
  return kept;
}

std::vector<std::vector<PixelPoint>> polylines(std::span<const double> px, std::span<const double> py, bool decimate) {
  std::vector<std::vector<PixelPoint>> lines;
  const std::size_t n = std::min(px.size(), py.size());
  std::vector<PixelPoint> line;
  // The open column run: its first, lowest, highest and last point, in the order they came.
  bool in_run = false;
  double column = 0;
  PixelPoint first, low, high, last;
  std::size_t low_at = 0, high_at = 0;
  std::size_t run_index = 0;
  auto close_run = [&] {
    if (!in_run) return;
    in_run = false;
    line.push_back(first);
    if (run_index == 0) return;
    // min and max in the order they occurred, then last; duplicates of neighbours dropped.
    const bool low_first = low_at <= high_at;
    const PixelPoint& a = low_first ? low : high;
    const PixelPoint& b = low_first ? high : low;
    const std::size_t a_at = low_first ? low_at : high_at, b_at = low_first ? high_at : low_at;
    if (a_at != 0 && a_at != run_index) line.push_back(a);
    if (b_at != 0 && b_at != run_index && b_at != a_at) line.push_back(b);
    line.push_back(last);
  };
  auto end_line = [&] {
    close_run();
    if (!line.empty()) lines.push_back(std::move(line));
    line.clear();
  };
  for (std::size_t i = 0; i < n; ++i) {
    const PixelPoint p{px[i], py[i]};
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
      end_line();
      continue;
    }
    if (!decimate) {
      line.push_back(p);
      continue;
    }
    const double c = std::floor(p.x);
    if (in_run && c == column) {
      ++run_index;
      if (p.y < low.y) low = p, low_at = run_index;
      if (p.y > high.y) high = p, high_at = run_index;
      last = p;
      continue;
    }
    close_run();
    in_run = true;
    column = c;
    first = low = high = last = p;
    low_at = high_at = run_index = 0;
  }
  end_line();
  return lines;
}

std::vector<HorizontalSegment> merge_segments(std::vector<HorizontalSegment> segments, double gap) {
  for (HorizontalSegment& s : segments) {
    if (s.x1 < s.x0) std::swap(s.x0, s.x1);
    s.y = std::round(s.y);
  }
  std::erase_if(segments, [](const HorizontalSegment& s) {
    return !std::isfinite(s.x0) || !std::isfinite(s.x1) || !std::isfinite(s.y);
  });
  std::sort(segments.begin(), segments.end(), [](const HorizontalSegment& a, const HorizontalSegment& b) {
    return a.y != b.y ? a.y < b.y : a.x0 < b.x0;
  });
  std::vector<HorizontalSegment> merged;
  for (const HorizontalSegment& s : segments) {
    if (!merged.empty() && merged.back().y == s.y && s.x0 <= merged.back().x1 + gap) {
      merged.back().x1 = std::max(merged.back().x1, s.x1);
    } else {
      merged.push_back(s);
    }
  }
  return merged;
}

}  // namespace aiperf::plot
