#pragma once
// A character grid the live dashboard is drawn into before anything reaches the terminal: the
// layout is a pure function of the run's state and the grid's size, so it can be tested (and
// saved as a text screenshot) without a terminal. Cells hold one code point and a style.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

enum class CellStyle : uint8_t { normal, title, border, heading, label, value, bar_done, bar_todo, warning, error, dim };

struct Cell {
  char32_t ch = U' ';
  CellStyle style = CellStyle::normal;
};

class Canvas {
 public:
  Canvas(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  const Cell& at(int x, int y) const { return cells_[size_t(y) * size_t(width_) + size_t(x)]; }

  // Writes UTF-8 `text` from (x, y), clipped at `max_width` columns (and the grid's edge);
  // returns the columns written (0 on a row outside the grid). Control characters become spaces.
  int text(int x, int y, std::string_view text, CellStyle style = CellStyle::normal, int max_width = 1 << 30);
  // Fills `width` cells from (x, y) with `ch`.
  void fill(int x, int y, int width, char32_t ch, CellStyle style);
  // A light box with `title` set into its top edge; the inside is (x+1, y+1, w-2, h-2).
  void box(int x, int y, int w, int h, std::string_view title);
  // A horizontal bar of `width` cells, `fraction` (0..1) of it filled.
  void bar(int x, int y, int width, double fraction);

  // The grid as UTF-8 lines, trailing spaces removed (a text screenshot).
  std::string to_text() const;

 private:
  void put(int x, int y, char32_t ch, CellStyle style);

  int width_, height_;
  std::vector<Cell> cells_;
};

// The code points of UTF-8 `text` (invalid bytes become U+FFFD).
std::u32string decode_utf8(std::string_view text);
std::string encode_utf8(char32_t ch);
// An ASCII stand-in for a box-drawing, block or punctuation character (terminals without a
// UTF-8 locale); other code points above 0x7e become '?'.
char ascii_fallback(char32_t ch);

}  // namespace aiperf
