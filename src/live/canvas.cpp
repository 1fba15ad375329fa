#include "live/canvas.h"

#include <algorithm>

namespace aiperf {

std::u32string decode_utf8(std::string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    int extra = b < 0x80 ? 0 : (b >> 5) == 0x6 ? 1 : (b >> 4) == 0xe ? 2 : (b >> 3) == 0x1e ? 3 : -1;
    if (extra < 0 || i + size_t(extra) >= s.size()) {
      out.push_back(U'\uFFFD');
      ++i;
      continue;
    }
    char32_t cp = extra == 0 ? b : char32_t(b & (0x3f >> extra));
    bool ok = true;
    for (int k = 1; k <= extra; ++k) {
      const auto c = static_cast<unsigned char>(s[i + size_t(k)]);
      if ((c >> 6) != 0x2) ok = false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (!ok) {
      out.push_back(U'\uFFFD');
      ++i;
      continue;
    }
    out.push_back(cp);
    i += size_t(extra) + 1;
  }
  return out;
}

std::string encode_utf8(char32_t cp) {
  std::string out;
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xc0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += char(0xe0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3f));
    out += char(0x80 | (cp & 0x3f));
  } else {
    out += char(0xf0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3f));
    out += char(0x80 | ((cp >> 6) & 0x3f));
    out += char(0x80 | (cp & 0x3f));
  }
  return out;
}

char ascii_fallback(char32_t ch) {
  if (ch < 0x7f) return char(ch);
  // Box drawing (U+2500..U+257F): horizontal lines, vertical lines, and the rest are corners.
  if (ch >= 0x2500 && ch <= 0x257f) {
    switch (ch) {
      case U'─': case U'━': case U'╌': case U'╍': case U'═': return '-';
      case U'│': case U'┃': case U'╎': case U'╏': case U'║': return '|';
      default: return '+';
    }
  }
  switch (ch) {
    case U'█': case U'▉': case U'▊': case U'▋': case U'▌': return '#';
    case U'░': case U'▒': return '.';
    case U'·': case U'•': return '.';
    case U'…': return '~';
    case U'—': case U'–': return '-';
    case U'µ': return 'u';
    default: return '?';
  }
}

Canvas::Canvas(int width, int height)
    : width_(std::max(0, width)), height_(std::max(0, height)), cells_(size_t(width_) * size_t(height_)) {}

void Canvas::put(int x, int y, char32_t ch, CellStyle style) {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
  cells_[size_t(y) * size_t(width_) + size_t(x)] = Cell{ch < 0x20 || ch == 0x7f ? U' ' : ch, style};
}

int Canvas::text(int x, int y, std::string_view s, CellStyle style, int max_width) {
  int written = 0;
  if (y < 0 || y >= height_) return 0;
  for (char32_t ch : decode_utf8(s)) {
    if (written >= max_width || x + written >= width_) break;
    put(x + written, y, ch, style);
    ++written;
  }
  return written;
}

void Canvas::fill(int x, int y, int width, char32_t ch, CellStyle style) {
  for (int i = 0; i < width; ++i) put(x + i, y, ch, style);
}

void Canvas::box(int x, int y, int w, int h, std::string_view title) {
  if (w < 2 || h < 2) return;
  put(x, y, U'┌', CellStyle::border);
  put(x + w - 1, y, U'┐', CellStyle::border);
  put(x, y + h - 1, U'└', CellStyle::border);
  put(x + w - 1, y + h - 1, U'┘', CellStyle::border);
  fill(x + 1, y, w - 2, U'─', CellStyle::border);
  fill(x + 1, y + h - 1, w - 2, U'─', CellStyle::border);
  for (int r = y + 1; r < y + h - 1; ++r) {
    put(x, r, U'│', CellStyle::border);
    put(x + w - 1, r, U'│', CellStyle::border);
  }
  if (!title.empty() && w > 6) {
    put(x + 1, y, U' ', CellStyle::border);
    const int n = text(x + 2, y, title, CellStyle::heading, w - 5);
    put(x + 2 + n, y, U' ', CellStyle::border);
  }
}

void Canvas::bar(int x, int y, int width, double fraction) {
  if (width <= 0) return;
  fraction = std::clamp(fraction, 0.0, 1.0);
  const int done = int(fraction * width + 1e-9);
  fill(x, y, done, U'█', CellStyle::bar_done);
  fill(x + done, y, width - done, U'░', CellStyle::bar_todo);
}

std::string Canvas::to_text() const {
  std::string out;
  for (int y = 0; y < height_; ++y) {
    std::string line;
    for (int x = 0; x < width_; ++x) line += encode_utf8(at(x, y).ch);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace aiperf
