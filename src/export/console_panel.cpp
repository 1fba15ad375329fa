#include "export/console_panel.h"

#include <algorithm>
#include <vector>

#include "export/console_table.h"

namespace aiperf {
namespace {

constexpr const char* kYellow = "33";
constexpr int kFrame = 4;  // "│ " before the text, " │" after it

std::string repeat(const char* s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

std::string render_panel(const ConsolePanel& panel, int max_width, bool color) {
  // Full width, as rich's panels expand; one column of text at the least, so a very narrow
  // terminal still gets every word.
  const int widest_inner = std::max(1, max_width - kFrame);
  std::vector<std::string> lines = wrap_text(panel.text, widest_inner);
  std::vector<std::string> title = wrap_text(panel.title, std::max(1, widest_inner - 2));
  const std::string title_line = title.empty() ? "" : title.front();

  const int inner = widest_inner;

  // The top border is the inner width plus the two spaces of padding.
  const int border = inner + 2;
  std::string top;
  if (title_line.empty()) {
    top = styled("╭" + repeat("─", border) + "╮", kYellow, color);
  } else {
    const std::string label = " " + title_line + " ";
    const int spare = std::max(0, border - display_width(label));
    top = styled("╭" + repeat("─", spare / 2), kYellow, color) + styled(label, "1", color) +
          styled(repeat("─", spare - spare / 2) + "╮", kYellow, color);
  }
  std::string out = top + "\n";
  for (const auto& line : lines) {
    const std::string pad(size_t(std::max(0, inner - display_width(line))), ' ');
    out += styled("│", kYellow, color) + " " + line + pad + " " + styled("│", kYellow, color) + "\n";
  }
  out += styled("╰" + repeat("─", border) + "╯", kYellow, color) + "\n";
  return out;
}

}  // namespace aiperf
