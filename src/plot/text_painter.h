// Chart text: pango lays it out and cairo draws it, in one family (DejaVu Sans, with
// fontconfig's fallback for scripts it lacks) at pixel sizes. Text is measured before it is
// placed, so the chart's margins are made from the labels they must hold.
#pragma once

#include <optional>
#include <string_view>

#include <cairo.h>
#include <pango/pangocairo.h>

#include "plot/theme.h"

namespace aiperf::plot {

struct TextStyle {
  double size_px = 13;
  bool bold = false;
  bool italic = false;
  Rgb colour;
};

struct TextBox {
  double width = 0, height = 0;
};

enum class HAlign { left, centre, right };
enum class VAlign { top, middle, bottom };

class TextPainter {
 public:
  explicit TextPainter(cairo_t* cr);
  ~TextPainter();
  TextPainter(const TextPainter&) = delete;
  TextPainter& operator=(const TextPainter&) = delete;

  // wrap_width > 0: lines break at words to fit it.
  TextBox measure(std::string_view text, const TextStyle& style, double wrap_width = 0) const;

  struct Placement {
    HAlign h = HAlign::left;
    VAlign v = VAlign::top;
    double wrap_width = 0;
    bool vertical = false;      // turned 90° anticlockwise (read bottom to top); anchors apply to the turned box
    std::optional<Rgb> halo;    // a 3 px outline in this colour, to keep text readable over data

    static Placement at(HAlign h, VAlign v) {
      Placement p;
      p.h = h;
      p.v = v;
      return p;
    }
    Placement wrapped(double width) const {
      Placement p = *this;
      p.wrap_width = width;
      return p;
    }
    Placement turned() const {
      Placement p = *this;
      p.vertical = true;
      return p;
    }
    Placement with_halo(Rgb colour) const {
      Placement p = *this;
      p.halo = colour;
      return p;
    }
  };
  // Draws `text` with its box anchored at (x, y); returns the box (unturned width and height).
  TextBox draw(std::string_view text, const TextStyle& style, double x, double y, const Placement& place) const;

 private:
  void prepare(std::string_view text, const TextStyle& style, double wrap_width, HAlign align) const;

  cairo_t* cr_;
  PangoLayout* layout_;
};

}  // namespace aiperf::plot
