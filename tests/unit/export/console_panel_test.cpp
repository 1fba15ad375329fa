#include "export/console_panel.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(ConsolePanel, FillsTheWidthWithTitleInTheTopBorderAndWrapsText) {
  EXPECT_EQ(render_panel({"Note", "one two three four five six\nseven"}, 24, false),
            "╭──────── Note ────────╮\n"
            "│ one two three four   │\n"
            "│ five six             │\n"
            "│ seven                │\n"
            "╰──────────────────────╯\n");
}

TEST(ConsolePanel, LongWordsFoldAndColourOnlyWhenAsked) {
  std::string out = render_panel({"", "abcdefghij"}, 8, false);
  EXPECT_EQ(out,
            "╭──────╮\n"
            "│ abcd │\n"
            "│ efgh │\n"
            "│ ij   │\n"
            "╰──────╯\n");
  EXPECT_EQ(out.find('\x1b'), std::string::npos);
  EXPECT_NE(render_panel({"T", "x"}, 20, true).find("\x1b[33m"), std::string::npos);
}

}  // namespace
}  // namespace aiperf
