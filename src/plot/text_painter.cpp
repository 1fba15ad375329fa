#include "plot/text_painter.h"

#include <cmath>
#include <numbers>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
#define AIPERF_PLOT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AIPERF_PLOT_ASAN 1
#endif
#endif

#ifdef AIPERF_PLOT_ASAN
// fontconfig keeps its parsed font cache for the life of the process, linked through offsets
// that LeakSanitizer cannot follow, so every process that sets text reports it as leaked.
// Defined here, beside the code that loads fontconfig, so any binary that draws charts (the
// unit tests, aiperf itself) gets it; LeakSanitizer asks for it at exit.
extern "C" __attribute__((visibility("default"), used)) const char* __lsan_default_suppressions() {
  return "leak:libfontconfig.so\n";
}
#endif

namespace aiperf::plot {
namespace {

constexpr const char* kFamily = "DejaVu Sans";

}  // namespace

TextPainter::TextPainter(cairo_t* cr) : cr_(cr), layout_(pango_cairo_create_layout(cr)) {
  // Unhinted metrics: a label measures the same wherever and however it is turned, so what was
  // measured for the margins is what gets drawn. Grey anti-aliasing: colour fringes of subpixel
  // rendering would show in a PNG viewed on another screen.
  cairo_font_options_t* options = cairo_font_options_create();
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options(pango_layout_get_context(layout_), options);
  cairo_font_options_destroy(options);
  pango_layout_context_changed(layout_);
}

TextPainter::~TextPainter() { g_object_unref(layout_); }

void TextPainter::prepare(std::string_view text, const TextStyle& style, double wrap_width, HAlign align) const {
  PangoFontDescription* font = pango_font_description_new();
  pango_font_description_set_family(font, kFamily);
  pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style(font, style.italic ? PANGO_STYLE_OBLIQUE : PANGO_STYLE_NORMAL);
  pango_font_description_set_absolute_size(font, style.size_px * PANGO_SCALE);
  pango_layout_set_font_description(layout_, font);
  pango_font_description_free(font);
  // Names come from run directories and user files: pango wants valid UTF-8, so bad bytes
  // become U+FFFD rather than a warning and a truncated label.
  const std::string owned(text);
  gchar* valid = g_utf8_make_valid(owned.c_str(), static_cast<gssize>(owned.size()));
  pango_layout_set_text(layout_, valid, -1);
  g_free(valid);
  pango_layout_set_width(layout_, wrap_width > 0 ? static_cast<int>(wrap_width * PANGO_SCALE) : -1);
  pango_layout_set_wrap(layout_, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment(layout_, align == HAlign::left    ? PANGO_ALIGN_LEFT
                                      : align == HAlign::right ? PANGO_ALIGN_RIGHT
                                                               : PANGO_ALIGN_CENTER);
}

TextBox TextPainter::measure(std::string_view text, const TextStyle& style, double wrap_width) const {
  if (text.empty()) return {};
  prepare(text, style, wrap_width, HAlign::left);
  PangoRectangle logical;
  pango_layout_get_extents(layout_, nullptr, &logical);
  // A wrapped layout's box is as wide as its widest line, not the wrap width.
  return {static_cast<double>(logical.width) / PANGO_SCALE, static_cast<double>(logical.height) / PANGO_SCALE};
}

TextBox TextPainter::draw(std::string_view text, const TextStyle& style, double x, double y,
                          const Placement& place) const {
  if (text.empty()) return {};
  prepare(text, style, place.wrap_width, place.h);
  PangoRectangle logical;
  pango_layout_get_extents(layout_, nullptr, &logical);
  auto pixels = [](int pango_units) { return static_cast<double>(pango_units) / PANGO_SCALE; };
  const double w = pixels(logical.width), h = pixels(logical.height), lx = pixels(logical.x), ly = pixels(logical.y);
  // The box as it lies on the page: turned text is h wide and w tall.
  const double page_w = place.vertical ? h : w, page_h = place.vertical ? w : h;
  const double left = place.h == HAlign::left ? x : place.h == HAlign::centre ? x - page_w / 2 : x - page_w;
  const double top = place.v == VAlign::top ? y : place.v == VAlign::middle ? y - page_h / 2 : y - page_h;

  cairo_save(cr_);
  if (place.vertical) {
    cairo_translate(cr_, left, top + page_h);
    cairo_rotate(cr_, -std::numbers::pi / 2);
  } else {
    cairo_translate(cr_, left, top);
  }
  cairo_translate(cr_, -lx, -ly);
  pango_cairo_update_layout(cr_, layout_);
  if (place.halo) {
    cairo_new_path(cr_);
    cairo_move_to(cr_, 0, 0);
    pango_cairo_layout_path(cr_, layout_);
    cairo_set_source_rgba(cr_, place.halo->r / 255.0, place.halo->g / 255.0, place.halo->b / 255.0, 0.85);
    cairo_set_line_width(cr_, 3);
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr_);
  }
  cairo_move_to(cr_, 0, 0);
  cairo_set_source_rgb(cr_, style.colour.r / 255.0, style.colour.g / 255.0, style.colour.b / 255.0);
  pango_cairo_show_layout(cr_, layout_);
  cairo_restore(cr_);
  return {w, h};
}

}  // namespace aiperf::plot
