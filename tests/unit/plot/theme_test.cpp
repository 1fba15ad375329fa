#include "plot/theme.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace aiperf::plot {
namespace {

// WCAG relative luminance and contrast ratio.
double luminance(Rgb c) {
  auto channel = [](uint8_t v) {
    const double s = v / 255.0;
    return s <= 0.03928 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

double contrast(Rgb a, Rgb b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

bool same(Rgb a, Rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

bool in_palette(const Theme& t, Rgb c) {
  return std::any_of(t.palette.begin(), t.palette.end(), [&](Rgb p) { return same(p, c); });
}

TEST(Theme, NamesAndBackgrounds) {
  const Theme& light = theme_named("light");
  const Theme& dark = theme_named("dark");
  EXPECT_EQ(light.name, "light");
  EXPECT_EQ(dark.name, "dark");
  EXPECT_GT(luminance(light.background), 0.9);
  EXPECT_LT(luminance(dark.background), 0.02);
  EXPECT_GE(contrast(light.foreground, light.background), 10);
  EXPECT_GE(contrast(dark.foreground, dark.background), 10);
  EXPECT_GE(contrast(light.muted, light.background), 4.5);
  EXPECT_GE(contrast(dark.muted, dark.background), 4.5);
}

TEST(Theme, BothUseOkabeIto) {
  for (const char* name : {"light", "dark"}) {
    const Theme& t = theme_named(name);
    for (Rgb c : {Rgb{0xE6, 0x9F, 0x00}, Rgb{0x56, 0xB4, 0xE9}, Rgb{0x00, 0x9E, 0x73}, Rgb{0xF0, 0xE4, 0x42},
                  Rgb{0x00, 0x72, 0xB2}, Rgb{0xD5, 0x5E, 0x00}, Rgb{0xCC, 0x79, 0xA7}}) {
      EXPECT_TRUE(in_palette(t, c)) << name << " lacks " << int(c.r) << "," << int(c.g) << "," << int(c.b);
    }
  }
  EXPECT_FALSE(in_palette(theme_named("dark"), Rgb{0, 0, 0}));  // black is invisible there
}

TEST(Theme, FirstColoursReadWellOnTheirBackground) {
  for (const char* name : {"light", "dark"}) {
    const Theme& t = theme_named(name);
    EXPECT_GE(contrast(t.palette[0], t.background), 4.5) << name;
    for (std::size_t i = 1; i < 4; ++i) {
      EXPECT_GE(contrast(t.palette[i], t.background), 2.0) << name << " colour " << i;
    }
  }
  // Yellow on white is the poorest pairing: it comes last.
  EXPECT_TRUE(same(theme_named("light").palette.back(), Rgb{0xF0, 0xE4, 0x42}));
}

TEST(Theme, UnknownNameNamesTheAcceptedOnes) {
  try {
    theme_named("solarized");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("solarized"), std::string::npos);
    EXPECT_NE(what.find("light"), std::string::npos);
    EXPECT_NE(what.find("dark"), std::string::npos);
  }
}

}  // namespace
}  // namespace aiperf::plot
