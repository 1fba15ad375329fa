#include "export/console_table.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace aiperf {
namespace {

struct BoxChars {
  const char* left;
  const char* fill;
  const char* cross;
  const char* right;
};
// rich's HEAVY_HEAD box: heavy lines around the header, light lines around the body.
constexpr BoxChars kTop{"┏", "━", "┳", "┓"};
constexpr BoxChars kHeadRow{"┃", " ", "┃", "┃"};
constexpr BoxChars kHeadRule{"┡", "━", "╇", "┩"};
constexpr BoxChars kBodyRow{"│", " ", "│", "│"};
constexpr BoxChars kBottom{"└", "─", "┴", "┘"};

constexpr int kPadding = 2;  // one blank column either side of every cell

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

bool is_space(char c) { return c == ' '; }

// Like rich's Text: drop the control codes it strips, expand tabs, keep '\n' as line break.
// Other C0 controls would move the terminal cursor, so they become '?'.
std::string sanitize(const std::string& cell) {
  std::string out;
  int column = 0;
  for (size_t i = 0; i < cell.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(cell[i]);
    if (c == '\n') {
      out += '\n';
      column = 0;
    } else if (c == 7 || c == 8 || c == 11 || c == 12 || c == 13) {
      continue;
    } else if (c == '\t') {
      do {
        out += ' ';
        ++column;
      } while (column % 8 != 0);
    } else if (c < 0x20 || c == 0x7F) {
      out += '?';
      ++column;
    } else {
      out += cell[i];
      if (!is_continuation(c)) ++column;
    }
  }
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t begin = 0;
  for (;;) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos) {
      lines.push_back(text.substr(begin));
      return lines;
    }
    lines.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
}

std::string rstrip(std::string s) {
  while (!s.empty() && is_space(s.back())) s.pop_back();
  return s;
}

// Longest line: the width a cell asks for before any wrapping (rich's Measurement.maximum).
int natural_width(const std::string& text) {
  int widest = 0;
  for (const auto& line : split_lines(text)) widest = std::max(widest, display_width(line));
  return widest;
}

// Splits `word` into pieces of at most `width` columns (rich's chop_cells).
std::vector<std::string> chop(const std::string& word, int width) {
  std::vector<std::string> pieces(1);
  int used = 0;
  for (size_t i = 0; i < word.size();) {
    size_t len = 1;
    while (i + len < word.size() && is_continuation(static_cast<unsigned char>(word[i + len]))) ++len;
    if (used + 1 > width) {
      pieces.emplace_back();
      used = 0;
    }
    pieces.back() += word.substr(i, len);
    ++used;
    i += len;
  }
  return pieces;
}

// Greedy word wrap of one line at `width` columns, folding words longer than a line;
// the break rules follow rich's divide_line so wrapped cells match upstream's.
std::vector<std::string> wrap_line(const std::string& line, int width) {
  std::vector<size_t> breaks;
  int offset = 0;
  size_t i = 0;
  while (i < line.size()) {
    size_t start = i;  // a word is: leading spaces, non-spaces, trailing spaces
    while (i < line.size() && is_space(line[i])) ++i;
    while (i < line.size() && !is_space(line[i])) ++i;
    while (i < line.size() && is_space(line[i])) ++i;
    std::string word = line.substr(start, i - start);
    int word_width = display_width(rstrip(word));
    if (width - offset >= word_width) {
      offset += display_width(word);
    } else if (word_width > width) {
      auto pieces = chop(word, width);
      for (size_t p = 0; p < pieces.size(); ++p) {
        if (start > 0) breaks.push_back(start);
        if (p + 1 == pieces.size())
          offset = display_width(pieces[p]);
        else
          start += pieces[p].size();
      }
    } else {
      breaks.push_back(start);
      offset = display_width(word);
    }
  }
  std::vector<std::string> out;
  size_t from = 0;
  for (size_t at : breaks) {
    if (at <= from) continue;
    out.push_back(line.substr(from, at - from));
    from = at;
  }
  out.push_back(line.substr(from));
  return out;
}

// Drops trailing spaces and anything past `width` columns, then pads to exactly `width`.
std::string justify(const std::string& line, int width, Justify how) {
  std::string text = rstrip(line);
  if (display_width(text) > width) {
    std::string cut;
    int used = 0;
    for (size_t i = 0; i < text.size() && used < width;) {
      size_t len = 1;
      while (i + len < text.size() && is_continuation(static_cast<unsigned char>(text[i + len]))) ++len;
      cut += text.substr(i, len);
      ++used;
      i += len;
    }
    text = cut;
  }
  std::string pad(size_t(width - display_width(text)), ' ');
  return how == Justify::right ? pad + text : text + pad;
}

std::vector<std::string> render_cell(const std::string& text, int width, Justify how) {
  std::vector<std::string> out;
  for (const auto& line : split_lines(text))
    for (const auto& piece : wrap_line(line, width)) out.push_back(justify(piece, width, how));
  return out;
}

// Python's round(): half to even (the default floating-point rounding mode).
int round_half_even(double v) { return int(std::nearbyint(v)); }

// rich's ratio_reduce: takes `total` away from `values`, shared by `ratios`, capped by `maximums`.
std::vector<int> ratio_reduce(int total, std::vector<int> ratios, const std::vector<int>& maximums,
                              const std::vector<int>& values) {
  for (size_t i = 0; i < ratios.size(); ++i)
    if (maximums[i] == 0) ratios[i] = 0;
  int total_ratio = std::accumulate(ratios.begin(), ratios.end(), 0);
  if (total_ratio == 0) return values;
  int remaining = total;
  std::vector<int> result;
  for (size_t i = 0; i < values.size(); ++i) {
    if (ratios[i] && total_ratio > 0) {
      int distributed = std::min(maximums[i], round_half_even(double(ratios[i]) * remaining / total_ratio));
      result.push_back(values[i] - distributed);
      remaining -= distributed;
      total_ratio -= ratios[i];
    } else {
      result.push_back(values[i]);
    }
  }
  return result;
}

