#include "export/console_table.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

ConsoleTable small_table() {
  ConsoleTable t;
  t.title = "T";
  t.columns = {{"Metric", Justify::right, "36"}, {"avg", Justify::right, "32"}};
  t.rows = {{"A (ms)", "1.00"}, {"Long\n(u)", "N/A"}};
  return t;
}

TEST(ConsoleTable, DrawsHeavyHeadBoxWithRightJustifiedCells) {
  EXPECT_EQ(render_table(small_table(), 140, false),
            "        T        \n"
            "┏━━━━━━━━┳━━━━━━┓\n"
            "┃ Metric ┃  avg ┃\n"
            "┡━━━━━━━━╇━━━━━━┩\n"
            "│ A (ms) │ 1.00 │\n"
            "│   Long │  N/A │\n"
            "│    (u) │      │\n"
            "└────────┴──────┘\n");
}

TEST(ConsoleTable, LeftJustifiedColumnPadsOnTheRight) {
  ConsoleTable t;
  t.columns = {{"Type", Justify::left, ""}, {"Count", Justify::right, ""}};
  t.rows = {{"Bad", "1,234"}};
  EXPECT_EQ(render_table(t, 140, false),
            "┏━━━━━━┳━━━━━━━┓\n"
            "┃ Type ┃ Count ┃\n"
            "┡━━━━━━╇━━━━━━━┩\n"
            "│ Bad  │ 1,234 │\n"
            "└──────┴───────┘\n");
}

TEST(ConsoleTable, ColourWrapsCellsInSgrCodes) {
  std::string out = render_table(small_table(), 140, true);
  EXPECT_NE(out.find("\x1b[36m A (ms) \x1b[0m"), std::string::npos);
  EXPECT_NE(out.find("\x1b[32m 1.00 \x1b[0m"), std::string::npos);
  EXPECT_NE(out.find("\x1b[1;36m Metric \x1b[0m"), std::string::npos);
  EXPECT_EQ(render_table(small_table(), 140, false).find('\x1b'), std::string::npos);
}

TEST(ConsoleTable, TooWideTableWrapsItsWidestColumn) {
  ConsoleTable t;
  t.columns = {{"Code", Justify::right, ""}, {"Message", Justify::left, ""}};
  t.rows = {{"500", "the quick brown fox jumps over the lazy dog"}};
  std::string out = render_table(t, 30, false);
  EXPECT_EQ(out,
            "┏━━━━━━┳━━━━━━━━━━━━━━━━━━━━━┓\n"
            "┃ Code ┃ Message             ┃\n"
            "┡━━━━━━╇━━━━━━━━━━━━━━━━━━━━━┩\n"
            "│  500 │ the quick brown fox │\n"
            "│      │ jumps over the lazy │\n"
            "│      │ dog                 │\n"
            "└──────┴─────────────────────┘\n");
}

TEST(ConsoleTable, FoldsWordsLongerThanTheColumn) {
  ConsoleTable t;
  t.columns = {{"M", Justify::left, ""}};
  t.rows = {{"abcdefghij"}};
  EXPECT_EQ(render_table(t, 8, false),
            "┏━━━━━━┓\n"
            "┃ M    ┃\n"
            "┡━━━━━━┩\n"
            "│ abcd │\n"
            "│ efgh │\n"
            "│ ij   │\n"
            "└──────┘\n");
}

TEST(ConsoleTable, ControlCharactersCannotBreakTheBox) {
  ConsoleTable t;
  t.columns = {{"M", Justify::left, ""}};
  t.rows = {{"a\r\tb\x1b"}};
  EXPECT_EQ(render_table(t, 140, false),
            "┏━━━━━━━━━━━━┓\n"
            "┃ M          ┃\n"
            "┡━━━━━━━━━━━━┩\n"
            "│ a       b? │\n"
            "└────────────┘\n");
}

TEST(ConsoleTable, DisplayWidthCountsCodePoints) {
  EXPECT_EQ(display_width("abc"), 3);
  EXPECT_EQ(display_width("°C"), 2);
  EXPECT_EQ(display_width("━━"), 2);
}

}  // namespace
}  // namespace aiperf
