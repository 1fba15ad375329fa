// Light and dark themes. Both use the Okabe–Ito palette (distinguishable with the common forms
// of colour blindness), reordered so the first colour of each theme reads well on its background.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace aiperf::plot {

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
};

struct Theme {
  std::string name;  // "light" | "dark"
  Rgb background;
  Rgb foreground;  // text, axes
  Rgb muted;       // secondary text, tick labels
  Rgb grid;
  Rgb neutral;     // grey series (baselines)
  std::array<Rgb, 8> palette;
};

// "light" or "dark"; anything else throws std::invalid_argument naming the accepted values.
const Theme& theme_named(std::string_view name);

}  // namespace aiperf::plot