// rich's _collapse_widths: narrows the widest columns down to the next widest until it fits.
std::vector<int> collapse_widths(std::vector<int> widths, int max_width) {
  int total = std::accumulate(widths.begin(), widths.end(), 0);
  int excess = total - max_width;
  while (total > 0 && excess > 0) {
    int widest = *std::max_element(widths.begin(), widths.end());
    int second = 0;
    for (int w : widths)
      if (w != widest) second = std::max(second, w);
    int difference = widest - second;
    if (difference == 0) break;
    std::vector<int> ratios;
    for (int w : widths) ratios.push_back(w == widest ? 1 : 0);
    std::vector<int> max_reduce(widths.size(), std::min(excess, difference));
    widths = ratio_reduce(excess, ratios, max_reduce, widths);
    total = std::accumulate(widths.begin(), widths.end(), 0);
    excess = total - max_width;
  }
  return widths;
}

// Column widths including padding, shrunk to fit `max_width` as rich does.
std::vector<int> column_widths(const std::vector<std::vector<std::string>>& grid, size_t columns,
                               int max_width) {
  std::vector<int> natural(columns, kPadding);
  for (const auto& row : grid)
    for (size_t c = 0; c < columns; ++c) natural[c] = std::max(natural[c], natural_width(row[c]) + kPadding);

  int budget = max_width - int(columns) - 1;  // the vertical rules
  std::vector<int> widths = natural;
  if (std::accumulate(widths.begin(), widths.end(), 0) > budget) {
    widths = collapse_widths(widths, budget);
    int total = std::accumulate(widths.begin(), widths.end(), 0);
    if (total > budget)
      widths = ratio_reduce(total - budget, std::vector<int>(columns, 1), widths, widths);
    for (size_t c = 0; c < columns; ++c) widths[c] = std::min(natural[c], widths[c]);
  }
  // Below one text column a cell cannot show anything; keep it readable instead.
  for (int& w : widths) w = std::max(w, kPadding + 1);
  return widths;
}

std::string rule(const BoxChars& box, const std::vector<int>& widths) {
  std::string out = box.left;
  for (size_t c = 0; c < widths.size(); ++c) {
    if (c > 0) out += box.cross;
    for (int i = 0; i < widths[c]; ++i) out += box.fill;
  }
  out += box.right;
  out += '\n';
  return out;
}

std::string render_row(const BoxChars& box, const std::vector<std::string>& cells,
                       const ConsoleTable& table, const std::vector<int>& widths, bool header,
                       bool color) {
  std::vector<std::vector<std::string>> lines;
  size_t height = 1;
  for (size_t c = 0; c < cells.size(); ++c) {
    lines.push_back(render_cell(cells[c], widths[c] - kPadding, table.columns[c].justify));
    height = std::max(height, lines.back().size());
  }
  std::string out;
  for (size_t l = 0; l < height; ++l) {
    out += box.left;
    for (size_t c = 0; c < cells.size(); ++c) {
      if (c > 0) out += box.cross;
      std::string text = l < lines[c].size() ? lines[c][l] : std::string(size_t(widths[c] - kPadding), ' ');
      std::string sgr = table.columns[c].sgr;
      if (header) sgr = sgr.empty() ? "1" : "1;" + sgr;
      out += styled(" " + text + " ", sgr, color);
    }
    out += box.right;
    out += '\n';
  }
  return out;
}

}  // namespace

std::string styled(const std::string& text, const std::string& sgr, bool color) {
  if (!color || sgr.empty()) return text;
  return "\x1b[" + sgr + "m" + text + "\x1b[0m";
}

int display_width(const std::string& text) {
  int width = 0;
  for (unsigned char c : text)
    if (!is_continuation(c)) ++width;
  return width;
}

std::vector<std::string> wrap_text(const std::string& text, int width) {
  std::vector<std::string> out;
  for (const auto& line : split_lines(sanitize(text)))
    for (const auto& piece : wrap_line(line, std::max(width, 1))) out.push_back(rstrip(piece));
  return out;
}

std::string render_table(const ConsoleTable& table, int max_width, bool color) {
  const size_t columns = table.columns.size();
  if (columns == 0) return "";
  std::vector<std::vector<std::string>> grid;
  std::vector<std::string> header;
  for (const auto& col : table.columns) header.push_back(sanitize(col.header));
  grid.push_back(header);
  for (const auto& row : table.rows) {
    std::vector<std::string> cells;
    for (size_t c = 0; c < columns; ++c) cells.push_back(c < row.size() ? sanitize(row[c]) : "");
    grid.push_back(cells);
  }
  std::vector<int> widths = column_widths(grid, columns, max_width);
  int table_width = std::accumulate(widths.begin(), widths.end(), 0) + int(columns) + 1;

  std::string out;
  if (!table.title.empty()) {
    std::string title = sanitize(table.title);
    int spare = std::max(0, table_width - display_width(title));
    out += std::string(size_t(spare / 2), ' ') + styled(title, "3", color) +
           std::string(size_t(spare - spare / 2), ' ') + '\n';
  }
  out += rule(kTop, widths);
  out += render_row(kHeadRow, grid[0], table, widths, true, color);
  out += rule(kHeadRule, widths);
  for (size_t r = 1; r < grid.size(); ++r) out += render_row(kBodyRow, grid[r], table, widths, false, color);
  out += rule(kBottom, widths);
  return out;
}

}  // namespace aiperf
