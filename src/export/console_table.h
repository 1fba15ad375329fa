#pragma once
// A generic box table drawn the way Python's `rich` draws upstream's console tables
// (box.HEAVY_HEAD, one space of padding each side, title centred above). Every console
// table of the report goes through here so they all look alike.
#include <string>
#include <vector>

namespace aiperf {

enum class Justify { left, right };

struct TableColumn {
  std::string header;
  Justify justify = Justify::right;
  std::string sgr;  // ANSI SGR parameters for the column when colour is on ("36" = cyan); "" = plain
};

struct ConsoleTable {
  std::string title;                           // centred above the box; "" = no title line
  std::vector<TableColumn> columns;
  std::vector<std::vector<std::string>> rows;  // UTF-8 cells; '\n' starts a new line in the cell
};

// Renders `table` no wider than `max_width` terminal columns when it can: too-wide tables
// shrink their widest columns first and word-wrap the cells (rich's collapse rule).
// Every line ends in '\n'. With `color` false the result is plain text.
std::string render_table(const ConsoleTable& table, int max_width, bool color);

// Terminal columns taken by UTF-8 `text` (one per code point; no East Asian wide forms).
int display_width(const std::string& text);

// `text` in the SGR style `sgr` ("1", "3", "38;5;45", ...) when `color`, reset after it; else,
// or with an empty `sgr`, `text` as it is.
std::string styled(const std::string& text, const std::string& sgr, bool color);

// `text` word-wrapped at `width` columns with the same rules as table cells: '\n' breaks a
// line, words longer than a line are folded, trailing spaces dropped. Control codes are
// sanitised as in cells.
std::vector<std::string> wrap_text(const std::string& text, int width);

}  // namespace aiperf
