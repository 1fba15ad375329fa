#include "plot/theme.h"

#include <stdexcept>
#include <string>

namespace aiperf::plot {
namespace {

// Okabe–Ito, by name.
constexpr Rgb kOrange{0xE6, 0x9F, 0x00};
constexpr Rgb kSkyBlue{0x56, 0xB4, 0xE9};
constexpr Rgb kBluishGreen{0x00, 0x9E, 0x73};
constexpr Rgb kYellow{0xF0, 0xE4, 0x42};
constexpr Rgb kBlue{0x00, 0x72, 0xB2};
constexpr Rgb kVermillion{0xD5, 0x5E, 0x00};
constexpr Rgb kReddishPurple{0xCC, 0x79, 0xA7};
constexpr Rgb kBlack{0x00, 0x00, 0x00};
constexpr Rgb kLightGrey{0xCF, 0xCF, 0xCF};  // stands in for black on the dark background

Theme make_light() {
  Theme t;
  t.name = "light";
  t.background = {0xFF, 0xFF, 0xFF};
  t.foreground = {0x1F, 0x1F, 0x1F};
  t.muted = {0x5C, 0x5C, 0x5C};
  t.grid = {0xE4, 0xE4, 0xE4};
  t.neutral = {0xA6, 0xA6, 0xA6};
  // Strong, dark colours first; yellow (about 1.2:1 against white) only when seven are in use.
  t.palette = {kBlue, kOrange, kBluishGreen, kVermillion, kReddishPurple, kSkyBlue, kBlack, kYellow};
  return t;
}

Theme make_dark() {
  Theme t;
  t.name = "dark";
  t.background = {0x16, 0x16, 0x16};
  t.foreground = {0xE8, 0xE8, 0xE8};
  t.muted = {0xA8, 0xA8, 0xA8};
  t.grid = {0x33, 0x33, 0x33};
  t.neutral = {0x78, 0x78, 0x78};
  // Bright colours first; the dark blue (about 3:1 against near-black) late.
  t.palette = {kOrange, kSkyBlue, kBluishGreen, kYellow, kReddishPurple, kVermillion, kLightGrey, kBlue};
  return t;
}

}  // namespace

const Theme& theme_named(std::string_view name) {
  static const Theme light = make_light();
  static const Theme dark = make_dark();
  if (name == "light") return light;
  if (name == "dark") return dark;
  throw std::invalid_argument("unknown theme '" + std::string(name) + "': expected 'light' or 'dark'");
}

}  // namespace aiperf::plot
