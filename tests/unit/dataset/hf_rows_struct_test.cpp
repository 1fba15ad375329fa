// HF rows from Parquet struct columns (Audio / Image features) as JSON objects, read from the
// file DuckDB wrote (tests/fixtures/parquet/make_struct_columns.sh).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dataset/public/hf_rows.h"

namespace aiperf {
namespace {

using json = nlohmann::json;

TEST(HfRowsStruct, StructsBecomeObjectsAndListsOfStructsArrays) {
  const std::string file = std::string(AIPERF_TEST_FIXTURES_DIR) + "/parquet/struct_columns.parquet";
  std::vector<json> rows;
  std::vector<std::string> wheres;
  for_each_hf_row({file}, {"id", "audio", "images", "absent"}, "x", [&](const json& v, const std::string& where) {
    rows.push_back(v);
    wheres.push_back(where);
  });
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(wheres[1], file + ", row 2");
  EXPECT_EQ(rows[0]["id"], 0);
  EXPECT_EQ(rows[0]["audio"], (json{{"bytes", std::string("\x00\xFF\x10", 3)}, {"path", "a0.flac"}}));
  EXPECT_EQ(rows[0]["images"], (json::array({json{{"bytes", "\x89PNG"}, {"path", "i0.png"}}, nullptr,
                                             json{{"bytes", nullptr}, {"path", "i2.png"}}})));
  EXPECT_TRUE(rows[1]["audio"].is_null());
  EXPECT_TRUE(rows[1]["images"].is_null());
  EXPECT_EQ(rows[2]["audio"], (json{{"bytes", nullptr}, {"path", "a2.flac"}}));
  EXPECT_EQ(rows[2]["images"], json::array());
  EXPECT_EQ(rows[3]["images"], (json::array({json{{"bytes", "\xFF\xD8"}, {"path", nullptr}}})));
  EXPECT_FALSE(rows[0].contains("absent"));
}

}  // namespace
}  // namespace aiperf
