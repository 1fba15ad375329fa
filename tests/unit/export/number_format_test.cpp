#include "export/number_format.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(NumberFormat, GroupsThousandsWithTwoDecimals) {
  EXPECT_EQ(format_grouped_2f(1234.5), "1,234.50");
  EXPECT_EQ(format_grouped_2f(0), "0.00");
  EXPECT_EQ(format_grouped_2f(999.999), "1,000.00");
  EXPECT_EQ(format_grouped_2f(1234567.891), "1,234,567.89");
  EXPECT_EQ(format_grouped_2f(-1234.5), "-1,234.50");
  EXPECT_EQ(format_grouped_2f(123456), "123,456.00");
}

TEST(NumberFormat, StatCellShowsNAForMissingAndNonFinite) {
  EXPECT_EQ(format_stat_cell(std::nullopt), "N/A");
  EXPECT_EQ(format_stat_cell(std::numeric_limits<double>::quiet_NaN()), "N/A");
  EXPECT_EQ(format_stat_cell(std::numeric_limits<double>::infinity()), "N/A");
  EXPECT_EQ(format_stat_cell(3077.3), "3,077.30");
}

TEST(NumberFormat, GroupedIntegers) {
  EXPECT_EQ(format_grouped_int(0), "0");
  EXPECT_EQ(format_grouped_int(999), "999");
  EXPECT_EQ(format_grouped_int(1000), "1,000");
  EXPECT_EQ(format_grouped_int(1234567), "1,234,567");
  EXPECT_EQ(format_grouped_int(-1234), "-1,234");
}

TEST(NumberFormat, FixedLikePython) {
  EXPECT_EQ(format_fixed_2f(2.675), "2.67");  // binary value is below .675, as Python rounds
  EXPECT_EQ(format_fixed_2f(250), "250.00");
  EXPECT_EQ(format_fixed_2f(std::nan("")), "nan");
  EXPECT_EQ(format_fixed_2f(-std::numeric_limits<double>::infinity()), "-inf");
}

TEST(NumberFormat, IntegralCheck) {
  EXPECT_TRUE(is_integral(250.0));
  EXPECT_TRUE(is_integral(-3.0));
  EXPECT_FALSE(is_integral(250.5));
  EXPECT_FALSE(is_integral(std::nan("")));
  EXPECT_FALSE(is_integral(1e300));
}

}  // namespace
}  // namespace aiperf
