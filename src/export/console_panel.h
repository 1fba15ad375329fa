#pragma once
// A boxed text panel for the console report's warnings (metrics-and-outputs.md §6.1 item 3),
// drawn with rich's rounded box (`╭─╮ │ ╰─╯`), the title set into the top border.
#include <string>

namespace aiperf {

struct ConsolePanel {
  std::string title;  // centred in the top border; "" = plain border
  std::string text;   // word-wrapped to fit; '\n' starts a new line
};

// The panel `max_width` columns wide (rich's panels expand to the console width), text
// word-wrapped inside; yellow border and bold title only if `color`. Every line ends in '\n'.
std::string render_panel(const ConsolePanel& panel, int max_width, bool color);

}  // namespace aiperf
